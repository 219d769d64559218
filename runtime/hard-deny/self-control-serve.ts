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
import type { Operation } from "../operation/index.ts";
import { commandsOf } from "./commands.ts";
import type { HardDenyContext } from "./types.ts";

/** `rules serve`'s default port. */
const DEFAULT_PORT = "8787";
const LOOPBACK = String.raw`(?:localhost|127(?:\.\d{1,3}){3}|\[::1\]|\[::ffff:127(?:\.\d{1,3}){3}\]|0\.0\.0\.0|0)`;
/** The endpoints that act: the hook (forged events), an answer to a held approval, the UI's one-time login, the what-if (reads a file). */
const ENDPOINT = /\/v1\/hooks\/claude-code|\/api\/approvals\/|\/login\?once=|\/api\/sessions\/[^\s/]*\/what-if/;
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
  for (const p of op.paths) if (DEV_TCP.test(p.path)) return `opens ${p.path}, rulegate serve's loopback port`;
  for (const f of op.shell?.findings ?? []) {
    if (f.kind !== "interpreter-code" || f.code.length > 65_536) continue;
    if (ENDPOINT.test(f.code) || LOOPBACK_DEFAULT_PORT.test(f.code))
      return `a ${f.language} one-liner reaches rulegate serve`;
  }
  return null;
}

function tokenFile(op: Operation, ctx: HardDenyContext): string | null {
  const homes = [join(ctx.home, ".rulegate"), ...(ctx.ownDirs ?? [])];
  const userSettings = join(ctx.home, ".claude", "settings.json");
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

function verb(mode: string): string {
  return mode === "read" ? "reads" : "touches";
}

function endpointName(text: string): string {
  if (text.includes("/v1/hooks/")) return "hook endpoint";
  if (text.includes("/login?once=")) return "UI login";
  if (text.includes("/what-if")) return "what-if";
  return "approval answers";
}
