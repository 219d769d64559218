import { ownEntry } from "../../core/index.ts";
/**
 * Wrapper programs that run another command: each spec says where the wrapped command starts. The
 * wrapper is not emitted as a command of its own; its label goes into `context.wrappers` (ADR 0030).
 */
import { cmakeTool } from "./cmake-tool.ts";
import { findSelection, findTree } from "./find-selection.ts";
import { hasOption, optionValue, parseOptions, splitAssignments } from "./options.ts";
import { interpreterOf } from "./interpreters.ts";
import { javaJar } from "./jar-tools.ts";
import { NPM_TOOL_SPELLINGS } from "./npm-tool-spellings.ts";
import { nodeLauncher } from "./node-bins.ts";
import { OWN_PROXY } from "./own-proxy.ts";
import { JOB_WRAPPERS } from "./job-wrappers.ts";
import { perlCommandModule } from "./perl-commands.ts";
import { pythonModule } from "./python-modules.ts";
import { SETPRIV_ROOT, SUDO_ALIKE_QUIET, SUDO_ALIKES } from "./privilege-wrappers.ts";
import { RUNNER_SPECS } from "./runners.ts";
import { type Assignment, HUGE_LOOP, MANY_JOBS } from "./walk.ts";
import type { Word } from "./words.ts";
import { splitEnvString } from "./env-split.ts";
import { withoutGlobQualifiers } from "./zsh-glob-qualifiers.ts";

export type Peel =
  /** Not acting as a wrapper here (`command -v x`, `sudo -l`, `env` alone): the program stays. */
  | { readonly kind: "none" }
  | {
      readonly kind: "peel";
      readonly label: string;
      readonly words: readonly Word[];
      readonly assignments: readonly Assignment[];
      readonly workdir: Word | null;
      /** Arguments come from stdin too (`xargs`). */
      readonly dynamicArgs: boolean;
      /** Files the wrapper itself reads (`xargs -a FILE`, `parallel -a FILE`): reads of the wrapped command. */
      readonly reads?: readonly Word[];
      /** Files the wrapper itself writes (`strace -o F`, `time -o F`): written by the command's run, like `3> F` (ADR 0463). */
      readonly writes?: readonly Word[];
      /** Starts as many jobs at once as it has inputs, or MANY_JOBS or more (`xargs -P 0`, `parallel -j 0`): its option as written. */
      readonly unboundedJobs?: string;
      /**
       * How the arguments read from stdin land (`xargs`): replacing each word equal to `replace` (`-I {}`), or
       * appended when null. When the pipe's paths can be said (listed-paths.ts) they take the place of the unknown.
       */
      readonly stdinArgs?: { readonly replace: string | null };
      /** The word replaced by each line of the input, from stdin or `-a FILE` (`xargs -I{}`). */
      readonly lineToken?: string;
      /** Runs the command again and again without end, less than a second apart (`watch -n 0.1`): as written. */
      readonly repeats?: string;
      /** With `repeats`: a `&` on the command starts a job on every pass (zsh's `repeat N { x & }`), not one. */
      readonly backgroundEach?: true;
    }
  /** Runs a code string: `bash -c '...'`, `eval ...`, `su -c '...'`. */
  | {
      readonly kind: "code";
      readonly label: string;
      readonly code: Word;
      readonly sameShell: boolean;
      readonly assignments: readonly Assignment[];
      /** `$0`, `$1`, ... of a new shell: `bash -c 'rm "$1"' sh /x`. */
      readonly positional?: readonly Word[];
      /** Where the code runs when the wrapper moves it (a dynamic word: nobody knows, `ssh HOST CMD`). */
      readonly workdir?: Word;
      /**
       * The wrapper is judged as a command too, besides the code it runs (docs/adr/0458): `always` when an option
       * of its own does something (`ssh -A`: the user's agent lent to the remote host), `fed` when its stdin is data
       * of unknown content, which it carries to another machine (`tar c . | ssh host 'cat > x'`).
       */
      readonly wrapperToo?: "always" | "fed";
      /** Runs the code again and again without end, less than a second apart (`watch -n 0.1 '…'`): as written. */
      readonly repeats?: string;
    }
  /** `find ... -exec cmd {} ;`: find stays a command, and each exec'd command runs too. */
  | { readonly kind: "find"; readonly execs: readonly { readonly label: string; readonly words: readonly Word[] }[] };

/** `.shell CMD`, `.system CMD`, and output sent to a command (`.output |CMD`, `.once |CMD`, `.read |CMD`). */
const SQLITE_ESCAPE = /^[ \t]*(?:\.(?:shell|system)[ \t]+|\.(?:output|once|read)[ \t]+(?:-\S+[ \t]+)*\|[ \t]*)(\S.*)$/m;
/** `\! CMD`, and output sent to a command (`\o |CMD`, `\g |CMD`, `\w |CMD`). */
const PSQL_ESCAPE = /^[ \t]*(?:\\!(?:[ \t]+|(?=\S))|\\(?:o|out|g|gx|w|write)[ \t]*\|[ \t]*)(\S.*)$/m;
const MYSQL_ESCAPE = /^[ \t]*(?:\\!|system)[ \t]+(\S.*)$/im;

/** The first shell escape in a database shell's arguments (its SQL or option values), as the code it runs. */
function shellEscape(label: string, args: readonly Word[], escape: RegExp): Peel {
  for (const w of args) {
    const text = w.value.startsWith("-") && w.value.includes("=") ? w.value.slice(w.value.indexOf("=") + 1) : w.value;
    const m = escape.exec(text);
    if (m === null || w.dynamic) continue;
    // `.output |sh`: the query's output is the program a shell or interpreter reads; nobody reads it here.
    const head = /^\S+/.exec(m[1]!)?.[0].replace(/^.*\//, "") ?? "";
    const fed = /\|/.test(m[0].slice(0, m[0].length - m[1]!.length)) && (SHELLS.has(head) || READS_PROGRAM.test(head));
    return {
      kind: "code",
      label,
      code: { value: m[1]!, dynamic: fed, raw: m[1]! },
      sameShell: false,
      assignments: [],
    };
  }
  return NONE;
}

export const SHELLS: ReadonlySet<string> = new Set(["sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "yash", "posh"]);
/** Interpreters that, given no script, run what they read on stdin. */
const READS_PROGRAM = /^(?:python[\d.]*|perl|ruby|node|php|lua|tclsh|osascript|fish|csh|tcsh)$/;

const NONE: Peel = { kind: "none" };

function peeled(
  label: string,
  words: readonly Word[],
  extra: Partial<Omit<Extract<Peel, { kind: "peel" }>, "kind" | "label" | "words">> = {},
): Peel {
  if (words.length === 0) return NONE;
  return {
    kind: "peel",
    label,
    words,
    assignments: extra.assignments ?? [],
    workdir: extra.workdir ?? null,
    dynamicArgs: extra.dynamicArgs ?? false,
    ...(extra.reads !== undefined && extra.reads.length > 0 ? { reads: extra.reads } : {}),
    ...(extra.writes !== undefined && extra.writes.length > 0 ? { writes: extra.writes } : {}),
    ...(extra.unboundedJobs !== undefined ? { unboundedJobs: extra.unboundedJobs } : {}),
    ...(extra.stdinArgs !== undefined ? { stdinArgs: extra.stdinArgs } : {}),
    ...(extra.lineToken !== undefined ? { lineToken: extra.lineToken } : {}),
    ...(extra.repeats !== undefined ? { repeats: extra.repeats } : {}),
    ...(extra.backgroundEach !== undefined ? { backgroundEach: extra.backgroundEach } : {}),
  };
}

type PeelFn = (args: readonly Word[], program: string) => Peel;

/** setpriv's options that take a value (`--reuid 0`, `--inh-caps +all`). */
const SETPRIV_VALUES = [
  "--reuid",
  "--ruid",
  "--euid",
  "--regid",
  "--rgid",
  "--egid",
  "--groups",
  "--inh-caps",
  "--ambient-caps",
  "--bounding-set",
  "--securebits",
  "--pdeathsig",
  "--selinux-label",
  "--apparmor-profile",
  "--landlock-access",
  "--landlock-rule",
  "--seccomp-filter",
];

const SPECS: Readonly<Record<string, PeelFn>> = {
  sudo(args) {
    const o = parseOptions(args, {
      short: "ughpCDrtUTR",
      long: [
        "--user",
        "--group",
        "--host",
        "--prompt",
        "--close-from",
        "--chdir",
        "--role",
        "--type",
        "--other-user",
        "--command-timeout",
        "--chroot",
      ],
    });
    // -e edits files, -l lists, -v/-V/-K do not run a command: sudo stays the program.
    if (hasOption(o, "-e", "-l", "-v", "-V", "-K", "--edit", "--list", "--validate", "--version", "--remove-timestamp"))
      return NONE;
    const { assignments, rest } = splitAssignments(args.slice(o.rest));
    // `-E`/`--preserve-env` hands the caller's environment (LD_PRELOAD, PATH…) to root: the label says so, and a
    // root read is then never lowered (docs/adr/0573).
    // `-S`/`--stdin` takes the password from the command's own input (`echo pw | sudo -S …`): a password written into
    // the command, or guessed (docs/adr/0624). Its label keeps the run SECURITY, as `-E` does.
    const label = hasOption(o, "-E", "--preserve-env") ? "sudo -E" : hasOption(o, "-S", "--stdin") ? "sudo -S" : "sudo";
    return peeled(label, rest, { assignments, workdir: optionValue(o, "-D", "--chdir") });
  },
  doas(args) {
    const o = parseOptions(args, { short: "uC" });
    if (hasOption(o, "-C")) return NONE;
    return peeled("doas", args.slice(o.rest));
  },
  // sudo's alternatives run the command after their options, as sudo does (docs/adr/0476).
  ...Object.fromEntries(
    Object.entries(SUDO_ALIKES).map(([name, spec]): [string, PeelFn] => [
      name,
      (args) => {
        const o = parseOptions(args, spec);
        return hasOption(o, ...SUDO_ALIKE_QUIET) ? NONE : peeled(name, args.slice(o.rest));
      },
    ]),
  ),
  // Kerberos su: `ksu [USER] [options] -e COMMAND ARGS…` runs the command as USER (root without one).
  ksu(args) {
    const e = args.findIndex((w) => w.value === "-e");
    return e < 0 ? NONE : peeled("ksu", args.slice(e + 1));
  },
  setpriv(args) {
    const o = parseOptions(args, { short: "", long: SETPRIV_VALUES });
    // Root's uid or gid, or a capability added, is more than the user had: judged like sudo (docs/adr/0476).
    const root = o.options.some(
      (x) =>
        (/^--(?:re|r|e)[ug]id$|^--groups$/.test(x.name) && /(?:^|,)(?:0|root)(?:,|$)/.test(x.value?.value ?? "")) ||
        (/^--(?:inh-caps|ambient-caps|bounding-set)$/.test(x.name) && (x.value?.value ?? "").includes("+")),
    );
    return peeled(root ? SETPRIV_ROOT : "setpriv", args.slice(o.rest));
  },
  env(args) {
    const first = args[0]?.value === "-" ? 1 : 0; // `env - cmd` is `env -i cmd`
    const o = parseOptions(args.slice(first), {
      short: "uCSP",
      long: ["--unset", "--chdir", "--split-string"],
    });
    const split = optionValue(o, "-S", "--split-string");
    const { assignments, rest } = splitAssignments(args.slice(first + o.rest));
    const words = split === null ? rest : [...splitEnvString(split), ...rest];
    return peeled("env", words, { assignments, workdir: optionValue(o, "-C", "--chdir") });
  },
  // npm's cross-env sets variables for the command after them, as env does (round 12); cross-env-shell runs its
  // words as one shell command line.
  "cross-env"(args) {
    const { assignments, rest } = splitAssignments(args);
    return peeled("cross-env", rest, { assignments });
  },
  "cross-env-shell"(args) {
    const { assignments, rest } = splitAssignments(args);
    if (rest.length === 0) return NONE;
    const code: Word = {
      value: rest.map((w) => w.value).join(" "),
      dynamic: rest.some((w) => w.dynamic),
      raw: rest.map((w) => w.raw).join(" "),
    };
    return { kind: "code", label: "cross-env-shell", code, sameShell: false, assignments };
  },
  command(args) {
    const o = parseOptions(args, { short: "" });
    if (hasOption(o, "-v", "-V")) return NONE; // `command -v x` looks x up, runs nothing
    return peeled("command", args.slice(o.rest));
  },
  builtin: (args) => peeled("builtin", args),
  exec(args) {
    const o = parseOptions(args, { short: "a" });
    // `exec {fd}>file` names a descriptor; it runs nothing.
    const rest = args.slice(o.rest);
    return peeled("exec", /^\{[A-Za-z_][A-Za-z0-9_]*\}$/.test(rest[0]?.value ?? "") ? rest.slice(1) : rest);
  },
  nice(args) {
    const o = parseOptions(args, { short: "n", long: ["--adjustment"] });
    return peeled("nice", args.slice(o.rest));
  },
  nohup(args) {
    const o = parseOptions(args, { short: "" });
    return peeled("nohup", args.slice(o.rest));
  },
  time(args) {
    const o = parseOptions(args, { short: "fo", long: ["--format", "--output"] });
    const out = optionValue(o, "-o", "--output");
    return peeled("time", args.slice(o.rest), { writes: out === null ? [] : [out] });
  },
  timeout(args) {
    const o = parseOptions(args, { short: "sk", long: ["--signal", "--kill-after"] });
    return peeled("timeout", args.slice(o.rest + 1)); // the first operand is the duration
  },
  stdbuf(args) {
    const o = parseOptions(args, { short: "ioe", long: ["--input", "--output", "--error"] });
    return peeled("stdbuf", args.slice(o.rest));
  },
  xargs(args) {
    const o = parseOptions(args, {
      short: "adEILnPs",
      long: [
        "--arg-file",
        "--delimiter",
        "--max-lines",
        "--max-args",
        "--max-procs",
        "--max-chars",
        "--process-slot-var",
      ],
    });
    const replace = xargsReplace(o.options);
    let words = args.slice(o.rest);
    if (words.length === 0) words = [{ value: "echo", dynamic: false, raw: "" }]; // xargs runs echo by default
    if (replace !== null) words = words.map((w) => (w.value.includes(replace) ? { ...w, dynamic: true } : w));
    const argFile = optionValue(o, "-a", "--arg-file");
    return peeled("xargs", words, {
      dynamicArgs: true,
      ...(argFile !== null ? { reads: [argFile] } : { stdinArgs: { replace } }),
      ...(replace !== null ? { lineToken: replace } : {}),
      ...unbounded(optionValue(o, "-P", "--max-procs"), "xargs -P"),
    });
  },
  parallel(args) {
    const o = parseOptions(args, {
      short: "jSadInNLEPC",
      long: [
        "--jobs",
        "--sshlogin",
        "--arg-file",
        "--delimiter",
        "--max-args",
        "--max-lines",
        "--colsep",
        "--timeout",
        "--joblog",
        "--results",
        "--workdir",
        "--wd",
        "--tmpdir",
        "--basefile",
        "--env",
        "--return",
        "--transfer-file",
        "--halt",
        "--delay",
        "--retries",
        "--memfree",
        "--load",
        "--sshloginfile",
        "--template",
      ],
    });
    let words = args.slice(o.rest);
    const inputs = words.findIndex((w) => /^:{3,4}\+?$/.test(w.value));
    // `::: a b c` gives the inputs on the command line (`::::` names files holding them): then nothing is
    // read from stdin, and the inputs are the command's arguments as written (docs/adr/0420).
    const given = inputs === -1 ? [] : words.slice(inputs);
    const literal = given.length > 1 && given.every((w) => !/^::::/.test(w.value));
    const items = literal ? given.filter((w) => !/^:{3}\+?$/.test(w.value)) : [];
    if (inputs !== -1) words = words.slice(0, inputs);
    // Without a command, every input line is a command; one word with blanks is a command line for a shell,
    // with the inputs put in: code nobody can see here.
    if (words.length === 0 || (words.length === 1 && /\s/.test(words[0]!.value))) {
      const line = words[0];
      return {
        kind: "code",
        label: "parallel",
        code: { value: line?.value ?? "", dynamic: true, raw: line?.raw ?? "(input lines)" },
        sameShell: false,
        assignments: [],
      };
    }
    // Otherwise like xargs: {} and its kin are replaced by inputs, and inputs are appended.
    const argFile = optionValue(o, "-a", "--arg-file");
    const jobs = unbounded(optionValue(o, "-j", "--jobs"), "parallel -j");
    // Known inputs: a bare `{}` ending the command is each of them, appended like the inputs of a command without
    // one. A `{}` before other words stands where it is (`parallel ssh {} 'sudo reboot' ::: web1 web2`): moving the
    // inputs to the end would make the remote command a host name (docs/adr/0484).
    const placed = words.findIndex((w) => w.value === "{}");
    const trailing = placed === -1 || words.slice(placed).every((w) => w.value === "{}");
    if (literal && argFile === null && trailing && !words.some((w) => w.value !== "{}" && /\{[^{}]*\}/.test(w.value)))
      return peeled("parallel", [...words.filter((w) => w.value !== "{}"), ...items], jobs);
    return peeled(
      "parallel",
      words.map((w) => (/\{[^{}]*\}/.test(w.value) ? { ...w, dynamic: true } : w)),
      { dynamicArgs: true, ...(argFile !== null ? { reads: [argFile] } : {}), ...jobs },
    );
  },
  cmake(args) {
    const tool = cmakeTool(args);
    return tool === null ? NONE : peeled("cmake -E", tool.words, { workdir: tool.workdir });
  },
  // A tool shipped as a jar is that tool (docs/adr/0483).
  java: (args) => javaJar(args),
  busybox: (args) => (args[0] === undefined || args[0].value.startsWith("-") ? NONE : peeled("busybox", args)),
  toybox: (args) => (args[0] === undefined || args[0].value.startsWith("-") ? NONE : peeled("toybox", args)),
  // shx (ShellJS's command line) runs its first operand as the unix command of that name: `shx rm -rf dist` is
  // `rm -rf dist` (docs/adr/0766). Its own options (`--silent`, `--verbose`) come first.
  shx(args) {
    const at = args.findIndex((w) => !w.value.startsWith("-"));
    return at < 0 || args.slice(0, at).some((w) => w.dynamic) ? NONE : peeled("shx", args.slice(at));
  },
  eval(args) {
    if (args.length === 0) return NONE;
    // eval joins its arguments with spaces and runs the result in the same shell.
    const code: Word = {
      value: args.map((a) => a.value).join(" "),
      dynamic: args.some((a) => a.dynamic),
      raw: args.map((a) => a.raw).join(" "),
      ...(args.some((a) => a.echoed === true) ? { echoed: true } : {}),
    };
    return { kind: "code", label: "eval", code, sameShell: true, assignments: [] };
  },
  // bash evaluates mapfile's `-C CALLBACK` every `-c` lines, with the index and the line appended: a code string
  // like eval's, run in the same shell (docs/adr/0784). mapfile stays a command too: it still fills its array.
  mapfile: (args) => mapfileCallback("mapfile", args),
  readarray: (args) => mapfileCallback("readarray", args),
  su(args) {
    // su takes options before and after the user name: look for -c anywhere.
    for (let i = 0; i < args.length; i++) {
      const v = args[i]!.value;
      if (v.startsWith("--command=")) return suCode({ ...args[i]!, value: v.slice("--command=".length) });
      if (v === "-c" || v === "--command") return args[i + 1] === undefined ? NONE : suCode(args[i + 1]!);
    }
    return NONE;
  },
  run0(args) {
    // systemd's sudo: with no command it opens a root shell, which the program knowledge judges.
    const o = parseOptions(args, {
      short: "ugD",
      long: [
        "--user",
        "--group",
        "--chdir",
        "--setenv",
        "--unit",
        "--property",
        "--description",
        "--slice",
        "--nice",
        "--machine",
        "--background",
        "--shell-prompt-prefix",
      ],
    });
    return peeled("run0", args.slice(o.rest), { workdir: optionValue(o, "-D", "--chdir") });
  },
  sg(args) {
    // `sg GROUP [-c] 'command line'`: the line runs in /bin/sh with GROUP's rights (the docker group's are root's).
    const rest = args[0]?.value === "-" ? args.slice(1) : args;
    const after = rest.slice(1);
    const line = after[0]?.value === "-c" ? after[1] : after[0];
    return line === undefined ? NONE : { kind: "code", label: "sg", code: line, sameShell: false, assignments: [] };
  },
  machinectl(args) {
    // `machinectl shell [USER@][HOST] [PATH [ARGS…]]`: without a path it opens a login shell there.
    const o = parseOptions(args, { short: "pspMHE", long: ["--property", "--machine", "--host", "--setenv", "--uid"] });
    const rest = args.slice(o.rest);
    if (rest[0]?.value !== "shell") return NONE;
    return peeled("machinectl shell", rest.slice(2));
  },
  pkexec(args) {
    const o = parseOptions(args, { short: "", long: ["--user"] });
    return peeled("pkexec", args.slice(o.rest));
  },
  runuser(args) {
    for (let i = 0; i < args.length; i++) {
      const v = args[i]!.value;
      if (v === "-c" || v === "--command")
        return args[i + 1] === undefined
          ? NONE
          : { kind: "code", label: "runuser -c", code: args[i + 1]!, sameShell: false, assignments: [] };
    }
    const o = parseOptions(args, {
      short: "ugGsw",
      long: ["--user", "--group", "--supp-group", "--shell", "--whitelist-environment"],
    });
    return peeled("runuser", args.slice(o.rest));
  },
  setsid(args) {
    const o = parseOptions(args, { short: "" });
    return peeled("setsid", args.slice(o.rest));
  },
  ionice(args) {
    const o = parseOptions(args, { short: "cnp", long: ["--class", "--classdata", "--pid", "--pgid", "--uid"] });
    if (hasOption(o, "-p", "-P", "-u", "--pid", "--pgid", "--uid")) return NONE; // acts on running processes
    return peeled("ionice", args.slice(o.rest));
  },
  taskset(args) {
    const o = parseOptions(args, { short: "" });
    if (hasOption(o, "-p", "--pid")) return NONE;
    return peeled("taskset", args.slice(o.rest + 1)); // the first operand is the CPU mask or list
  },
  flock(args) {
    for (let i = 0; i < args.length; i++) {
      const v = args[i]!.value;
      if (v === "-c" || v === "--command")
        return args[i + 1] === undefined
          ? NONE
          : { kind: "code", label: "flock -c", code: args[i + 1]!, sameShell: false, assignments: [] };
    }
    const o = parseOptions(args, { short: "wE", long: ["--timeout", "--wait", "--conflict-exit-code"] });
    return peeled("flock", args.slice(o.rest + 1)); // the first operand is the lock file (or an fd: no command)
  },
  // zsh's and tcsh's `repeat N CMD` (`repeat N { … }`) runs CMD N times. bash has no such word; read as bash, a
  // `&` before the group's `}` is the command's, and in zsh it starts a job on every pass (docs/adr/0749).
  repeat(args) {
    const n = Number(args[0]?.value ?? "");
    if (args[0]?.dynamic === true || !Number.isInteger(n) || args.length < 2) return NONE;
    return peeled(`repeat ${n}`, args.slice(1), n >= HUGE_LOOP ? { repeats: `repeat ${n}`, backgroundEach: true } : {});
  },
  watch(args) {
    const o = parseOptions(args, { short: "nq", long: ["--interval", "--equexit"] });
    const rest = args.slice(o.rest);
    // Every run starts afresh after the interval (2 s unless -n) until watch is killed, and nothing reaps what a run
    // leaves behind: a job started detached on each run piles up without end, however long the pause. Its exits on a
    // change (-g, -e) are no bound: a detached job's output never changes (docs/adr/0749).
    const repeats = { repeats: `watch -n ${optionValue(o, "-n", "--interval")?.value ?? "2"}` };
    if (hasOption(o, "-x", "--exec")) return peeled("watch", rest, repeats);
    if (rest.length === 0) return NONE;
    // Without -x, watch joins its arguments and runs them with `sh -c`.
    const code: Word = {
      value: rest.map((a) => a.value).join(" "),
      dynamic: rest.some((a) => a.dynamic),
      raw: rest.map((a) => a.raw).join(" "),
    };
    return { kind: "code", label: "watch", code, sameShell: false, assignments: [], ...repeats };
  },
  chroot(args) {
    const o = parseOptions(args, { short: "", long: ["--userspec", "--groups"] });
    // The first operand is the new root; the label keeps it, since a host's root mounted in a container
    // (`chroot /host sh`) is the host (docs/adr/0385).
    const root = args[o.rest];
    return peeled(root === undefined ? "chroot" : `chroot ${root.raw}`, args.slice(o.rest + 1));
  },
  coproc(args) {
    // The grammar does not know coproc: `coproc NAME { cmd; }` arrives as plain words.
    const brace = args.findIndex((w, i) => i <= 1 && (w.value === "{" || w.value === "("));
    return peeled("coproc", brace >= 0 ? args.slice(brace + 1) : args);
  },
  unbuffer(args) {
    const o = parseOptions(args, { short: "" });
    return peeled("unbuffer", args.slice(o.rest));
  },
  // A line editor and a password feeder around a command (`rlwrap nc -lvnp 4444`, `sshpass -p pw ssh -R …`):
  // the command runs as given (docs/adr/0307).
  rlwrap(args) {
    const o = parseOptions(args, {
      short: "bCDefFgHlMOPqSstwz",
      long: [
        "--break-chars",
        "--command-name",
        "--histsize",
        "--extra-char-after-completion",
        "--file",
        "--history-format",
        "--forget-matching",
        "--history-filename",
        "--logfile",
        "--multi-line-ext",
        "--only-cook",
        "--pre-given",
        "--quote-characters",
        "--substitute-prompt",
        "--set-term-name",
        "--filter",
      ],
    });
    return peeled("rlwrap", args.slice(o.rest));
  },
  sshpass(args) {
    const o = parseOptions(args, { short: "pfdP" });
    return peeled("sshpass", args.slice(o.rest));
  },
  // Database shells' own shell escapes run a command line: sqlite3's `.shell`/`.system`, psql's `\!`, mysql's
  // `system`/`\!` (docs/adr/0307). The command is judged; without one the program stays.
  sqlite3: (args) => shellEscape("sqlite3 .shell", args, SQLITE_ESCAPE),
  sqlite: (args) => shellEscape("sqlite .shell", args, SQLITE_ESCAPE),
  duckdb: (args) => shellEscape("duckdb .shell", args, SQLITE_ESCAPE),
  psql: (args) => shellEscape("psql \\!", args, PSQL_ESCAPE),
  mysql: (args) => shellEscape("mysql system", args, MYSQL_ESCAPE),
  mariadb: (args) => shellEscape("mariadb system", args, MYSQL_ESCAPE),
  find(args) {
    const execs: { label: string; words: Word[] }[] = [];
    // `{}` is what the tests selected, as one path glob (find-selection.ts); unknown when that cannot be said.
    const selection = findSelection(args);
    const tree = selection === null ? findTree(args) : null;
    for (let i = 0; i < args.length; i++) {
      const action = args[i]!.value;
      if (!["-exec", "-execdir", "-ok", "-okdir"].includes(action)) continue;
      const words: Word[] = [];
      let j = i + 1;
      for (; j < args.length; j++) {
        const v = args[j]!.value;
        if (v === ";" || (v === "+" && args[j - 1]?.value === "{}")) break;
        if (v === "{}" && selection !== null) words.push({ value: selection, raw: args[j]!.raw, dynamic: false });
        else words.push(v.includes("{}") ? { ...args[j]!, dynamic: true } : args[j]!);
      }
      if (words.length > 0) execs.push({ label: `find ${action}`, words: modeTree(words, args.slice(i + 1, j), tree) });
      i = j;
    }
    return execs.length === 0 ? NONE : { kind: "find", execs };
  },
};

/** Mode and owner changes `find` hands its entries to, by any selection: the same change `-R` makes to the tree. */
const TREE_MODE = new Set(["chmod", "chown", "chgrp"]);

/**
 * `find DIR … -exec chmod MODE {} +` changes the mode of entries below DIR, at most every one: `chmod -R MODE DIR`,
 * judged as that (docs/adr/0441), instead of `{}` nobody can resolve. Only with one whole `{}` operand.
 */
function modeTree(words: Word[], written: readonly Word[], tree: string | null): Word[] {
  if (tree === null || !TREE_MODE.has(words[0]?.value ?? "")) return words;
  if (
    written.filter((w) => w.value === "{}").length !== 1 ||
    written.some((w) => w.value !== "{}" && w.value.includes("{}"))
  )
    return words;
  return [
    written[0]!,
    { value: "-R", dynamic: false, raw: "-R" },
    ...written.slice(1).map((w) => (w.value === "{}" ? { value: tree, dynamic: false, raw: w.raw } : w)),
  ];
}

export function peelWrapper(program: string, args: readonly Word[]): Peel {
  if (SHELLS.has(program)) return shellCode(program, args);
  // Own properties only: a program called `valueOf` must not reach Object.prototype.
  const spec = Object.hasOwn(SPECS, program)
    ? ownEntry(SPECS, program)
    : Object.hasOwn(RUNNER_SPECS, program)
      ? ownEntry(RUNNER_SPECS, program)
      : Object.hasOwn(OWN_PROXY, program)
        ? ownEntry(OWN_PROXY, program)
        : Object.hasOwn(NPM_TOOL_SPELLINGS, program)
          ? ownEntry(NPM_TOOL_SPELLINGS, program)
          : ownEntry(JOB_WRAPPERS, program);
  if (spec !== undefined) return spec(args, program);
  // `python3 -m pip install x` is pip (docs/adr/0370).
  const language = interpreterOf(program);
  if (language === "perl") return perlCommandModule(args); // `perl -MExtUtils::Command -e rm_rf x` (docs/adr/0507)
  if (language === "javascript") return nodeLauncher(program, args); // `node node_modules/.bin/x` (docs/adr/0806)
  return language === "python" ? pythonModule(args) : NONE;
}

/**
 * Programs the shell analysis itself knows to run commands or code (shells, interpreters, wrappers and runners):
 * when one declines to peel (`command -v x`, `sudo -l`), it had its reason, and nobody else may read its words
 * as a command it carries (docs/adr/0501).
 */
export function runsCommands(program: string): boolean {
  return (
    SHELLS.has(program) ||
    Object.hasOwn(SPECS, program) ||
    Object.hasOwn(RUNNER_SPECS, program) ||
    Object.hasOwn(JOB_WRAPPERS, program) ||
    Object.hasOwn(OWN_PROXY, program) ||
    Object.hasOwn(NPM_TOOL_SPELLINGS, program) ||
    interpreterOf(program) !== null
  );
}

/** `bash -c 'code' $0 $1`, `sh -lc`, `bash -ec`, ...: the first operand is the code when -c is present. */
function shellCode(program: string, args: readonly Word[]): Peel {
  const o = parseOptions(args, { short: "oO", long: ["--rcfile", "--init-file"], plus: true });
  const cmode = o.options.some(
    (opt) => opt.name.startsWith("-") && !opt.name.startsWith("--") && opt.name.endsWith("c"),
  );
  const code = args[o.rest];
  if (!cmode || code === undefined) return NONE;
  // A startup file (`--rcfile F -i`, `--init-file F`) runs before the code: the shell is judged as a command of
  // its own too, so the file is read as code it runs (docs/adr/0746).
  const startup = o.options.some((opt) => opt.name === "--rcfile" || opt.name === "--init-file");
  return {
    kind: "code",
    label: `${program} -c`,
    code: program === "zsh" ? zshCode(code) : code,
    sameShell: false,
    assignments: [],
    positional: args.slice(o.rest + 1),
    ...(startup ? { wrapperToo: "always" as const } : {}),
  };
}

/** zsh code without its filter-only glob qualifiers, which bash cannot parse (docs/adr/0800). */
function zshCode(code: Word): Word {
  if (code.dynamic) return code;
  const value = withoutGlobQualifiers(code.value);
  return value === code.value ? code : { ...code, value };
}

/** `-P 0` / `-j 0` (as many at once as there are inputs), or a count no process limit allows. */
function unbounded(value: Word | null, label: string): { unboundedJobs?: string } {
  if (value === null) return {};
  const v = value.value.trim();
  return v === "0" || (/^\d+$/.test(v) && Number(v) >= MANY_JOBS) ? { unboundedJobs: `${label} ${v}` } : {};
}

function suCode(code: Word): Peel {
  return { kind: "code", label: "su -c", code, sameShell: false, assignments: [] };
}

function xargsReplace(options: readonly { name: string; value: Word | null }[]): string | null {
  for (const o of options) {
    if (o.name === "-I" && o.value !== null) return o.value.value;
    if (o.name === "-i" || o.name === "--replace") return o.value?.value ?? "{}";
  }
  return null;
}

/** mapfile's options that take a value: `-d DELIM`, `-n COUNT`, `-O ORIGIN`, `-s COUNT`, `-u FD`, `-C CODE`, `-c N`. */
function mapfileCallback(program: string, args: readonly Word[]): Peel {
  const callback = optionValue(parseOptions(args, { short: "dnOsuCc" }), "-C");
  if (callback === null) return NONE;
  // The appended index and line are data of unknown content: the callback's code is judged with them as operands.
  const code: Word = { ...callback, value: `${callback.value} 0 "$MAPFILE_LINE"`, raw: callback.raw };
  return { kind: "code", label: `${program} -C`, code, sameShell: true, assignments: [], wrapperToo: "always" };
}
