/**
 * Hosted database and app platforms' CLIs (docs/adr/0393): `supabase projects delete`, `neonctl branches delete`,
 * `turso db destroy` and `koyeb app delete` end a project, a database or an app as the big clouds' deletes do;
 * `neonctl connection-string`, `turso db tokens create` and `koyeb secrets reveal` print a credential. Local work
 * (`supabase start`, `supabase functions serve`) stays a write; deploys cost and publish like the clouds' (SPEND).
 */
import { fx, type Program, type Rule } from "./types.ts";

const READ = fx("READ", ["read_external"], "cloud");
const DESTROY = fx("DESTRUCTIVE", ["write_external"], "cloud");
const SECRET = fx("SECURITY", ["credential_access", "read_external"], "cloud", "credentials");

export const DEV_PLATFORMS: readonly Program[] = [
  {
    names: ["supabase", "neonctl", "neon", "turso", "koyeb", "render", "northflank", "qovery", "appwrite"],
    values: ["--project-ref", "--project-id", "-o", "--output", "--org", "--org-id", "--region"],
    base: fx("WRITE", ["write_external"], "cloud"),
    rules: [
      { word: ["connection-string", "reveal"], then: SECRET },
      { sub: ["db", "tokens", "create"], then: SECRET },
      { sub: ["auth", "token"], then: SECRET },
      { sub: ["auth", "api-tokens", "mint"], then: SECRET },
      {
        word: ["delete", "destroy", "remove", "rm", "drop", "purge", "wipe", "reset", "terminate", "pause", "suspend"],
        then: DESTROY,
      },
      { sub: ["secrets", "list"], then: READ },
      ...[
        "list",
        "ls",
        "show",
        "get",
        "status",
        "logs",
        "info",
        "whoami",
        "describe",
        "inspect",
        "--version",
        "help",
      ].map((w): Rule => ({ word: [w], then: READ })),
      { word: ["deploy", "publish"], then: fx("EXPENSIVE", ["write_external"], "cloud") },
    ],
  },
  // The Jenkins CLI (`java -jar jenkins-cli.jar -s URL …`, docs/adr/0483): a job built does whatever the job does,
  // deployments included, with the server's credentials, as `gh workflow run` does; Groovy runs on the controller.
  {
    names: ["jenkins-cli"],
    values: ["-s", "-auth", "-i", "-bearer", "-user"],
    base: fx("WRITE", ["write_external"], "ci"),
    rules: [
      { sub: ["build"], then: fx("EXPENSIVE", ["write_external", "execute"], "network", "ci") },
      { wordPrefix: ["delete-"], then: fx("DESTRUCTIVE", ["write_external"], "ci") },
      {
        word: ["shutdown", "safe-shutdown", "restart", "safe-restart"],
        then: fx("DESTRUCTIVE", ["write_external"], "ci"),
      },
      { word: ["groovy", "groovysh"], then: fx("SECURITY", ["write_external", "execute"], "ci", "remote-code") },
      ...["list-jobs", "get-job", "console", "who-am-i", "version", "help"].map(
        (w): Rule => ({ sub: [w], then: fx("READ", ["read_external"], "ci") }),
      ),
    ],
  },
];
