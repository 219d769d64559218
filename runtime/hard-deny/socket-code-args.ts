/**
 * A reverse shell written in a language nobody here reads (docs/adr/0664): code handed to a program on its command
 * line (`jrunscript -e '…'`, `swipl -g "…"`, a Lisp's `--eval`) that connects to a host and port and runs commands
 * for it. The one-liners of the languages the analyzer reads are judged by their findings (reverse-shell.ts); for
 * the rest one argument is read for the three parts of the shape together: a socket opened, a literal endpoint
 * (`"203.0.113.7",4444`, `'h.example':4444`), and a door to the shell (`ProcessBuilder(`, `shell(`, `system(`).
 * Any one alone (a port check, a command run locally) is no reverse shell. Only programs that run code are read:
 * those nobody described (swipl, jrunscript) and the interpreters; a commit message about sockets is text.
 */
import { programKnowledge } from "../operation/index.ts";
import type { SimpleCommand } from "../shell/index.ts";
import { shown } from "./commands.ts";

/** A call that opens a network connection, in the spellings of the JVM, Prolog, Erlang, Lisps, Tcl, Lua, R, Julia. */
const CONNECT =
  /\b(?:Socket|socket|tcp_connect|tcp_open_socket|socket_connect|socketConnection|connect|gen_tcp:connect|open_connection|TCPSocket)\s*\(|\(\s*(?:socket-connect|tcp-connect|make-client-socket|open-tcp-stream|tcp-connect)\b|\bsocket\s+-?\w*\s*\S+\s+\d{2,5}\b/;
/** A literal host and port next to each other: `"203.0.113.7",4444`, `'h.example':4444`, `localhost 4444`. */
const ENDPOINT =
  /(?:\d{1,3}(?:\.\d{1,3}){3}|localhost|[a-z\d-]+(?:\.[a-z\d-]+)*\.[a-z]{2,})["'`]?\s*[,:\s]\s*\d{2,5}\b/i;
/** A call that runs a command or a shell. */
const RUNS =
  /\b(?:ProcessBuilder|exec|shell|system|popen|spawn|execute|getRuntime|run-program|process[-_]create|os:cmd|open_port|pipe)\s*\(|\(\s*(?:run-program|system|shell|process)\b|\bexec\s+(?:\/bin\/)?(?:sh|bash)\b/;

/** The reason this command's code argument is a reverse shell; null when no argument has the whole shape. */
export function socketCodeArgument(cmd: SimpleCommand): string | null {
  const known = programKnowledge(cmd.program);
  if (known !== undefined && !known.base.categories.includes("code")) return null;
  for (const arg of cmd.args) {
    if (arg.length > 8192 || !/[(\s]/.test(arg)) continue;
    if (CONNECT.test(arg) && ENDPOINT.test(arg) && RUNS.test(arg))
      return `${shown(cmd)} is given code that connects to a host and runs commands for it (reverse shell)`;
  }
  return null;
}
