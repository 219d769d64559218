/**
 * Task runners that read their tasks from a file (docs/adr/0756): just's justfile, go-task's Taskfile, rake's
 * Rakefile, ninja's build.ninja, invoke's and fabric's tasks.py. When the string wrote that file, or gives it on
 * stdin (`just --justfile /dev/stdin <<'EOF'`), its text is known: the recipes are the code that runs. make has
 * its own reading (carried-commands.ts, makeRecipes). A file nobody can read here leaves the decision as it was.
 * A file that is read is read whole (docs/adr/0781): what the reader does not understand is named in `unread`.
 */
import { ownEntry } from "../../core/index.ts";
import { outsideProject } from "./elsewhere.ts";
import type { Language } from "./interpreters.ts";
import { justfileCode } from "./justfile-reading.ts";
import { INVOKE_CONFIG, pythonTasks } from "./invoke-reading.ts";
import { ninjaCode } from "./ninja-reading.ts";
import { RAKELIB, rakefileCode } from "./rakefile-reading.ts";
import type { Word } from "./words.ts";
import { commandsIn, yamlValue } from "./yaml-commands.ts";

export interface TaskCode {
  /** `shell`: bash command lines; else the interpreter language of the whole file. */
  /** `unread`: `code` says what the file holds that could not be read (docs/adr/0781); it is not trusted. */
  readonly language: "shell" | "unread" | Language;
  readonly code: string;
}

/** A task file's reading: its bash command lines, and what it holds that this reading could not understand. */
export interface TaskReading {
  readonly code: readonly string[];
  readonly unread: readonly string[];
}

/** Files the runner reads beside its task file (rake's `rakelib/*.rake`, invoke's `invoke.yaml`), by path from its directory. */
export interface Companion {
  readonly matches: (path: string) => boolean;
  readonly read: (text: string) => TaskCode[];
}

export interface TaskFiles {
  /** The directory the runner changes to before it looks (`ninja -C build`), or null. */
  readonly dir: string | null;
  /** The files it reads, first found wins; `-` or `/dev/stdin` is its stdin. */
  readonly files: readonly string[];
  readonly read: (text: string) => TaskCode[];
  readonly companions: readonly Companion[];
}

/** Names under which a task file is given on stdin. */
export const STDIN_FILE: ReadonlySet<string> = new Set(["-", "/dev/stdin", "/proc/self/fd/0", "/dev/fd/0"]);

interface Runner {
  /** Options naming the task file. */
  readonly file: readonly string[];
  /** Options naming the directory it runs in. */
  readonly dir: readonly string[];
  /** The files it looks for when none is named. */
  readonly defaults: readonly string[];
  /** A named module rather than a file (`invoke -c build` reads build.py). */
  readonly module?: boolean;
  readonly read: (text: string) => TaskCode[];
  readonly companions?: readonly Companion[];
}

const shell = (lines: readonly string[], unread: readonly string[] = []): TaskCode[] => {
  const code = lines.filter((l) => l.trim() !== "").join("\n");
  return [
    ...(code === "" ? [] : [{ language: "shell" as const, code }]),
    ...unread.map((u) => ({ language: "unread" as const, code: u })),
  ];
};
const whole = (reading: TaskReading): TaskCode[] => shell(reading.code, reading.unread);

/** Taskfile keys whose values are command lines: a string, or a list of strings and `{cmd: …}`/`{sh: …}` mappings. */
const TASKFILE_KEYS: ReadonlySet<string> = new Set(["cmd", "cmds", "sh", "status", "preconditions", "defer"]);

/**
 * A Taskfile's command lines, read as YAML (docs/adr/0798): every `cmds` entry (a string or `{cmd: …}`), `cmd`,
 * `status`, `preconditions` and `defer` entries and `sh:` dynamic variables, wherever they sit; a task given as a
 * bare string or list is its commands. Null when the text is not one YAML document of a mapping or sequence.
 */
export function taskfileLines(text: string): string[] | null {
  const doc = yamlValue(text);
  // A scalar is no Taskfile; a fragment (yq's `.tasks.x.cmds[0] = "…"`) often is one: the caller reads it by line.
  if (doc === undefined || doc.value === null || typeof doc.value !== "object") return null;
  const out = commandsIn(doc.value, TASKFILE_KEYS);
  const tasks = doc.value !== null && typeof doc.value === "object" ? (doc.value as { tasks?: unknown }).tasks : null;
  if (tasks !== null && typeof tasks === "object")
    for (const t of Object.values(tasks as object))
      if (typeof t === "string") out.push(t);
      else if (Array.isArray(t)) out.push(...commandsIn({ cmds: t }, TASKFILE_KEYS));
  return out;
}

/**
 * The Taskfiles a Taskfile includes from outside the project (`includes: {x: /tmp/Taskfile.yml}`, `{taskfile: URL}`):
 * their tasks run as its own, and nobody here read them (red-team round 11).
 */
export function outsideIncludes(text: string): string[] {
  const doc = yamlValue(text)?.value as { includes?: unknown } | null | undefined;
  const includes = doc !== null && typeof doc === "object" ? doc.includes : undefined;
  if (includes === null || typeof includes !== "object") return [];
  return Object.values(includes as object)
    .map((v) => (typeof v === "string" ? v : (v as { taskfile?: unknown } | null)?.taskfile))
    .filter((v): v is string => typeof v === "string" && outsideProject(v.trim()));
}

/** A Taskfile this reading cannot parse is unread, not empty: go-task's own YAML reader may accept it. */
function taskfileCommands(text: string): TaskCode[] {
  const lines = taskfileLines(text);
  if (lines === null) return shell([], ["holds a Taskfile that does not read as one YAML document"]);
  const outside = outsideIncludes(text).map((f) => `includes ${f}, a Taskfile from outside the project`);
  return shell(lines, outside);
}

/** build.ninja read whole: its commands with each build's paths put in (ninja-reading.ts). */
const ninjaCommands = (text: string): TaskCode[] => whole(ninjaCode(text));

const INVOKE: Runner = {
  file: ["--collection", "-c"],
  dir: ["--search-root", "-r"],
  defaults: ["tasks.py", "tasks/__init__.py"],
  module: true,
  read: pythonTasks,
  companions: [INVOKE_CONFIG],
};

const RUNNERS: Readonly<Record<string, Runner>> = {
  just: {
    file: ["--justfile", "-f"],
    dir: ["--working-directory", "-d"],
    defaults: ["justfile", "Justfile", ".justfile", "JUSTFILE"],
    read: (text) => whole(justfileCode(text)),
  },
  task: {
    file: ["--taskfile", "-t"],
    dir: ["--dir", "-d"],
    defaults: ["Taskfile.yml", "Taskfile.yaml", "taskfile.yml", "taskfile.yaml", "Taskfile.dist.yml"],
    read: taskfileCommands,
  },
  rake: {
    file: ["--rakefile", "-f"],
    dir: ["--directory", "-C"],
    defaults: ["rakefile", "Rakefile", "rakefile.rb", "Rakefile.rb"],
    read: rakefileCode,
    companions: [RAKELIB],
  },
  ninja: { file: ["-f"], dir: ["-C"], defaults: ["build.ninja"], read: ninjaCommands },
  invoke: INVOKE,
  inv: INVOKE,
  fab: {
    file: ["--collection", "-c"],
    dir: ["--search-root", "-r"],
    defaults: ["fabfile.py", "fabfile/__init__.py"],
    module: true,
    read: pythonTasks,
  },
};

/** The value of one of `names` (`-f F`, `-fF`, `--file=F`), or undefined; a value built at run time is null. */
function optionValue(args: readonly Word[], names: readonly string[]): string | null | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!.value;
    if (a === "--") break;
    for (const n of names) {
      const glued = n.startsWith("--") ? `${n}=` : n;
      if (a === n) return args[i + 1]?.dynamic === false ? args[i + 1]!.value : null;
      if (a.startsWith(glued) && a.length > glued.length) return args[i]!.dynamic ? null : a.slice(glued.length);
    }
  }
  return undefined;
}

/** The task files a runner reads, or null when the program is not one or its file is built at run time. */
export function taskFilesOf(program: string, args: readonly Word[]): TaskFiles | null {
  const runner = ownEntry(RUNNERS, program);
  if (runner === undefined) return null;
  const file = optionValue(args, runner.file);
  const dir = optionValue(args, runner.dir);
  if (file === null || dir === null) return null;
  const named =
    file === undefined ? null : runner.module && !file.endsWith(".py") && !STDIN_FILE.has(file) ? `${file}.py` : file;
  return {
    dir: dir ?? null,
    files: named === null ? runner.defaults : [named],
    read: runner.read,
    companions: runner.companions ?? [],
  };
}
