/**
 * The files of code a command hands to an interpreter, a runner or a build tool to run (docs/adr/0638): the
 * script operand (`python3 /tmp/x.py`, `bash -x /tmp/i.sh`, `node /tmp/p.js`, `source /tmp/s.sh`, `sh < /tmp/c`),
 * the file a runner module runs (`python3 -m cProfile /tmp/p.py`), and options that name code
 * (`node --require /tmp/h.js`, `java -jar /tmp/x.jar`, `-agentpath:/tmp/e.so`, `cargo run --manifest-path …`,
 * `pandoc --lua-filter=…`, `ssh -o PKCS11Provider=…`). As written; the caller judges where they are.
 */
import { ownEntry } from "../../core/index.ts";
import { codeLoads, inlineCode, JAR_LABEL, type SimpleCommand } from "../shell/index.ts";

interface Operand {
  /** Options that take the next word as their value. */
  readonly values?: readonly string[];
  /** Options after which the program runs code given inline, not a file (`-c`, `-e`). */
  readonly inline?: readonly string[];
  /** Leading words that must come first (`run` of `go run`), skipped before the operand. */
  readonly sub?: string;
  /** Without its `sub` word the program still runs a file given by its path (`bun /tmp/x.ts`, `bun run x.ts`). */
  readonly bareFile?: true;
}

const SHELL: Operand = { values: ["-o", "-O", "--rcfile", "--init-file"], inline: ["-c", "-s"] };
const PYTHON: Operand = { values: ["-W", "-X", "-Q"], inline: ["-c", "-m"] };

/** Programs whose first operand (after their options) is the file of code they run. */
const FIRST_OPERAND: Readonly<Record<string, Operand>> = {
  sh: SHELL,
  bash: SHELL,
  zsh: SHELL,
  dash: SHELL,
  ksh: SHELL,
  ash: SHELL,
  mksh: SHELL,
  source: {},
  ".": {},
  node: {
    values: ["-r", "--require", "--import", "--loader", "--experimental-loader", "--env-file", "--env-file-if-exists"],
    inline: ["-e", "--eval", "-p", "--print"],
  },
  nodejs: { values: ["-r", "--require", "--import"], inline: ["-e", "--eval", "-p", "--print"] },
  tsx: { values: ["--env-file", "--env-file-if-exists"], inline: ["-e", "--eval"] },
  // TypeScript and Babel runners of npm (round 12): their first operand is the file they run.
  "babel-node": { inline: ["-e", "--eval", "-p", "--print"] },
  esno: { inline: ["-e", "--eval"] },
  esr: {},
  "sucrase-node": {},
  "swc-node": {},
  // unjs' runner of TypeScript, as tsx (docs/adr/0865).
  jiti: {},
  "ts-node": { inline: ["-e", "--eval"] },
  zx: { inline: ["--eval"] },
  // Runners whose operand is the file they run (round 13, docs/adr/0843): vite's node runner, the restarting
  // runner, IPython, and coverage's `run`.
  "vite-node": { values: ["-r", "--root", "-c", "--config", "-m", "--mode"] },
  nodemon: {
    values: ["-x", "--exec", "-w", "--watch", "-e", "--ext", "-i", "--ignore", "-d", "--delay", "-r", "--require"],
  },
  ipython: PYTHON,
  ipython3: PYTHON,
  coverage: {
    sub: "run",
    values: ["--rcfile", "--source", "--include", "--omit", "--data-file", "--context", "--concurrency"],
    inline: ["-m", "--module"],
  },
  php: { values: ["-c", "-d", "-z", "-S", "-t"], inline: ["-r"] },
  ruby: { values: ["-r", "-I", "-C"], inline: ["-e"] },
  perl: { values: ["-I", "-M", "-m"], inline: ["-e", "-E"] },
  lua: { values: ["-l"], inline: ["-e"] },
  luajit: { values: ["-l"], inline: ["-e"] },
  Rscript: { inline: ["-e"] },
  julia: { values: ["--project", "-p", "-t"], inline: ["-e", "-E"] },
  runghc: {},
  runhaskell: {},
  xsltproc: { values: ["-o", "--output", "--param", "--stringparam"] },
  "run-parts": { values: ["--regex", "-u", "--umask", "-a", "--arg"] },
  deno: { sub: "run", values: ["--config", "-c", "--import-map", "--lock"] },
  bun: { sub: "run", values: ["--cwd", "--config"], bareFile: true },
  go: { sub: "run", values: ["-exec", "-o", "-tags", "-ldflags", "-gcflags", "-mod"] },
  dart: { sub: "run" },
  busybox: { sub: "ash" },
  forever: { sub: "start", values: ["-c", "-l", "-o", "-e", "-p", "--uid", "--sourceDir", "--workingDir", "-m"] },
  pm2: { sub: "start", values: ["--name", "-n", "--interpreter", "--cwd", "-i", "--instances", "--node-args"] },
  dotnet: { sub: "script" },
  // A notebook's cells are code its kernel runs (docs/adr/0780).
  jupyter: { sub: "execute", values: ["--kernel_name", "--output"] },
  papermill: {
    values: ["-p", "--parameters", "-k", "--kernel", "-f", "--parameters_file", "--cwd", "-l", "--language"],
  },
};

/** node's options that read an env file, whose NODE_OPTIONS node then applies to itself. */
const ENV_FILES = ["--env-file", "--env-file-if-exists"];

/** Options whose value is code the program runs (or the directory holding it). */
const CODE_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  // An env file node reads may set NODE_OPTIONS, which node honours: its preloads are code (docs/adr/0862).
  node: ["-r", "--require", "--import", "--loader", "--experimental-loader", ...ENV_FILES],
  nodejs: ENV_FILES,
  tsx: ENV_FILES,
  // A shell's startup file runs before anything it is told to do.
  bash: ["--rcfile", "--init-file"],
  java: ["-jar"],
  kotlinc: ["-script"],
  kotlin: ["-script"],
  tcc: ["-run"],
  dotnet: ["--project", "-p"],
  ant: ["-f", "-file", "-buildfile"],
  cargo: ["--manifest-path"],
  snakemake: ["-s", "--snakefile"],
  tox: ["-c"],
  nox: ["-f", "--noxfile"],
  scons: ["-f", "--file", "--makefile", "--sconstruct"],
  gulp: ["--gulpfile"],
  grunt: ["--gruntfile"],
  pandoc: ["--lua-filter", "--filter", "-L", "-F"],
  npm: ["--prefix"],
  yarn: ["--cwd"],
  pnpm: ["--dir", "-C"],
  // A program file of awk or sed is code as much as a script (`awk -f /tmp/x.awk`, gawk's `-i` includes one).
  awk: ["-f", "--file"],
  gawk: ["-f", "--file", "-i", "--include"],
  mawk: ["-f"],
  nawk: ["-f"],
  sed: ["-f", "--file"],
  gsed: ["-f", "--file"],
  // A debugger's or an editor's command file is a program of its own (docs/adr/0714): gdb's `shell`, emacs' Lisp.
  gdb: ["-x", "--command", "-command", "-ix", "--init-command", "-init-command"],
  emacs: ["-l", "--load", "-load", "--script", "-script"],
  xemacs: ["-l", "--load", "-load", "--script", "-script"],
};

/** gdb's commands on its command line (`-ex`, `--eval-command=`, `-iex`). */
const GDB_COMMAND = /^--?(?:ex|eval-command|iex|init-eval-command)(?:=(.*))?$/s;

/** The files gdb's command-line commands load: `-ex 'source FILE'` runs FILE's commands (docs/adr/0714). */
function gdbSourced(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const m = GDB_COMMAND.exec(args[i]!);
    const command = m === null ? undefined : (m[1] ?? args[++i]);
    const source = command === undefined ? null : /^\s*so(?:urce)?\s+(?:-[sv]\s+)*(\S+)/.exec(command);
    if (source !== null) out.push(source[1]!.replace(/^(["'])(.*)\1$/, "$2"));
  }
  return out;
}

/** Python modules that run the file (or the tests in the directory) they are given. */
/** `pickle` is here too: `python3 -m pickle FILE` unpickles it, and unpickling runs what the file names. */
const PYTHON_RUNNERS = new Set([
  "pickle",
  "cProfile",
  "profile",
  "trace",
  "pdb",
  "runpy",
  "pytest",
  "doctest",
  "unittest",
  // pydoc imports a file given by its path to document it, running its top-level code (docs/adr/0751).
  "pydoc",
  // coverage's `run` runs its file, and pytest the tests in its paths (docs/adr/0843).
  "coverage",
]);
/** The runners' options whose value is no code they run: outputs, reports, names, filters, folders of data. */
const RUNNER_VALUES = new Set([
  "-o",
  "--outfile",
  "-p",
  "-c",
  "-k",
  "-m",
  "--rootdir",
  "--basetemp",
  "-t",
  "-d",
  "--directory",
  "--data-file",
  "--junitxml",
  "--junit-xml",
  "--html",
  "--cov-report",
  "--json-report-file",
  "--log-file",
  "--ignore",
  "--deselect",
  "--confcutdir",
]);
/** pytest's own names: its operands are the files and folders of tests it imports and runs. */
const PYTESTS = new Set(["pytest", "py.test"]);
/** Options whose value is code glued to the option: `-agentpath:/tmp/e.so`, `-o PKCS11Provider=/tmp/e.so`. */
const GLUED = /^-(?:agentpath|javaagent):([^=]+)|^(?:PKCS11Provider|SecurityKeyProvider)=(.+)$/i;
/** php's `-d` settings that load a native extension or run a file before the script (`-d extension=/tmp/x.so`). */
const PHP_CODE_SETTING = /^(?:-d)?(?:zend_)?(?:extension|auto_prepend_file|auto_append_file)=(.+)$/;

/** The words naming files of code this command runs, as written. */
export function scriptOperands(cmd: SimpleCommand): string[] {
  const out: string[] = [];
  const program = /^python[0-9.]*$|^pypy[0-9.]*$/.test(cmd.program) ? "python" : cmd.program;
  const args = cmd.args;
  if (PYTESTS.has(program)) out.push(...runnerPaths(args), ...pytestOverrides(args));
  else if (program === "python") {
    out.push(...pythonFiles(args));
    // As for a shell below: with no script and no inline code, python runs what is redirected into it.
    if (out.length === 0 && !args.some((a) => PYTHON.inline?.includes(a) || /^-[a-zA-Z]*[cm]/.test(a)))
      out.push(...stdinFiles(cmd));
  } else if (/^ld(?:-linux[\w.-]*)?\.so(?:\.\d+)?$/.test(program)) {
    const first = args.find((a) => !a.startsWith("-"));
    if (first !== undefined) out.push(first);
  } else if (program === "ldd") {
    // ldd asks the binary's own loader to list its libraries: a binary with another interpreter runs (ADR 0751).
    out.push(...args.filter((a) => !a.startsWith("-")));
  } else {
    const spec = ownEntry(FIRST_OPERAND, program);
    // Code given inline in any spelling the one-liner reader knows (a cluster like perl's `-pe`, `-lne`) is the
    // program: its operands are the files it reads, not a script (docs/adr/0767).
    if (spec !== undefined && (oneLiner(cmd) === null || perlValueBeforeE(cmd))) {
      const file = firstOperand(args, spec);
      if (file !== null) out.push(file);
      // A shell or interpreter with no script reads one from stdin: a file redirected in is that script.
      else if (!args.some((a) => (spec.inline ?? []).includes(a))) out.push(...stdinFiles(cmd));
    }
    if (program === "java") {
      const first = args.find((a) => !a.startsWith("-"));
      if (first !== undefined && /\.java$/.test(first)) out.push(first);
    }
  }
  const options = ownEntry(CODE_OPTIONS, program) ?? [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const eq = a.indexOf("=");
    if (options.includes(a) && args[i + 1] !== undefined) out.push(args[i + 1]!);
    else if (eq > 0 && options.includes(a.slice(0, eq))) out.push(a.slice(eq + 1));
    // A short option with its value glued on (`node -r/tmp/h.js`, `rollup -c/tmp/r.mjs`): docs/adr/0841.
    else if (/^-[a-zA-Z]./.test(a) && options.includes(a.slice(0, 2))) out.push(a.slice(2));
    const glued = GLUED.exec(a);
    if (glued !== null) out.push(glued[1] ?? glued[2]!);
    const setting =
      /^php[0-9.]*$/.test(program) && (a.startsWith("-d") || args[i - 1] === "-d") ? PHP_CODE_SETTING.exec(a) : null;
    if (setting !== null) out.push(setting[1]!);
  }
  if (program === "gdb") out.push(...gdbSourced(args));
  if (/^ipython[0-9.]*$/.test(program)) out.push(...ipythonFiles(args));
  if (program === "jupyter" && args[0] === "nbconvert") out.push(...executedNotebooks(args.slice(1)));
  if (program === "jupyter-nbconvert") out.push(...executedNotebooks(args));
  if (program === "bun" && args[0] === "test") out.push(...bunTestPaths(args.slice(1)));
  out.push(...oneLinerLoads(cmd));
  const jar = peeledJar(cmd);
  if (jar !== null) out.push(jar);
  // The devices (`/dev/stdin`, `/dev/fd/3`, `/dev/null`) are no files of code; /dev/shm is a folder anyone writes.
  return out.filter((w) => w !== "" && w !== "-" && !/^\/dev\/(?!shm\/)/.test(w));
}

/** The files a one-liner's code loads, maps in or deserialises (`node -e 'require("/tmp/x.js")'`): docs/adr/0710. */
function oneLinerLoads(cmd: SimpleCommand): string[] {
  const inline = oneLiner(cmd);
  return inline === null || inline.code.dynamic ? [] : codeLoads(inline.language, inline.code.value);
}

/** One reading per command: loads, sends, secrets and stdin each ask for it (the command never changes). */
const ONE_LINERS = new WeakMap<SimpleCommand, ReturnType<typeof inlineCode>>();

/** The code a command is given on its command line (`perl -pe CODE`, `node -e CODE`), or null. */
export function oneLiner(cmd: SimpleCommand): ReturnType<typeof inlineCode> {
  if (ONE_LINERS.has(cmd)) return ONE_LINERS.get(cmd)!;
  const words = cmd.args.map((value, i) => ({ value, dynamic: cmd.unknownArgs?.includes(i) ?? false, raw: value }));
  const inline = inlineCode(cmd.program, words);
  ONE_LINERS.set(cmd, inline);
  return inline;
}

/**
 * A perl cluster where a letter that takes the rest of the word as its value comes before an `e`/`E`: `-pie` is
 * `-p -i` with the backup suffix `e`, and the next word is the script's file, not code.
 */
function perlValueBeforeE(cmd: SimpleCommand): boolean {
  return /^perl[0-9.]*$/.test(cmd.program) && cmd.args.some((a) => /^-[A-Za-z0-9]*[iIMmxdDFC][^=]*[eE]/.test(a));
}

/** Files redirected into a program's stdin: a shell's or interpreter's script when it is given none. */
function stdinFiles(cmd: SimpleCommand): string[] {
  return cmd.redirects.flatMap((r) =>
    r.mode === "read" && r.target !== null && (r.fd === null || r.fd === 0) ? [r.target] : [],
  );
}

/**
 * The jar of `java -jar FILE.jar`, which jar-tools.ts peels to the tool FILE names (docs/adr/0656): the program is
 * then the tool, and the jar is the read the peel adds last, after the command's own redirects.
 */
function peeledJar(cmd: SimpleCommand): string | null {
  if (!cmd.context.wrappers.includes(JAR_LABEL)) return null;
  const read = cmd.redirects.findLast((r) => r.mode === "read" && r.fd === 0);
  return read?.target ?? null;
}

function firstOperand(args: readonly string[], spec: Operand): string | null {
  let i = 0;
  if (spec.sub !== undefined && args[0] === spec.sub) i = 1;
  else if (spec.sub !== undefined) {
    if (spec.bareFile === undefined) return null;
    const { sub: _, ...bare } = spec;
    const file = firstOperand(args, bare);
    return file !== null && /\/|\.[cm]?[jt]sx?$/.test(file) ? file : null;
  }
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") return args[i + 1] ?? null;
    if ((spec.inline ?? []).includes(a)) return null;
    if ((spec.values ?? []).includes(a)) {
      i++;
      continue;
    }
    if (a.startsWith("-")) continue;
    return a;
  }
  return null;
}

/** `python3 FILE`, and `python3 -m cProfile|pdb|runpy|pytest|… FILE`: the path-like words after the module. */
function pythonFiles(args: readonly string[]): string[] {
  const m = args.indexOf("-m");
  if (m < 0) {
    const file = firstOperand(args, PYTHON);
    return file === null ? [] : [file];
  }
  const rest = args.slice(m + 2);
  // jupyter run as a module is the program of that name (docs/adr/0865); `-m IPython` is peeled to ipython (0870).
  if (args[m + 1] === "jupyter") {
    const file = firstOperand(rest, FIRST_OPERAND.jupyter!);
    return [...(file === null ? [] : [file]), ...(rest[0] === "nbconvert" ? executedNotebooks(rest.slice(1)) : [])];
  }
  if (args[m + 1] === "nbconvert") return executedNotebooks(rest);
  if (!PYTHON_RUNNERS.has(args[m + 1] ?? "")) return [];
  return args[m + 1] === "pytest" ? [...runnerPaths(rest), ...pytestOverrides(rest)] : runnerPaths(rest);
}

/** pytest's settings whose value is a place it imports from: folders put on sys.path, folders of tests collected. */
const PYTEST_PLACES = new Set(["pythonpath", "testpaths"]);

/**
 * The places and files pytest's ini overrides make it import (docs/adr/0864): `-o pythonpath=DIR` (its plugins
 * and tests' imports come from there first), `-o testpaths=DIR` (collected when no path is given, conftest.py
 * included), and `-o addopts=…`, whose words are read as pytest's own arguments.
 */
function pytestOverrides(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const m = /^(?:-o|--override-ini)(?:=|(?<=^-o)(?=.))(.*)$/s.exec(a);
    const setting = m !== null ? m[1]! : a === "-o" || a === "--override-ini" ? args[++i] : undefined;
    if (setting === undefined) continue;
    const eq = setting.indexOf("=");
    const key = setting.slice(0, eq).trim();
    const words = setting
      .slice(eq + 1)
      .split(/\s+/)
      .filter((w) => w !== "");
    if (eq <= 0) continue;
    if (PYTEST_PLACES.has(key)) out.push(...words);
    else if (key === "addopts") out.push(...runnerPaths(words), ...pytestOverrides(words), ...configFiles(words));
  }
  return out;
}

/** pytest's `-c FILE` / `--config-file=FILE` among words: a configuration naming its plugins and paths. */
function configFiles(words: readonly string[]): string[] {
  return words.flatMap((w, k) => {
    const glued = /^(?:--config-file=|-c)(.+)$/.exec(w);
    if (glued !== null) return [glued[1]!];
    return (w === "-c" || w === "--config-file") && words[k + 1] !== undefined ? [words[k + 1]!] : [];
  });
}

/**
 * Path-like words, except the values of the runners' own options (cProfile's output, pytest's plugin, pdb's
 * commands); `-s DIR` of unittest discover is a place of tests.
 */
function runnerPaths(args: readonly string[]): string[] {
  return args.filter((a, k) => !a.startsWith("-") && /[/.]/.test(a) && !RUNNER_VALUES.has(args[k - 1] ?? ""));
}

/**
 * IPython's settings whose value is a file it runs at start (docs/adr/0865): `--InteractiveShellApp.exec_files=F`,
 * `--TerminalIPythonApp.file_to_run=F`, under any of its applications' names, a list or one file.
 */
function ipythonFiles(args: readonly string[]): string[] {
  return args.flatMap((a) => {
    const m = /^--[\w.]*\.(?:exec_files|file_to_run)=(.*)$/s.exec(a);
    if (m === null) return [];
    return m[1]!
      .replace(/^\[|\]$/g, "")
      .split(",")
      .map((w) => w.trim().replace(/^(["'])(.*)\1$/, "$2"))
      .filter((w) => w !== "");
  });
}

/** nbconvert's options whose next word is no notebook. */
const NBCONVERT_VALUES = new Set(["--to", "--output", "--output-dir", "--template", "--template-file", "--config"]);

/** The notebooks `jupyter nbconvert --execute` runs, every cell (docs/adr/0865); none without `--execute`. */
function executedNotebooks(args: readonly string[]): string[] {
  if (!args.some((a) => a === "--execute" || /^--ExecutePreprocessor\.enabled=(?:True|1)$/i.test(a))) return [];
  return args.filter((a, k) => !a.startsWith("-") && /\.ipynb$|\//.test(a) && !NBCONVERT_VALUES.has(args[k - 1] ?? ""));
}

/** `bun test`'s options whose next word is no test path. */
const BUN_TEST_VALUES = new Set([
  "-t",
  "--test-name-pattern",
  "--timeout",
  "--rerun-each",
  "--coverage-dir",
  "--coverage-reporter",
  "--reporter",
  "--reporter-outfile",
  "--cwd",
  "--bail",
]);

/** The files and folders of tests `bun test` is given by their path (`bun test /tmp/x`): it imports and runs them. */
function bunTestPaths(args: readonly string[]): string[] {
  return args.filter((a, k) => !a.startsWith("-") && a.includes("/") && !BUN_TEST_VALUES.has(args[k - 1] ?? ""));
}
