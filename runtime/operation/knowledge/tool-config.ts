/**
 * Tool settings that run code at a later use, send the tool's traffic (and its token) elsewhere, or hold
 * credentials (docs/adr/0392): the forges' CLIs (`gh config set editor /tmp/x`, `gh alias set co '!curl x|sh'`),
 * rustup's toolchains linked from a directory, kubeconfig servers and exec plugins. Each is the tool-config
 * spelling of what ADRs 0323 and 0326 judge as variables and git settings.
 */
import { fx, type Program, type Rule } from "./types.ts";

/** Stored to run later, or to send the tool's calls elsewhere: SECURITY. */
const RUNS_LATER = fx("SECURITY", ["write_local", "execute"], "config", "runs-program");
const REDIRECT = fx("SECURITY", ["write_local"], "config", "env-redirect");
const TOKEN = fx("SECURITY", ["credential_access"], "credentials");
const FORGE_DESTROY = fx("DESTRUCTIVE", ["write_external"], "network", "git");

/**
 * A program value that is more than a bare name found on the search path or a system binary: a path elsewhere
 * (`/tmp/x`, `~/x`, `./x`), or a command line (`sh -c …`, `x; y`). The usual `code --wait` and `less -R` are not.
 */
const CHOSEN_PROGRAM =
  /^(?!(?:\/usr(?:\/local)?)?\/s?bin\/[\w.+-]+$)(?!(?:code|codium|subl|zed|mate|atom|gedit|kate)\s+(?:-w|--wait)$)(?!less(?:\s+-\S+)*$)(?=[\s\S]*[/\s!$`;|&<>()~])/;
/** Forge CLI keys whose value is a program it starts, or where its API calls (and token) go. */
const FORGE_PROGRAM_KEY = /^(?:editor|browser|pager)$/;
const FORGE_ENDPOINT_KEY = /^(?:http_unix_socket|api_host|api_protocol|host)$/;
/** What an alias expands to that is more than an everyday gh/glab command: deletes, secrets, raw API calls. */
const POWERFUL_EXPANSION =
  /\b(?:delete|archive|rename|transfer|visibility|secrets?|api|auth|token|--admin|release|workflow|ssh-key|gpg-key|extension|--delete-branch)\b/;
/** Config keys holding the token the CLI logs in with. */
const TOKEN_KEY = /^(?:oauth_token|token|job_token|api_token)$/;

/** gh and glab: settings, aliases, tokens shown, a repository renamed or transferred. Before their own rules. */
export const FORGE_CONFIG_RULES: readonly Rule[] = [
  { sub: ["config", "set"], text: FORGE_PROGRAM_KEY, wordText: CHOSEN_PROGRAM, then: RUNS_LATER },
  { sub: ["config", "set"], text: FORGE_ENDPOINT_KEY, then: REDIRECT },
  { sub: ["config", "get"], text: TOKEN_KEY, then: TOKEN },
  { sub: ["auth", "status"], flag: ["-t", "--show-token"], then: TOKEN },
  { sub: ["auth", "token"], then: TOKEN },
  // A `!` alias (or `--shell`) is shell code run at every later use; an import takes aliases from a file unread.
  { sub: ["alias", "set"], flag: ["-s", "--shell"], then: RUNS_LATER },
  { sub: ["alias", "set"], wordText: /^!/, then: RUNS_LATER },
  { sub: ["alias", "set"], wordText: POWERFUL_EXPANSION, then: RUNS_LATER },
  { sub: ["alias", "import"], then: RUNS_LATER },
  // Every clone's remote, every link and every integration names the old path.
  { sub: ["repo", "rename"], then: FORGE_DESTROY },
  { sub: ["repo", "transfer"], then: FORGE_DESTROY },
];

/** A toolchain named by a directory rather than installed by name: its rustc and cargo run for every later build. */
const PATH_LIKE = /^(?:[.~/$]|[A-Za-z]:\\)|\//;

export const TOOLCHAIN_MANAGERS: readonly Program[] = [
  {
    names: ["rustup"],
    values: ["--path", "--toolchain", "--profile", "-c", "--component", "-t", "--target"],
    base: fx("WRITE", ["read_external", "write_local"], "package"),
    rules: [
      // `rustup toolchain link stable /tmp/evil` even takes the name every project builds with.
      { sub: ["toolchain", "link"], then: RUNS_LATER },
      { sub: ["override", "set"], wordText: PATH_LIKE, then: RUNS_LATER },
      { sub: ["override"], wordText: PATH_LIKE, notFlag: ["--path"], then: RUNS_LATER },
      { sub: ["default"], wordText: PATH_LIKE, then: RUNS_LATER },
      { sub: ["self", "uninstall"], then: fx("DESTRUCTIVE", ["write_local"], "package") },
      // A toolchain removed takes every component and target installed into it (docs/adr/0480).
      { sub: ["toolchain", "uninstall"], then: fx("DESTRUCTIVE", ["write_local"], "package") },
      { sub: ["toolchain", "remove"], then: fx("DESTRUCTIVE", ["write_local"], "package") },
      { sub: ["uninstall"], then: fx("DESTRUCTIVE", ["write_local"], "package") },
      ...["show", "which", "--version", "-V", "help", "doc", "check"].map(
        (s): Rule => ({ sub: [s], then: fx("READ", ["read_local"], "package") }),
      ),
      ...["toolchain", "target", "component"].map(
        (s): Rule => ({ sub: [s, "list"], then: fx("READ", ["read_local"], "package") }),
      ),
    ],
  },
];

/**
 * kubeconfig entries: a cluster's server, CA or proxy (every later kubectl talks there, with the user's token), a
 * user's credentials or exec plugin (a program kubectl runs at every call). Switching between contexts stays a write.
 */
export const KUBECONFIG_RULES: readonly Rule[] = [
  { sub: ["config", "set-credentials"], then: fx("SECURITY", ["write_local", "execute"], "cloud", "credentials") },
  {
    sub: ["config", "set-cluster"],
    text: /^--(?:server|certificate-authority|insecure-skip-tls-verify|proxy-url|tls-server-name|embed-certs)(?:=|$)/,
    then: REDIRECT,
  },
  {
    sub: ["config", "set"],
    text: /\.(?:server|exec|auth-provider|token|tokenFile|client-key(?:-data)?|client-certificate(?:-data)?|password|username|insecure-skip-tls-verify|proxy-url|certificate-authority(?:-data)?)(?:\.|$)/,
    then: REDIRECT,
  },
];
