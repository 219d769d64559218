import { ownEntry } from "../../core/index.ts";
/**
 * rulegate-self-control, the `rules serve` part (ADR 0184): a call that reads the server's token, or that talks
 * to the server. The token is the real lock (every endpoint needs it), so the check keeps the agent from the
 * places it is kept: `serve.json` in rulegate's home (`~/.rulegate`, or a custom `$RULEGATE_HOME` among the
 * session's own directories), and the Claude Code settings files the HTTP hook is installed in with it
 * (`.claude/settings.local.json`, `~/.claude/settings.json`). And, as a second lock, the server itself: its
 * default port on a loopback address, or its approval and hook endpoints on any port, in any word of a command
 * (a URL, a raw request piped to `nc`) or an interpreter's code, or a web fetch.
 * Static text only: the verdict re-derives in a replay on another machine, whatever port ran then.
 */
import { basename, dirname, join } from "node:path";
import picomatch from "picomatch";
import type { Operation } from "../operation/index.ts";
import { commandsOf, findingsOf } from "./commands.ts";
import type { HardDenyContext } from "./types.ts";

/** `rules serve`'s default port. */
const DEFAULT_PORT = "8787";
const LOOPBACK = String.raw`(?:localhost|127(?:\.\d{1,3}){3}|\[::1\]|\[::ffff:127(?:\.\d{1,3}){3}\]|0\.0\.0\.0|0)`;
/**
 * The endpoints that act: the hook (forged events), a held approval asked for (`rules mcp-proxy`'s) or answered, the
 * UI's one-time login, the what-if (reads a file).
 */
const ENDPOINT =
  /\/v1\/hooks\/claude-code|\/v1\/approvals(?:[/?#]|$)|\/api\/approvals\/|\/login\?once=|\/api\/sessions\/[^\s/]*\/what-if/;
const LOOPBACK_DEFAULT_PORT = new RegExp(String.raw`(?:^|[/@\s'"=])${LOOPBACK}:${DEFAULT_PORT}(?:$|[/\s'"?#])`, "i");
/** `nc 127.0.0.1 8787`, `socat - TCP:localhost:8787`, `/dev/tcp/127.0.0.1/8787`. */
const RAW_SOCKET = new Set(["nc", "ncat", "netcat", "socat", "telnet"]);
const LOOPBACK_WORD = new RegExp(String.raw`^${LOOPBACK}$`, "i");
const DEV_TCP = new RegExp(String.raw`^/dev/(?:tcp|udp)/${LOOPBACK}/${DEFAULT_PORT}$`, "i");

export function serveControl(op: Operation, ctx: HardDenyContext): string | null {
  const token = tokenFile(op, ctx);
  if (token !== null) return token;
  for (const url of op.urls) {
    if (ENDPOINT.test(url)) return `reaches rulegate serve's ${endpointName(url)} (${url})`;
    if (LOOPBACK_DEFAULT_PORT.test(url)) return `reaches rulegate serve on its loopback port (${url})`;
  }
  for (const cmd of commandsOf(op)) {
    const words = [...cmd.args, cmd.stdin?.text ?? ""];
    const endpoint = words.find((w) => ENDPOINT.test(w));
    if (endpoint !== undefined) return `${cmd.program} reaches rulegate serve's ${endpointName(endpoint)}`;
    if (words.some((w) => LOOPBACK_DEFAULT_PORT.test(` ${w} `)))
      return `${cmd.program} reaches rulegate serve on its loopback port`;
    const raw = RAW_SOCKET.has(cmd.program) && cmd.args.some((a) => LOOPBACK_WORD.test(a) || /[:,]/.test(a));
    if (raw && cmd.args.some((a) => a === DEFAULT_PORT || a.endsWith(`:${DEFAULT_PORT}`)))
      return `${cmd.program} opens a socket to rulegate serve's loopback port`;
  }
  const control = controlRequest(op);
  if (control !== null) return control;
  for (const p of op.paths) if (DEV_TCP.test(p.path)) return `opens ${p.path}, rulegate serve's loopback port`;
  for (const f of findingsOf(op)) {
    if (f.kind !== "interpreter-code" || f.code.length > 65_536) continue;
    if (ENDPOINT.test(f.code) || LOOPBACK_DEFAULT_PORT.test(f.code))
      return `a ${f.language} one-liner reaches rulegate serve`;
  }
  return null;
}

function tokenFile(op: Operation, ctx: HardDenyContext): string | null {
  const homes = [join(ctx.home, ".rulegate"), ...(ctx.ownDirs ?? [])];
  const userSettings = join(ctx.home, ".claude", "settings.json");
  const tokens = [...homes.map((h) => join(h, "serve.json")), userSettings];
  for (const p of op.paths) {
    if (p.mode !== "read" || p.metadata === true) continue;
    const within = wholeTreeOf(p.path, p.recursive === true, tokens);
    if (within !== null) return `reads ${p.path}, which takes in ${within}, where rulegate serve's token is kept`;
  }
  for (const p of op.paths) {
    const name = basename(p.path);
    if (name === "serve.json" && homes.includes(dirname(p.path)))
      return `${verb(p.mode)} ${p.path}, which holds rulegate serve's token`;
    const settings =
      (name === "settings.local.json" && basename(dirname(p.path)) === ".claude") || p.path === userSettings;
    // Writing these is rulegate-config-edit's (the hooks in them); reading is what gives the token away.
    if (settings && p.mode === "read")
      return `${verb(p.mode)} ${p.path}, where the HTTP hook keeps rulegate serve's token`;
  }
  return null;
}

/**
 * A read that takes in a token file without naming it (docs/adr/0327): a tree read of the directory that holds one
 * (`grep -r token ~/.claude`, `tar c ~/.rulegate`; a read of the whole home is credentials' already), or a glob
 * that can match one (`cat ~/.rulegate/*`). The
 * project's own `.claude/settings.local.json` counts from its `.claude` folder down: a search of the whole
 * project is everyday work.
 */
function wholeTreeOf(path: string, recursive: boolean, tokens: readonly string[]): string | null {
  const glob = /[*?[]/.test(path);
  if (!recursive && !glob) return null;
  const local = basename(path) === ".claude" || basename(dirname(path)) === ".claude" || path.includes("/.claude/");
  const head = path.split(/\/[^/]*[*?[]/)[0] ?? path;
  const candidates = local
    ? [...tokens, join(head.replace(/\/\.claude(?:\/.*)?$/, ""), ".claude", "settings.local.json")]
    : tokens;
  const matches = glob ? picomatch(recursive ? [path, `${path}/**`] : path, { dot: true }) : null;
  for (const t of candidates) {
    if (matches !== null ? matches(t) : dirname(t) === path.replace(/\/+$/, "")) return t;
  }
  return null;
}

/** A path on a local server that turns a gate or a guard off, or answers for it (`/mode`, `/api/disable`, `/approve`). */
const CONTROL_PATH =
  /^\/(?:[^?#]*\/)?(?:mode|modes|disable|enable|bypass|shutdown|approve|approvals?|allow|permissions?|hooks?|gate|rulegate|safety|guard|policy|policies|rules|off|pause|override|settings)(?:[/?#.]|$)/i;
/** A loopback URL, with httpie's `:PORT/path` shorthand for localhost. */
const LOOPBACK_URL = new RegExp(String.raw`^(?:(?:https?://)?${LOOPBACK}(?::\d+)?|:\d+)(/[^\s]*)?$`, "i");
/** HTTP clients and how they say a request changes something. */
const SENDS: Readonly<Record<string, RegExp>> = {
  curl: /^(?:-d|--data(?:-\w+)?|--json|-F|--form(?:-string)?|-T|--upload-file|-X(?!\s*(?:GET|HEAD)$)|--request(?!\s*(?:GET|HEAD)$))/i,
  wget: /^--(?:post-data|post-file|body-data|body-file|method)/,
  http: /^(?:POST|PUT|PATCH|DELETE)$|^[\w.-]+:?=/,
  https: /^(?:POST|PUT|PATCH|DELETE)$|^[\w.-]+:?=/,
  xh: /^(?:POST|PUT|PATCH|DELETE|post|put|patch|delete)$|^[\w.-]+:?=/,
};

/**
 * A request that changes something on a local server, on any port, at a path that controls a gate
 * (docs/adr/0327): `rules serve` may listen on any port, and a guard reached by guessing is still the guard.
 */
function controlRequest(op: Operation): string | null {
  for (const cmd of commandsOf(op)) {
    const sends = ownEntry(SENDS, cmd.program);
    if (sends === undefined) continue;
    const changes = cmd.args.some(
      (a, i) => sends.test(a) || (a === "-X" && !/^(?:GET|HEAD)$/i.test(cmd.args[i + 1] ?? "")),
    );
    if (!changes) continue;
    for (const a of cmd.args) {
      const path = LOOPBACK_URL.exec(a)?.[1];
      if (path !== undefined && CONTROL_PATH.test(path))
        return `${cmd.program} changes a local server's controls (${a})`;
    }
  }
  return null;
}

function verb(mode: string): string {
  return mode === "read" ? "reads" : "touches";
}

function endpointName(text: string): string {
  if (text.includes("/v1/hooks/")) return "hook endpoint";
  if (text.includes("/login?once=")) return "UI login";
  if (text.includes("/what-if")) return "what-if";
  return "approval answers";
}
