import { ownEntry } from "../../core/index.ts";
/**
 * Other processes' secrets, and the environment read a variable at a time (docs/adr/0431). A debugger or tracer
 * attached to a running process reads its memory, tokens and keys among them, and can make it run code
 * (`gdb -p 1 -ex 'call system("id")'`); `ps e`/`ps -E` print every process's environment; `/proc/PID/cmdline` of
 * processes other than this one holds the passwords given on command lines, `/proc/PID/fd/N` their open files;
 * `${!v}` over names from `compgen -v` prints every variable's value as `env` does (ADR 0328).
 */
import type { SimpleCommand } from "../shell/index.ts";
import type { PathAccess } from "./types.ts";

/** How a program is told which running process to attach to. */
interface Attacher {
  /** Options whose value is a pid (`-p 1`, `--pid=1`) or a process name (`lldb -n node`). */
  readonly pid: readonly string[];
  /** Options that take a value that is not a pid. */
  readonly valued?: readonly string[];
  /** Which operands are pids: every one (`gcore 123`), or gdb's second (`gdb ./app 123`). */
  readonly operands?: "all" | "second";
  /** Only with this first operand (`criu dump`, `memray attach`). */
  readonly sub?: RegExp;
}

const GDB_VALUED = [
  "-ex",
  "-iex",
  "-x",
  "-ix",
  "--eval-command",
  "--init-eval-command",
  "--command",
  "--init-command",
  "-cd",
  "--cd",
  "-d",
  "--directory",
  "-s",
  "--symbols",
  "-e",
  "--exec",
  "-se",
  "-c",
  "--core",
  "-b",
  "-l",
  "-D",
  "--data-directory",
  "-i",
  "--interpreter",
  "-tty",
  "--tty",
];

/** Debuggers, tracers, profilers and dumpers that attach to a live process. */
const ATTACHERS: Readonly<Record<string, Attacher>> = {
  gdb: { pid: ["-p", "--pid"], valued: GDB_VALUED, operands: "second" },
  gdbserver: { pid: ["--attach"], operands: "all" },
  lldb: {
    pid: ["-p", "--attach-pid", "-n", "--attach-name"],
    valued: ["-o", "--one-line", "-s", "--source", "-c", "--core", "-a", "--arch"],
  },
  strace: {
    pid: ["-p", "--attach"],
    valued: ["-o", "--output", "-e", "-s", "--string-limit", "-u", "--user", "-E", "--env", "-P", "-X", "-a"],
  },
  ltrace: { pid: ["-p"], valued: ["-o", "--output", "-e", "-l", "--library", "-F", "--config", "-a", "--align", "-u"] },
  perf: {
    pid: ["-p", "--pid", "-t", "--tid"],
    valued: ["-e", "--event", "-o", "--output", "-F", "--freq", "-c", "-C"],
  },
  "eu-stack": { pid: ["-p", "--pid"] },
  gcore: { pid: [], valued: ["-o", "-a"], operands: "all" },
  pstack: { pid: [], operands: "all" },
  gstack: { pid: [], operands: "all" },
  "py-spy": { pid: ["-p", "--pid"], valued: ["-o", "--output", "-d", "--duration", "-r", "--rate", "-f", "--format"] },
  rbspy: { pid: ["-p", "--pid"], valued: ["-o", "--file", "-d", "--duration", "-r", "--rate", "-f", "--format"] },
  pyrasite: { pid: [], operands: "all" },
  memray: { pid: [], operands: "all", sub: /^attach$/ },
  jstack: { pid: [], operands: "all" },
  jmap: { pid: [], operands: "all" },
  jcmd: { pid: [], operands: "all" },
  jinfo: { pid: [], operands: "all" },
  jhsdb: { pid: ["--pid"] },
  dtrace: { pid: ["-p"], valued: ["-n", "-s", "-o", "-c", "-x", "-P", "-m", "-f", "-i"] },
  dtruss: { pid: ["-p", "-n"] },
  bpftrace: { pid: ["-p"], valued: ["-e", "-o", "-c", "-I"] },
  criu: { pid: ["-t", "--tree"], valued: ["-D", "--images-dir", "-o", "--log-file", "-v"], sub: /^(?:dump|pre-dump)$/ },
  frida: { pid: ["-p", "--attach-pid", "-n", "--attach-name", "-N", "--attach-identifier"], valued: ["-l", "-e"] },
  "frida-trace": { pid: ["-p", "--attach-pid", "-n", "--attach-name"], valued: ["-i", "-I", "-x", "-X", "-m"] },
  procdump: { pid: ["-p"], valued: ["-s", "-n", "-c", "-M", "-w"], operands: "all" },
};

/** gdb's own `attach PID` command given with -ex: `gdb -batch -ex 'attach 1'`. */
const GDB_ATTACH = /^\s*(?:attach|at)\s+(\S+)/;

/**
 * The processes the command attaches to, as written (`1`, `$(pgrep -f rulegate)`, a name given to `lldb -n`), or
 * null when it attaches to none (`gdb ./a.out`, `strace ls`, `perf stat make`).
 */
export function attachedProcesses(cmd: SimpleCommand): readonly string[] | null {
  const a = ownEntry(ATTACHERS, cmd.program);
  if (a === undefined) return null;
  const valued = new Set([...a.pid, ...(a.valued ?? [])]);
  const pids: string[] = [];
  const operands: string[] = [];
  const args = cmd.args;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w === "--") {
      operands.push(...args.slice(i + 1));
      break;
    }
    const eq = w.indexOf("=");
    const name = w.startsWith("--") && eq > 0 ? w.slice(0, eq) : w;
    const inline = name !== w ? w.slice(eq + 1) : undefined;
    // Bundled short options (`strace -fp 1`, `-p1234`): a valued letter takes the rest of the word, else the next.
    if (cmd.program !== "gdb" && /^-[A-Za-z]{2,}|^-[A-Za-z]\d/.test(w) && !valued.has(w) && !w.startsWith("--")) {
      const at = [...w.slice(1)].findIndex((c) => valued.has(`-${c}`));
      if (at >= 0) {
        const letter = `-${w[at + 1]}`;
        const value = w.length > at + 2 ? w.slice(at + 2) : args[++i];
        if (value !== undefined && a.pid.includes(letter)) pids.push(value);
      }
      continue;
    }
    if (valued.has(name)) {
      const value = inline ?? args[++i];
      if (value === undefined) continue;
      if (a.pid.includes(name)) pids.push(value);
      else if (cmd.program === "gdb" && /^--?(?:ex|eval-command)$/.test(name)) {
        const m = GDB_ATTACH.exec(value);
        if (m !== null) pids.push(m[1]!);
      }
      continue;
    }
    if (!w.startsWith("-") || w === "-") operands.push(w);
  }
  if (a.sub !== undefined && !a.sub.test(operands[0] ?? "")) return null;
  const rest = a.sub !== undefined ? operands.slice(1) : operands;
  if (a.operands === "all") pids.push(...rest.filter((w) => /^\d+$/.test(w) || /\$/.test(w)));
  if (a.operands === "second" && rest[1] !== undefined && (/^\d+$/.test(rest[1]) || /\$/.test(rest[1])))
    pids.push(rest[1]);
  return pids.length > 0 ? pids : null;
}

/** BSD-style ps letters that take the next word as their value (`ps axo user`, `ps p 1`). */
const PS_BSD_VALUED = /[oOpUtkq]$/;
const PS_VALUED = new Set([
  "-o",
  "-O",
  "-p",
  "-q",
  "-u",
  "-U",
  "-g",
  "-G",
  "-C",
  "-t",
  "-s",
  "-k",
  "--pid",
  "--ppid",
  "--sid",
  "--sort",
  "--format",
  "--user",
  "--group",
  "--tty",
  "--cols",
  "--columns",
  "--rows",
  "--width",
]);

/** `ps e`, `ps auxe`, `ps eww`, `ps -E` (BSD and macOS): each process's environment after its command. */
export function psShowsEnvironment(cmd: SimpleCommand): boolean {
  if (cmd.program !== "ps") return false;
  const args = cmd.args;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (PS_VALUED.has(w)) {
      i++;
      continue;
    }
    if (w.startsWith("--")) continue;
    if (w.startsWith("-")) {
      if (/^-[A-Za-z]*E/.test(w)) return true;
      continue;
    }
    if (!/^[A-Za-z]+$/.test(w)) continue;
    if (w.includes("e")) return true;
    if (PS_BSD_VALUED.test(w)) i++;
  }
  return false;
}

/**
 * A value read through a name known only at run time: bash's `${!v}` (not `${!prefix*}` or `${!arr[@]}`, which
 * list names) and zsh's `${(P)v}`. Over the names `compgen -v` or `env` list it prints the whole environment.
 */
const INDIRECT = /\$\{!(?:[A-Za-z_]\w*|\d+)(?![\w*@[])|\$\{\([^)]*P[^)]*\)/;

export function indirectExpansion(cmd: SimpleCommand): string | null {
  const words = [...cmd.args, ...cmd.assignments.map((a) => a.value), ...cmd.redirects.map((r) => r.written ?? "")];
  const hit = words.find((w) => INDIRECT.test(w));
  return hit === undefined ? null : (INDIRECT.exec(hit)?.[0] ?? null);
}

/** What `/proc/PID/…` of another process reveals: its command line (passwords given there) and its open files. */
const PROC_OTHER =
  /^\/proc\/(?!self\/|thread-self\/)[^/]+\/(?:task\/[^/]+\/)?(?:cmdline|fd\/[^/]+|fdinfo|maps|smaps|mem)$/;

/** This process's own entries, as written: `/proc/self/cmdline` resolves to a pid, but it is the reader's own. */
const PROC_SELF = /^\/proc\/(?:self|thread-self)\//;

/** The first read of another process's command line, memory map or open files, or null. */
export function otherProcessRead(paths: readonly PathAccess[]): string | null {
  const hit = paths.find(
    (a) =>
      a.mode === "read" &&
      !PROC_SELF.test(a.raw ?? a.lexical ?? a.path) &&
      (PROC_OTHER.test(a.path) || (a.lexical !== undefined && PROC_OTHER.test(a.lexical))),
  );
  return hit?.path ?? null;
}
