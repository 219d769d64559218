/**
 * Wrappers red-team round 7 put in front of commands, peeled exactly (docs/adr/0502): I/O and crash helpers
 * (`eatmydata`, `catchsegv`, `ifne`), control groups and sandboxes (`cgexec`, `bwrap`, `nsjail`), containers
 * entered from the host (`distrobox enter`, `toolbox run`), daemontools/runit (`envdir`, `chpst`, `setuidgid`,
 * `softlimit`, `setlock`), session and launch helpers (`dbus-launch`, `run-one`, `start-stop-daemon`), MPI
 * launchers, job queues (`pueue add`, `nq`, `tsp`, `sem`), coreutils' multi-call binary, moreutils' `pee`, `tox
 * exec` and `just --command`. Unknown programs elsewhere are read by operation/carried-by-unknown.ts (ADR 0501);
 * these are listed so their option values are not taken for the command.
 */
import { ownEntry } from "../../core/index.ts";
import { parseOptions } from "./options.ts";
import { BWRAP_CAPS } from "./privilege-wrappers.ts";
import { NO_PEEL, simplePeel } from "./simple-peel.ts";
import type { Peel } from "./wrappers.ts";
import type { Word } from "./words.ts";

const NONE = NO_PEEL;
const peel = simplePeel;

function code(label: string, words: readonly Word[], separator = " "): Peel {
  if (words.length === 0) return NONE;
  const line: Word = {
    value: words.map((w) => w.value).join(separator),
    dynamic: words.some((w) => w.dynamic),
    raw: words.map((w) => w.raw).join(" "),
  };
  return { kind: "code", label, code: line, sameShell: false, assignments: [] };
}

/** The command after the options: `short` letters and `long` names take a value, then `skip` operands go first. */
function argv(label: string, short = "", long: readonly string[] = [], skip = 0): (args: readonly Word[]) => Peel {
  return (args) => peel(label, args.slice(parseOptions(args, { short, long }).rest + skip));
}

/** The words after `--`, when there is one (nsjail, distrobox). */
function afterDashes(label: string): (args: readonly Word[]) => Peel {
  return (args) => {
    const at = args.findIndex((w) => w.value === "--");
    return at < 0 ? NONE : peel(label, args.slice(at + 1));
  };
}

/**
 * Options written as whole words, each taking `arity` values (`mpirun -np 4`, `bwrap --bind SRC DEST`); every other
 * dash word is a flag; `--` or the first operand starts the command.
 */
function worded(label: string, arity: Readonly<Record<string, number>>): (args: readonly Word[]) => Peel {
  return (args) => {
    let i = 0;
    while (i < args.length) {
      const v = args[i]!.value;
      if (v === "--") return peel(label, args.slice(i + 1));
      if (!v.startsWith("-") || args[i]!.dynamic) break;
      i += 1 + (ownEntry(arity, v) ?? 0);
    }
    return peel(label, args.slice(i));
  };
}

const BWRAP_ARITY: Readonly<Record<string, number>> = {
  ...Object.fromEntries(
    [
      "--bind",
      "--bind-try",
      "--dev-bind",
      "--dev-bind-try",
      "--ro-bind",
      "--ro-bind-try",
      "--symlink",
      "--setenv",
      "--chmod",
      "--file",
      "--bind-data",
      "--ro-bind-data",
    ].map((o) => [o, 2]),
  ),
  ...Object.fromEntries(
    [
      "--args",
      "--argv0",
      "--uid",
      "--gid",
      "--hostname",
      "--chdir",
      "--unsetenv",
      "--lock-file",
      "--sync-fd",
      "--remount-ro",
      "--dev",
      "--proc",
      "--tmpfs",
      "--mqueue",
      "--dir",
      "--seccomp",
      "--add-seccomp-fd",
      "--userns",
      "--userns2",
      "--pidns",
      "--info-fd",
      "--json-status-fd",
      "--block-fd",
      "--userns-block-fd",
      "--cap-add",
      "--cap-drop",
      "--perms",
      "--size",
      "--exec-label",
      "--file-label",
    ].map((o) => [o, 1]),
  ),
};

/**
 * `bwrap [options] CMD…`: capabilities added inside the sandbox (`--cap-add ALL`, `--cap-add CAP_SYS_ADMIN`) are
 * powers the user did not have, so the command gets the privileged label, as `setpriv --inh-caps +all` does
 * (docs/adr/0564). Binds, namespaces and dropped capabilities only narrow what the command sees.
 */
function bwrap(args: readonly Word[]): Peel {
  const peeled = worded("bwrap", BWRAP_ARITY)(args);
  if (peeled.kind !== "peel") return peeled;
  const options = args.slice(0, args.length - peeled.words.length);
  return options.some((w) => w.value === "--cap-add") ? { ...peeled, label: BWRAP_CAPS } : peeled;
}

const MPI_ARITY: Readonly<Record<string, number>> = {
  ...Object.fromEntries(
    [
      "-np",
      "-n",
      "-c",
      "-N",
      "-H",
      "-host",
      "--host",
      "-hostfile",
      "--hostfile",
      "-machinefile",
      "--machinefile",
      "-f",
      "-x",
      "-wdir",
      "--wdir",
      "-wd",
      "--map-by",
      "--bind-to",
      "--rank-by",
      "--npernode",
      "-npernode",
      "-ppn",
      "--ppn",
      "--prefix",
      "-launcher",
      "-bootstrap",
    ].map((o) => [o, 1]),
  ),
  "--mca": 2,
  "-mca": 2,
  "-genv": 2,
  "-env": 2,
};

/** `start-stop-daemon --start --exec PATH [-- ARGS…]` (also `--startas`): the program it starts, with its arguments. */
function startStopDaemon(args: readonly Word[]): Peel {
  if (!args.some((w) => w.value === "--start" || w.value === "-S")) return NONE;
  const dash = args.findIndex((w) => w.value === "--");
  const own = dash < 0 ? args : args.slice(0, dash);
  const after = dash < 0 ? [] : args.slice(dash + 1);
  for (const names of [
    ["--startas", "-a"],
    ["--exec", "-x"],
  ]) {
    for (let i = 0; i < own.length; i++) {
      const v = own[i]!.value;
      const name = names.find((n) => v === n || v.startsWith(`${n}=`));
      if (name === undefined) continue;
      const value = v === name ? own[i + 1] : { ...own[i]!, value: v.slice(name.length + 1) };
      if (value !== undefined) return peel("start-stop-daemon", [value, ...after]);
    }
  }
  return NONE;
}

/** `coreutils --coreutils-prog=rm -rf x` and `coreutils rm -rf x`: the utility it names. */
function coreutils(args: readonly Word[]): Peel {
  const first = args[0];
  if (first === undefined) return NONE;
  const m = /^--coreutils-prog=(.+)$/.exec(first.value);
  if (m !== null) return peel("coreutils", [{ ...first, value: m[1]!, raw: m[1]! }, ...args.slice(1)]);
  return first.value.startsWith("-") ? NONE : peel("coreutils", args);
}

/** `pueue add [options] [--] CMD…`: the words joined into a shell command line, run later by the daemon. */
function pueue(args: readonly Word[]): Peel {
  if (args[0]?.value !== "add") return NONE;
  const o = parseOptions(args.slice(1), {
    short: "dgaolw",
    long: ["--delay", "--group", "--after", "--priority", "--label", "--working-directory"],
  });
  return code("pueue add", args.slice(1 + o.rest));
}

/** `tox exec [-e ENV] -- CMD…`: the command, run in the tox environment. */
function toxExec(args: readonly Word[]): Peel {
  if (args[0]?.value !== "exec") return NONE;
  const dash = args.findIndex((w) => w.value === "--");
  return dash < 0 ? NONE : peel("tox exec", args.slice(dash + 1));
}

/** `just --command CMD…` / `just -c CMD…`: the command, run with the justfile's environment. */
function justCommand(args: readonly Word[]): Peel {
  const at = args.findIndex((w) => w.value === "-c" || w.value === "--command");
  return at < 0 ? NONE : peel("just --command", args.slice(at + 1));
}

/** GNU parallel's `sem [options] CMD…`: one word with blanks is a command line for a shell. */
function sem(args: readonly Word[]): Peel {
  const rest = args.slice(
    parseOptions(args, { short: "j", long: ["--id", "--jobs", "--semaphoretimeout", "--st"] }).rest,
  );
  return rest.length === 1 && /\s/.test(rest[0]!.value) ? code("sem", rest) : peel("sem", rest);
}

export const JOB_WRAPPERS: Readonly<Record<string, (args: readonly Word[]) => Peel>> = {
  eatmydata: argv("eatmydata"),
  catchsegv: argv("catchsegv"),
  ifne: argv("ifne"),
  cgexec: argv("cgexec", "g"),
  nsjail: afterDashes("nsjail"),
  distrobox: (args) => (args[0]?.value === "enter" ? afterDashes("distrobox enter")(args) : NONE),
  "distrobox-enter": afterDashes("distrobox enter"),
  toolbox: (args) =>
    args[0]?.value === "run"
      ? argv("toolbox run", "cdr", ["--container", "--distro", "--release"])(args.slice(1))
      : NONE,
  coreutils,
  bwrap,
  "run-one": argv("run-one"),
  "run-this-one": argv("run-this-one"),
  "keep-one-running": argv("keep-one-running"),
  "run-one-constantly": argv("run-one-constantly"),
  "run-one-until-success": argv("run-one-until-success"),
  "run-one-until-failure": argv("run-one-until-failure"),
  envdir: argv("envdir", "", [], 1),
  envuidgid: argv("envuidgid", "", [], 1),
  setuidgid: argv("setuidgid", "", [], 1),
  setlock: argv("setlock", "", [], 1),
  softlimit: argv("softlimit", "madopfcrtls"),
  chpst: argv("chpst", "uUbe/nlLmdopfcrt"),
  "dbus-launch": argv("dbus-launch", "", ["--config-file", "--autolaunch"]),
  // `ssh-agent [options] COMMAND…` runs COMMAND with an agent of its own; bare or with -s/-c/-k it only prints
  // or stops (docs/adr/0572).
  "ssh-agent": argv("ssh-agent", "aEOPt"),
  mpirun: worded("mpirun", MPI_ARITY),
  mpiexec: worded("mpiexec", MPI_ARITY),
  orterun: worded("orterun", MPI_ARITY),
  "start-stop-daemon": startStopDaemon,
  pueue,
  nq: argv("nq"),
  tsp: argv("tsp", "LDNWE"),
  sem,
  pee: (args) => code("pee", args.slice(parseOptions(args, { short: "" }).rest), "\n"),
  tox: toxExec,
  just: justCommand,
};
