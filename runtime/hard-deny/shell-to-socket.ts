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

/**
 * Launchers that connect or listen, then run their last operands as a program whose descriptors are the socket
 * (UCSPI: `tcpclient HOST PORT PROG…` on fds 6 and 7, `tcpserver HOST PORT PROG…` on 0 and 1; ipsvd's `tcpsvd`).
 */
const LAUNCHERS: ReadonlySet<string> = new Set([
  ...["tcpclient", "tcpserver", "sslclient", "sslserver", "tcpsvd", "udpsvd", "mconnect"],
  ...["s6-tcpclient", "s6-tcpserver", "s6-tcpserver4", "s6-tcpserver6", "s6-tlsclient", "s6-tlsserver"],
]);
/** Programs that, run for a peer, give it a shell: the shells, and interpreters reading code. */
const SHELL_PROGRAM =
  /^(?:sh|bash|zsh|dash|ksh|ash|mksh|yash|posh|fish|csh|tcsh|busybox|python[\d.]*|perl|ruby|php|lua|node)$/i;
/** A listening address a server is given: any address (`0`, `0.0.0.0`, `::`), a name, an IP. */
const LISTEN_HOST = /^(?:0|::|\*|0\.0\.0\.0)$/;

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

/** The program a launcher runs after its HOST PORT operands (`tcpclient H P sh -c …`), when it is a shell; else null. */
function launchedShell(args: readonly string[]): string | null {
  for (let i = 0; i + 2 < args.length; i++) {
    const host = args[i]!;
    if (!(HOST.test(host) || LISTEN_HOST.test(host)) || !PORT.test(args[i + 1]!)) continue;
    const program = posix.basename(args[i + 2]!);
    return SHELL_PROGRAM.test(program) ? program : null;
  }
  return null;
}

/** The reason this command hands a shell to a socket; null when it does not. */
export function shellToSocket(cmd: SimpleCommand): string | null {
  const name = posix.basename(cmd.program).toLowerCase();
  const launched = LAUNCHERS.has(name) ? launchedShell(cmd.args) : null;
  if (launched !== null)
    return `${shown(cmd)} runs ${launched} with the connection as its input and output (reverse or bind shell)`;
  const relay = ownEntry(RELAYS, name);
  if (relay?.some((s) => cmd.args.includes(s)))
    return `${shown(cmd)} hands an interactive shell to whoever reaches its relay (bind shell)`;
  if (LOCAL_SHELL_TAKERS.has(name) || SHELL_NAME.test(name)) return null;
  const shell = shellValue(cmd.args);
  if (shell === null || (relay === undefined && !endpoint(cmd.args))) return null;
  return `${shown(cmd)} runs ${shell} for a network peer (reverse or bind shell)`;
}
