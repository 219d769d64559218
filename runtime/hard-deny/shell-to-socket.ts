/**
 * A shell handed to a socket by a relay nobody described (docs/adr/0551). Netcat has many re-implementations
 * (gs-netcat, rustcat, sbd, powercat, …) and more appear; each takes the program it runs for its peer as an
 * option's value (`sbd -e bash H P`, `rcat connect -s bash H P`). So any program's words are read for the shape:
 * an option whose value is a shell, beside a network endpoint (a host then a port, `HOST:PORT`, or a listen
 * switch with a port). A few relays spell the shell as a switch (gs-netcat's `-i`): they are listed.
 */
import { posix } from "node:path";
import { ownEntry } from "../../core/index.ts";
import type { SimpleCommand } from "../shell/index.ts";
import { shown } from "./commands.ts";

/** Programs run as a shell for whoever is at the other end: the POSIX shells, Windows' shells. */
const SHELL_NAME = /^(?:sh|bash|zsh|dash|ksh|ash|mksh|yash|posh|fish|csh|tcsh|cmd|cmd\.exe|powershell|pwsh)$/i;

/**
 * Relays that reach their peer through a public relay, so their words name no endpoint: gs-netcat (the Global
 * Socket network) hands its shell to whoever knows the secret, from anywhere, with `-i` (an interactive shell) or
 * `-e CMD`. The switches listed here hand a shell by themselves.
 */
const RELAYS: Readonly<Record<string, readonly string[]>> = {
  "gs-netcat": ["-i"],
};

/** Programs that take a shell as an option's value and never hand it to a socket: logins, terminals, multiplexers. */
const LOCAL_SHELL_TAKERS: ReadonlySet<string> = new Set([
  "su",
  "sudo",
  "chsh",
  "useradd",
  "usermod",
  "adduser",
  "tmux",
  "screen",
  "script",
  "xterm",
  "flock",
  "env",
  "ssh",
  "docker",
  "podman",
  "kubectl",
]);

const PORT = /^\d{1,5}$/;
/** A host as an operand: an IPv4 address, a bracketed IPv6 one, `localhost` or a dotted name. */
const HOST = /^(?:\d{1,3}(?:\.\d{1,3}){3}|\[[\da-f:]+\]|localhost|[a-z\d-]+(?:\.[a-z\d-]+)+)$/i;
const HOST_PORT = /^(?:\d{1,3}(?:\.\d{1,3}){3}|\[[\da-f:]+\]|localhost|[a-z\d-]+(?:\.[a-z\d-]+)+)?:\d{1,5}$/i;
const LISTEN = /^(?:-[a-z]*l[a-z]*|--listen|listen|bind|serve|server)$/i;

function shellValue(args: readonly string[]): string | null {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") return null;
    if (!a.startsWith("-")) continue;
    const eq = a.indexOf("=");
    const value = eq > 0 ? a.slice(eq + 1) : args[i + 1];
    if (value !== undefined && SHELL_NAME.test(posix.basename(value.split(/\s+/)[0] ?? ""))) return value;
  }
  return null;
}

/** A host and a port among the operands, a `HOST:PORT`, or a listen switch with a port. */
function endpoint(args: readonly string[]): boolean {
  const words = args.filter((a) => !a.startsWith("-"));
  if (words.some((w) => HOST_PORT.test(w))) return true;
  if (words.some((w, i) => HOST.test(w) && PORT.test(words[i + 1] ?? ""))) return true;
  return args.some((a) => LISTEN.test(a)) && args.some((a) => PORT.test(a));
}

/** The reason this command hands a shell to a socket; null when it does not. */
export function shellToSocket(cmd: SimpleCommand): string | null {
  const name = posix.basename(cmd.program).toLowerCase();
  const relay = ownEntry(RELAYS, name);
  if (relay?.some((s) => cmd.args.includes(s)))
    return `${shown(cmd)} hands an interactive shell to whoever reaches its relay (bind shell)`;
  if (LOCAL_SHELL_TAKERS.has(name) || SHELL_NAME.test(name)) return null;
  const shell = shellValue(cmd.args);
  if (shell === null || (relay === undefined && !endpoint(cmd.args))) return null;
  return `${shown(cmd)} runs ${shell} for a network peer (reverse or bind shell)`;
}
