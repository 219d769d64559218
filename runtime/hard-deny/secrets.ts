/**
 * credential-read: secrets read by other means than a credential path (the credentials stage judges
 * paths). Secret-store CLIs that print a secret (`gh auth token`, `security find-generic-password -w`,
 * `kubectl get secret -o yaml`…); another process's environment (/proc/<pid>/environ); a secret-named
 * variable printed (`printenv GITHUB_TOKEN`, `echo $API_KEY`); the whole environment sent to a network
 * client (`env | curl -d @- …`, or `curl -H "X: $(env)" …`). Bare `env`/`printenv` are not hits: they are everyday debugging and show
 * the agent its own environment (ADR 0098).
 */
import type { SimpleCommand } from "../shell/index.ts";
import { commandsOf, hasFlag, hasRun, longValues, operands, shown } from "./commands.ts";
import type { Check } from "./types.ts";

/**
 * One word of a variable name that marks it secret: GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY, DB_PASSWORD, API_KEY; or a
 * data store's connection string, which carries its password (`postgres://app:pw@db/app`): DATABASE_URL,
 * REDIS_URL, MONGODB_URI, SENTRY_DSN, SQL_CONNECTION_STRING (docs/adr/0541).
 */
const SECRET_NAME =
  /(?:^|_)(?:TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|API_?KEY|PRIVATE_?KEY|SECRET_?KEY|CREDENTIALS?|DSN|CONN(?:ECTION)?_?STR(?:ING)?)(?:$|_)|(?:^|_)(?:DATABASE|DB|REDIS|MONGO(?:DB)?|POSTGRES(?:QL)?|PG|MYSQL|MARIADB|AMQP|RABBITMQ|BROKER|CACHE|ELASTICSEARCH|OPENSEARCH)_UR[LI]$/i;
const VARIABLE_REF = /\$\{?([A-Za-z_][A-Za-z0-9_]*)/g;
/** A process's environment or its whole memory: `/proc/1/environ`, a glob over every pid, `/proc/1234/task/5/mem`. */
const PROC_ENVIRON = /^\/proc\/[^/]+\/(?:task\/[^/]+\/)?(?:environ|mem)$/;
const NETWORK_CLIENTS = new Set([
  "curl",
  "wget",
  "nc",
  "ncat",
  "netcat",
  "socat",
  "telnet",
  "ssh",
  "scp",
  "sftp",
  "http",
  "https",
  "xh",
  "aria2c",
  "ftp",
  "mail",
  "sendmail",
  "mutt",
]);

export const credentialRead: Check = (op) => {
  const environ = op.paths.find(
    (a) => a.mode === "read" && (PROC_ENVIRON.test(a.path) || PROC_ENVIRON.test(a.lexical ?? a.path)),
  );
  if (environ !== undefined) return `reads a process's environment or memory (${environ.path})`;
  const commands = commandsOf(op);
  for (const cmd of commands) {
    if (secretStore(cmd)) return `${shown(cmd)} prints a stored secret`;
    const named = [...cmd.args, ...cmd.redirects.map((r) => r.target ?? "")].find((a) => PROC_ENVIRON.test(a));
    if (named !== undefined) return `reads a process's environment or memory (${named})`;
    const variable = printedSecret(cmd);
    if (variable !== null) return `prints the secret variable ${variable}`;
    if (sendsEnvironment(cmd, commands)) return `sends the environment (${cmd.program}) to a network client`;
  }
  return null;
};

/** Secret-store and cloud CLIs, in the forms that print a secret. */
function secretStore(cmd: SimpleCommand): boolean {
  const w = operands(cmd, [
    "-n",
    "--namespace",
    "--context",
    "--profile",
    "--region",
    "-o",
    "--output",
    "-s",
    "-a",
    "-l",
    "-c",
    "-D",
    "-k",
    "--account",
    "--vault",
    "--format",
    "-f",
    "--field",
  ]);
  switch (cmd.program) {
    case "security":
      return (
        (/^find-(generic|internet)-password$/.test(w[0] ?? "") && hasFlag(cmd, "-w", "-g")) ||
        (w[0] === "dump-keychain" && hasFlag(cmd, "-d"))
      );
    case "gh":
      return hasRun(w, ["auth", "token"]) || (hasRun(w, ["auth", "status"]) && hasFlag(cmd, "-t", "--show-token"));
    case "aws":
      return (
        (hasRun(w, ["configure", "get"]) &&
          w.slice(2).some((k) => /secret|session_token|access_key(?!_id)/i.test(k))) ||
        hasRun(w, ["configure", "export-credentials"])
      );
    case "gcloud":
      return w.some((x) => x === "print-access-token" || x === "print-identity-token" || x === "print-refresh-token");
    case "az":
      return hasRun(w, ["account", "get-access-token"]);
    case "kubectl":
    case "oc":
      return kubectlSecret(cmd, w);
    case "gpg":
    case "gpg2":
      return hasFlag(cmd, "--export-secret-keys", "--export-secret-subkeys");
    case "pass":
    case "gopass":
      return (
        w[0] === "show" ||
        (w.length === 1 &&
          ![
            "ls",
            "list",
            "find",
            "search",
            "grep",
            "init",
            "git",
            "generate",
            "insert",
            "edit",
            "rm",
            "mv",
            "cp",
          ].includes(w[0]!))
      );
    case "op":
      return w[0] === "read" || (hasRun(w, ["item", "get"]) && hasFlag(cmd, "--reveal"));
    case "vault":
      return hasRun(w, ["kv", "get"]) || w[0] === "read";
    case "git":
      return hasRun(w, ["credential", "fill"]) || (/^credential-/.test(w[0] ?? "") && w.includes("get"));
    case "heroku":
      return w[0] === "auth:token";
    // The account databases' password hashes (ADR 0434): `getent shadow` is `cat /etc/shadow`.
    case "getent":
      return w[0] === "shadow" || w[0] === "gshadow";
    // Wi-Fi keys and VPN secrets NetworkManager keeps: `nmcli -s connection show X`, `nmcli dev wifi show-password`.
    case "nmcli":
      return (
        (hasFlag(cmd, "-s", "--show-secrets") && w.some((x) => /^(?:s|sh|sho|show)$/.test(x))) ||
        w.some((x) => x === "show-password")
      );
    case "doppler":
      return hasRun(w, ["secrets", "get"]) || hasRun(w, ["secrets", "download"]);
    default:
      // A credential helper asked for the secret it stores, as git does (`docker-credential-desktop get`,
      // `git-credential-osxkeychain get`): the protocol's answer is the password (ADR 0434).
      return /^(?:docker|git)-credential-/.test(cmd.program) && w.includes("get");
  }
}

/** `kubectl get secret … -o yaml|json|jsonpath=…` and `kubectl config view --raw`; names alone are fine. */
function kubectlSecret(cmd: SimpleCommand, w: readonly string[]): boolean {
  if (hasRun(w, ["config", "view"])) return hasFlag(cmd, "--raw");
  const get = w.indexOf("get");
  if (get < 0 || !w.slice(get + 1).some((x) => /^secrets?(?:$|\/)/.test(x))) return false;
  const output = [...longValues(cmd, "--output"), ...valuesOf(cmd, "-o")];
  return output.some((o) => /^(?:ya?ml|json|jsonpath|go-template|template|custom-columns)/.test(o));
}

/** Values of a short option given as `-o yaml`, `-oyaml` or `-o=yaml`. */
function valuesOf(cmd: SimpleCommand, option: string): readonly string[] {
  const out: string[] = [];
  cmd.args.forEach((a, i) => {
    if (a === option) out.push(cmd.args[i + 1] ?? "");
    else if (a.startsWith(option)) out.push(a.slice(option.length).replace(/^=/, ""));
  });
  return out;
}

/**
 * `printenv GITHUB_TOKEN`, `echo "$API_KEY"`, `printf '%s' "url=$DATABASE_URL"`, `cat <<< "$DATABASE_URL"`: the name
 * of the secret variable printed, or null.
 */
function printedSecret(cmd: SimpleCommand): string | null {
  if (cmd.program === "printenv") return operands(cmd).find((n) => SECRET_NAME.test(n)) ?? null;
  // Only a word the shell expands: `echo 'costs $DATABASE_URL'` prints the name, not the value.
  const printed = PRINTERS.has(cmd.program)
    ? (cmd.unknownArgs ?? []).map((i) => cmd.args[i] ?? "")
    : cmd.program === "cat"
      ? cmd.redirects.filter((r) => r.mode === "herestring" && r.dynamic).map((r) => r.written ?? "")
      : [];
  for (const a of printed) {
    for (const m of a.matchAll(VARIABLE_REF)) if (SECRET_NAME.test(m[1]!)) return m[1]!;
  }
  return null;
}

const PRINTERS: ReadonlySet<string> = new Set(["echo", "printf"]);

/** `env`/`printenv`/`export -p` dumping everything into a pipeline that reaches a network client. */
function sendsEnvironment(cmd: SimpleCommand, all: readonly SimpleCommand[]): boolean {
  const dumps =
    (cmd.program === "env" && cmd.args.every((a) => a.startsWith("-"))) ||
    (cmd.program === "printenv" && operands(cmd).length === 0) ||
    (["export", "declare", "set"].includes(cmd.program) && cmd.args.every((a) => a === "-p" || a === "-x"));
  if (!dumps) return false;
  // `curl -H "X: $(env | base64)" URL`: the dump, inside a substitution, becomes a network client's argument.
  if (cmd.context.substitution && all.some((c) => NETWORK_CLIENTS.has(c.program) && c.dynamicArgs)) return true;
  const at = cmd.context.pipeline;
  if (at === null) return false;
  const start = all.indexOf(cmd);
  return all.slice(start + 1).some((c) => {
    const p = c.context.pipeline;
    return p !== null && p.length === at.length && p.index > at.index && NETWORK_CLIENTS.has(c.program);
  });
}
