/**
 * Certificate and verification checks switched off by a setting's or an option's own name, whatever the tool
 * (docs/adr/0485): `az config set core.disable_connection_verification=true`, `cargo config set http.check-revoke
 * false`, `svn checkout --trust-server-cert-failures=unknown-ca`, `cargo --config http.check-revoke=false`,
 * `mvn -Dmaven.wagon.http.ssl.insecure=true`, `docker run -e NODE_TLS_REJECT_UNAUTHORIZED=0`. Listing each tool's key
 * never ends; the names say what they do: a check (`verify`, `check-revoke`, `strict-ssl`) set to an off value, a
 * switch that disables one (`disable_*_verification`, `skip-tls-verify`, `insecure`) set on, or a trust of what
 * failed (`trust-server-cert`, `allow-invalid-certificates`).
 */
import type { SimpleCommand } from "../shell/index.ts";
import { operands } from "./commands.ts";

/**
 * Where a name was found. An option or a variable needs a TLS word (`--no-verify` skips git's hooks, `SKIP_VERIFY=1`
 * is a script's own); a stored tool setting may name any verification (`core.disable_connection_verification`).
 */
type Scope = "option" | "setting";

const OFF = /^(?:false|0|no|off|none|disabled?|never|ignore|skip|n|)$/i;
/** A negated form of the same name is the safe spelling: `HOMEBREW_NO_INSECURE_REDIRECT=1`. */
const INSECURE = /(?:^|-)(?<!no-)insecure(?:-|$)/;
const NEGATES = /(?:^|-)(?:no|skip|disabled?|ignore|unsafely|unsafe|without|dont|bypass)(?:-|$)/;
const TLS = /ssl|tls|https|cert|x509|revo/;
const VERIFICATION = /verif|validat|revo/;
const CHECK = /verif|validat|check|strict|revo|reject-unauthorized|errors?(?:-|$)/;
/** What a trust-anyway option accepts: `--trust-server-cert-failures`, `--tls-allow-invalid-hostnames`. */
const TRUSTS = /(?:^|-)(?:trust|allow|accept|permit)-(?:[a-z0-9]+-)*?(?:certs?|certificates?|hostnames?)(?:-|$)/;
const TRUSTED_FAILURE = /(?:^|-)(?:invalid|self|untrusted|unknown|any|all|server|bad|expired|unverified)-/;

/** Words that are text for the program, not its options: `echo --insecure`, `grep -r insecure`. */
const TEXT_PROGRAMS = new Set(["echo", "printf", "grep", "egrep", "fgrep", "rg", "ag", "ack", "man", "tldr", "which"]);
/** Options whose value is a `KEY=VALUE` setting of the tool, or a variable for what it starts. */
const SETTING_OPTIONS = new Set(["-c", "--config", "--conf", "--config-option", "--setting", "--define", "--set"]);
const VARIABLE_OPTIONS = new Set(["-e", "--env", "--build-arg", "--set-env-vars", "--update-env-vars"]);
/** A setting's name, not code given to `-c`/`-e` (`python -c 'verify=False; …'`). */
const KEY = /^[\w./:@-]+$/;
/** Verbs that store a tool's own settings: `cargo config set`, `aws configure set`, `conda config --set`. */
const CONFIG_VERBS = new Set(["config", "configure", "conf", "settings", "setting"]);

/** A name split into lower-case words joined by `-`: `sslVerify`, `ssl_verify`, `http.ssl-verify` alike. */
function words(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The name (with the value it is given, if any) turns a certificate or verification check off. */
export function switchesCheckOff(name: string, value: string | undefined, scope: Scope): boolean {
  const n = words(name);
  const off = value !== undefined && OFF.test(value.trim());
  if (INSECURE.test(n)) return !off;
  if (TRUSTS.test(n) && TRUSTED_FAILURE.test(n.slice(n.search(TRUSTS) + 1))) return !off;
  const subject = TLS.test(n) || (scope === "setting" && VERIFICATION.test(n));
  if (!subject) return false;
  if (NEGATES.test(n)) {
    if (scope === "option" && !CHECK.test(n) && !/(?:^|-)ignore-cert/.test(n)) return false;
    return !off;
  }
  return CHECK.test(n) && off;
}

/** The first name in a command that turns a check off, as written, or null. */
export function checkSwitchedOff(cmd: SimpleCommand): string | null {
  for (const a of cmd.assignments) if (switchesCheckOff(a.name, a.value, "option")) return `${a.name}=${a.value}`;
  if (TEXT_PROGRAMS.has(cmd.program)) return null;
  return fromOptions(cmd) ?? fromConfigVerb(cmd);
}

function fromOptions(cmd: SimpleCommand): string | null {
  // Global options the analysis moved aside (`git -c k=v`, `cargo --config k=v`) are options all the same.
  const args = [...(cmd.droppedOptions ?? []).flatMap((d) => d.split(/\s+/)), ...cmd.args];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") break;
    if (!a.startsWith("-") || a === "-") continue;
    const eq = a.indexOf("=");
    const name = eq < 0 ? a : a.slice(0, eq);
    const inline = eq < 0 ? undefined : a.slice(eq + 1);
    // `-Dkey=value` (java, maven, gradle) is a setting glued to its option.
    if (/^-D[\w.-]+=/.test(a)) {
      if (switchesCheckOff(name.slice(2), inline, "setting")) return a;
      continue;
    }
    const settings = SETTING_OPTIONS.has(name);
    const variables = VARIABLE_OPTIONS.has(name);
    if (settings || variables) {
      const setting = inline ?? args[i + 1] ?? "";
      const [key = "", val] = setting.split(/=(.*)/s);
      if (val !== undefined && KEY.test(key) && switchesCheckOff(key, val, settings ? "setting" : "option"))
        return `${name} ${setting}`;
      continue;
    }
    if (name.length > 2 && switchesCheckOff(name.replace(/^--?/, ""), inline, "option")) return a;
  }
  return null;
}

/** `TOOL [sub] config [set] KEY VALUE` or `KEY=VALUE`: every `KEY=VALUE` word and every adjacent pair is read. */
function fromConfigVerb(cmd: SimpleCommand): string | null {
  const ops = operands(cmd);
  const at = ops.findIndex((w, i) => i <= 3 && CONFIG_VERBS.has(w));
  if (at < 0) return null;
  const rest = ops.slice(at + 1);
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i]!;
    const [key = "", val] = w.split(/=(.*)/s);
    if (val !== undefined) {
      if (switchesCheckOff(key, val, "setting")) return w;
      continue;
    }
    const next = rest[i + 1];
    if (next !== undefined && switchesCheckOff(w, next, "setting")) return `${w} ${next}`;
  }
  return null;
}
