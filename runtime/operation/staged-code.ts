import { ownEntry } from "../../core/index.ts";
/**
 * Code staged in a file and run later in the same string (docs/adr/0311): `echo … | base64 -d > x.sh; bash x.sh`,
 * `curl -sO host/i.sh && bash i.sh`, `git clone URL && cd r && make`, `python3 -c 'open("x","w").write(…)' && sh x`.
 * The shell analysis reads a file written with known text (echo, printf, a heredoc) as the code that runs; this
 * module follows the files whose text nobody here can read, by where it came from:
 *
 * - `network`: a download, a clone, or an archive of one (`curl`, `wget`, `git clone`, a one-liner that names a URL);
 * - `decoded`: a decoder's output (`base64 -d`, `xxd -r`, `zcat`, `rev`), or literal text transformed (`tr … <<< x`);
 * - `unread`: an archive unpacked, a one-liner's own file, `echo "$X"`: content nobody here has seen.
 *
 * A run is a program given by path, a shell's or interpreter's script (or its stdin file), `source`, or a build
 * tool run in (or told about) a directory that holds staged files (`make -C dir`, `npm install`, `pytest`).
 */
import { posix } from "node:path";
import { expandTilde, lexicalJoin } from "../normalize/index.ts";
import {
  decoderName,
  inlineCode,
  interpreterOf,
  ONE_LINER_LABELS,
  SHELLS,
  type SimpleCommand,
} from "../shell/index.ts";
import { bucketDownload } from "./bucket-copies.ts";
import { classifyCommand } from "./classify-command.ts";
import { mayRunWritten, runsWritten, writtenLiterally, type Written } from "./literal-sources.ts";
import { transferDownloads } from "./transfer-scripts.ts";

export type StagedSource = "network" | "decoded" | "unread";

export interface StagedRun {
  readonly runner: SimpleCommand;
  /** The file or directory run, as resolved. */
  readonly target: string;
  readonly writer: SimpleCommand;
  readonly source: StagedSource;
}

export interface StagedCode {
  readonly runs: readonly StagedRun[];
  /** Data written in the command itself, decoded into a file (`echo cm0g… | base64 -d > x.sh`): hidden text. */
  readonly hidden: readonly { readonly writer: SimpleCommand; readonly target: string }[];
}

interface Staged {
  readonly path: string;
  /** A directory whose every file is staged (a clone, an archive unpacked). */
  readonly tree: boolean;
  readonly source: StagedSource;
  readonly writer: SimpleCommand;
}

/** Shells and readers of a script file besides the interpreters (interpreterOf) and SHELLS. */
const SCRIPT_RUNNERS: ReadonlySet<string> = new Set([
  "source",
  ".",
  "fish",
  "busybox",
  "pwsh",
  "powershell",
  "csh",
  "tcsh",
]);
/** Flags after which a shell or interpreter runs inline code or a module, not a script file. */
const INLINE = new Set(["-c", "-e", "-E", "-m", "-r", "--eval", "-p", "--print", "-Command", "-command"]);
/** Options of shells and interpreters whose value is the next word. */
const VALUED = new Set(["-o", "-O", "--rcfile", "--init-file", "-W", "-X", "--require", "-I", "-M"]);

/** Files a build tool reads in the directory it runs in, and runs the code of. */
const BUILD_FILES: ReadonlySet<string> = new Set([
  "Makefile",
  "makefile",
  "GNUmakefile",
  "package.json",
  "setup.py",
  "pyproject.toml",
  "conftest.py",
  "noxfile.py",
  "tox.ini",
  "Cargo.toml",
  "build.rs",
  "CMakeLists.txt",
  "build.ninja",
  "Rakefile",
  "Gemfile",
  "build.gradle",
  "build.gradle.kts",
  "pom.xml",
  "build.xml",
  "meson.build",
  "Taskfile.yml",
  "justfile",
  "Justfile",
]);
/** Build tools and project runners that run code of the directory they run in (or are pointed at). */
const BUILDERS: Readonly<
  Record<string, { readonly dirOptions: readonly string[]; readonly subs?: readonly string[] }>
> = {
  make: { dirOptions: ["-C", "--directory"] },
  gmake: { dirOptions: ["-C", "--directory"] },
  ninja: { dirOptions: ["-C"] },
  cmake: { dirOptions: ["-S", "--build", "-B"] },
  meson: { dirOptions: ["-C"] },
  just: { dirOptions: ["--working-directory", "-d"] },
  task: { dirOptions: ["-d", "--dir"] },
  npm: {
    dirOptions: ["--prefix", "-C"],
    subs: [
      "install",
      "i",
      "ci",
      "run",
      "run-script",
      "rum",
      "test",
      "t",
      "start",
      "restart",
      "exec",
      "x",
      "rebuild",
      "pack",
      "publish",
    ],
  },
  pnpm: {
    dirOptions: ["-C", "--dir"],
    subs: ["install", "i", "run", "test", "t", "start", "exec", "rebuild", "pack", "publish"],
  },
  yarn: { dirOptions: ["--cwd"] },
  bun: { dirOptions: ["--cwd"], subs: ["install", "i", "run", "test", "start"] },
  cargo: { dirOptions: ["-C"], subs: ["build", "b", "run", "r", "test", "t", "install", "bench", "check"] },
  go: { dirOptions: ["-C"], subs: ["run", "build", "test", "generate", "install"] },
  pytest: { dirOptions: ["--rootdir"] },
  tox: { dirOptions: ["-c"] },
  nox: { dirOptions: [] },
  rake: { dirOptions: ["-C", "--directory"] },
  bundle: { dirOptions: [] },
  gradle: { dirOptions: ["-p", "--project-dir"] },
  mvn: { dirOptions: ["-f", "--file"] },
  ant: { dirOptions: [] },
  pip: { dirOptions: [], subs: ["install"] },
  pip3: { dirOptions: [], subs: ["install"] },
};

/** Programs that unpack an archive: what they write is content nobody here has read. */
const EXTRACTORS: ReadonlySet<string> = new Set([
  "tar",
  "bsdtar",
  "unzip",
  "7z",
  "7za",
  "7zr",
  "unrar",
  "cpio",
  "ar",
  "jar",
  "gtar",
]);
/** Programs that turn their input text into other text: on literal input, the output is hidden text. */
const TRANSFORMERS: ReadonlySet<string> = new Set(["tr", "sed", "awk", "gawk", "perl", "iconv", "dd", "cut", "sort"]);
const ONE_LINER_WRAPPERS: ReadonlySet<string> = new Set(Object.values(ONE_LINER_LABELS));
/** `git clone`-like fetchers of a whole tree, by program and subcommand. */
const CLONES: Readonly<Record<string, readonly string[]>> = {
  git: ["clone"],
  hg: ["clone"],
  svn: ["checkout", "co", "export"],
  gh: ["repo clone"],
};
/** git clone options whose value is the next word. */
const CLONE_VALUED = new Set([
  "-b",
  "--branch",
  "-o",
  "--origin",
  "-c",
  "--config",
  "--depth",
  "--reference",
  "--separate-git-dir",
  "-u",
  "--upload-pack",
  "--template",
  "-j",
  "--jobs",
  "--filter",
  "--shallow-since",
  "--shallow-exclude",
  "-r",
  "--revision",
]);
const SOURCE_RANK: Readonly<Record<StagedSource, number>> = { unread: 0, decoded: 1, network: 2 };

/**
 * Whether a string can stage code at all, cheaply, before stagedCode classifies every command: it fetches, or some
 * command decodes, transforms, unpacks, clones, runs a one-liner, or echoes text nobody knows.
 */
export function mayStage(commands: readonly SimpleCommand[], fetches: boolean): boolean {
  if (commands.length === 0) return false;
  if (fetches) return true;
  return (
    commands.some(
      (c) =>
        decoderName(c.program, c.args) !== null ||
        TRANSFORMERS.has(c.program) ||
        EXTRACTORS.has(c.program) ||
        ownEntry(CLONES, c.program) !== undefined ||
        interpreterOf(c.program) !== null ||
        bucketDownload(c).length > 0 ||
        transferDownloads(c).length > 0 ||
        ((c.program === "echo" || c.program === "printf") && c.dynamicArgs),
    ) ||
    (commands.length > 1 && mayRunWritten(commands))
  );
}

/**
 * Scans already made, per command list: the opaque-code reading of the derive and the pipe-to-shell check both
 * ask, and the analyser hands out the same frozen list for the same text. The scan reads nothing else.
 */
const scanned = new WeakMap<readonly SimpleCommand[], { cwd: string; home: string; code: StagedCode }[]>();

/** The staged files of a command string and the later commands that run them. */
export function stagedCode(commands: readonly SimpleCommand[], cwd: string, home: string): StagedCode {
  const known = scanned.get(commands);
  const hit = known?.find((k) => k.cwd === cwd && k.home === home);
  if (hit !== undefined) return hit.code;
  const code = scan(commands, cwd, home);
  if (known === undefined) scanned.set(commands, [{ cwd, home, code }]);
  else known.push({ cwd, home, code });
  return code;
}

function scan(commands: readonly SimpleCommand[], cwd: string, home: string): StagedCode {
  const staged: Staged[] = [];
  const runs: StagedRun[] = [];
  const hidden: { writer: SimpleCommand; target: string }[] = [];
  let pipeline: SimpleCommand[] = [];
  let here = cwd;
  const written: Written[] = [];
  for (const cmd of commands) {
    const dir = cmd.workdir === undefined ? cwd : cmd.workdir === null ? here : join(cwd, cmd.workdir, home);
    const at = (word: string): string => join(dir, word, home);
    if (cmd.context.pipeline === null || cmd.context.pipeline.index === 0) pipeline = [];
    pipeline.push(cmd);
    for (const target of runTargets(cmd, at, dir)) {
      const from = stagedAt(staged, target);
      if (from !== null) runs.push({ runner: cmd, target: target.path, writer: from.writer, source: from.source });
    }
    // A program rulegate does not know, named like a staged file (`curl -o x URL; chmod +x x; x`).
    if (cmd.programPath === undefined && cmd.program !== "") {
      const byName = staged.find((s) => !s.tree && posix.basename(s.path) === cmd.program);
      if (byName !== undefined && classifyCommand(cmd, []).categories.includes("unknown-program"))
        runs.push({ runner: cmd, target: byName.path, writer: byName.writer, source: byName.source });
    }
    // Source written in the command, built and run by a program whose language is not read here (docs/adr/0623).
    const built = runsWritten(cmd, written, at);
    if (built !== null) runs.push({ runner: cmd, target: built.path, writer: built.writer, source: "unread" });
    record(cmd, { staged, hidden, upstream: pipeline.slice(0, -1), at });
    written.push(...writtenLiterally(cmd, at));
    if (cmd.program === "cd" || cmd.program === "pushd") {
      const to = cmd.args.filter((a) => !a.startsWith("-"))[0];
      if (to === undefined) here = home;
      else if (!cmd.dynamicArgs) here = join(dir, to, home);
    }
  }
  return { runs, hidden };
}

function join(dir: string, word: string, home: string): string {
  return lexicalJoin(dir, expandTilde(word, home).text);
}

interface Target {
  readonly path: string;
  /** A directory a build tool runs in: its build files (or a staged tree around it) count. */
  readonly dir: boolean;
}

/** What a command runs from the filesystem: a program by path, a script, the directory a build tool reads. */
function runTargets(cmd: SimpleCommand, at: (word: string) => string, dir: string): Target[] {
  const out: Target[] = [];
  if (cmd.programPath !== undefined) out.push({ path: at(cmd.programPath), dir: false });
  const language = interpreterOf(cmd.program);
  if (SHELLS.has(cmd.program) || SCRIPT_RUNNERS.has(cmd.program) || (language !== null && language !== "awk")) {
    const script = scriptOperand(cmd);
    if (script !== null) out.push({ path: at(script), dir: false });
    // `sh < x.sh`: the script is its stdin.
    for (const r of cmd.redirects)
      if ((r.fd === 0 || r.fd === null) && r.mode === "read" && r.target !== null)
        out.push({ path: at(r.target), dir: false });
  }
  const builder = ownEntry(BUILDERS, cmd.program);
  if (builder !== undefined) {
    const words = cmd.args.filter((a) => !a.startsWith("-"));
    if (builder.subs === undefined || builder.subs.includes(words[0] ?? "")) {
      const pointed = optionValues(cmd.args, builder.dirOptions);
      for (const d of pointed) out.push({ path: at(d), dir: !/\.(?:xml|ini)$/.test(d) });
      if (pointed.length === 0) out.push({ path: dir, dir: true });
      // `pip install ./pkg`, `make -f /tmp/t/Makefile`, `go run /tmp/t`: local paths among the operands.
      for (const w of [
        ...words.slice(builder.subs === undefined ? 0 : 1),
        ...optionValues(cmd.args, ["-f", "--file", "-e", "--editable"]),
      ])
        if (/^(?:\.{1,2}|[.~]?\/.*|\.{1,2}\/.*)$/.test(w)) out.push({ path: at(w), dir: !/\.[A-Za-z]+$/.test(w) });
    }
  }
  return out;
}

/** The script a shell or interpreter runs, when a file: its first operand, unless inline code or a module is run. */
function scriptOperand(cmd: SimpleCommand): string | null {
  const args =
    cmd.program === "deno" || cmd.program === "bun" ? cmd.args.slice(cmd.args[0] === "run" ? 1 : 0) : cmd.args;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") return args[i + 1] ?? null;
    if (INLINE.has(a) || (/^-[A-Za-z]+$/.test(a) && /[ce]/.test(a.slice(1)) && SHELLS.has(cmd.program))) return null;
    if (VALUED.has(a)) i++;
    else if (!a.startsWith("-")) return a === "-" ? null : a;
  }
  return null;
}

/** Every value of the given options: `-C dir`, `-Cdir`, `--directory=dir`. */
function optionValues(args: readonly string[], options: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const eq = a.indexOf("=");
    if (options.includes(a) && args[i + 1] !== undefined) out.push(args[++i]!);
    else if (a.startsWith("--") && eq > 0 && options.includes(a.slice(0, eq))) out.push(a.slice(eq + 1));
    else if (/^-[A-Za-z]./.test(a) && options.includes(a.slice(0, 2))) out.push(a.slice(2));
  }
  return out;
}

/** The staged entry a run target reaches, the most dangerous source first; null when none. */
function stagedAt(staged: readonly Staged[], target: Target): Staged | null {
  let best: Staged | null = null;
  for (const s of staged) {
    const inside =
      (s.tree && (target.path === s.path || target.path.startsWith(`${s.path}/`))) || s.path === target.path;
    const buildFile =
      target.dir && !s.tree && posix.dirname(s.path) === target.path && BUILD_FILES.has(posix.basename(s.path));
    const treeBelow = target.dir && s.tree && s.path.startsWith(`${target.path}/`);
    if ((inside || buildFile || treeBelow) && (best === null || SOURCE_RANK[s.source] > SOURCE_RANK[best.source]))
      best = s;
  }
  return best;
}

interface Recording {
  readonly staged: Staged[];
  readonly hidden: { writer: SimpleCommand; target: string }[];
  /** The commands before this one in its pipeline. */
  readonly upstream: readonly SimpleCommand[];
  readonly at: (word: string) => string;
}

/** Remembers the files this command writes with content nobody here can read, and forgets those it overwrites. */
function record(cmd: SimpleCommand, { staged, hidden, upstream, at }: Recording): void {
  const effect = classifyCommand(cmd, []);
  const writes = effect.accesses.filter((a) => a.mode === "write" && !a.dynamic);
  // A decoder's own output option (`base64 -D -o f` on macOS, `openssl … -out f`), whatever its knowledge says.
  const decoded = decoderName(cmd.program, cmd.args) === null ? [] : optionValues(cmd.args, ["-o", "--output", "-out"]);
  const extra = [...cloneTargets(cmd), ...oneLinerFiles(cmd), ...decoded];
  if (writes.length === 0 && extra.length === 0) return;
  const reads = effect.accesses.filter((a) => a.mode === "read" && !a.dynamic).map((a) => at(a.word));
  const inherited = reads
    .map((r) => stagedAt(staged, { path: r, dir: false }))
    .filter((s): s is Staged => s !== null)
    .sort((a, b) => SOURCE_RANK[b.source] - SOURCE_RANK[a.source])[0];
  const own = sourceOf(cmd, effect, upstream);
  const source =
    inherited !== undefined && (own === null || SOURCE_RANK[inherited.source] > SOURCE_RANK[own])
      ? inherited.source
      : own;
  // A download into a directory (`scp host:x.sh .`, `rsync -a host:d/ ./`) may put any file there.
  const intoDir = (word: string): boolean => source === "network" && (word === "." || word.endsWith("/"));
  const paths = [
    ...writes.map((a) => ({ path: at(a.word), tree: a.recursive === true || intoDir(a.word) })),
    ...extra.map((w) => ({ path: at(w), tree: ownEntry(CLONES, cmd.program) !== undefined })),
  ];
  for (const p of paths) {
    // Overwritten through a redirect by text that is known (`echo ls > x.sh`): no longer staged. A mode change
    // (`chmod +x x`) or an append keeps what was there.
    const replaced = cmd.redirects.some((r) => r.mode === "write" && r.target !== null && at(r.target) === p.path);
    if (source === null) {
      if (replaced) for (let i = staged.length - 1; i >= 0; i--) if (staged[i]!.path === p.path) staged.splice(i, 1);
      continue;
    }
    staged.push({ ...p, source, writer: cmd });
    if (source === "decoded" && literalInput(cmd, upstream)) hidden.push({ writer: cmd, target: p.path });
  }
}

/** Where what this command writes comes from, when nobody here can read it; null when it is known or the project's. */
function sourceOf(
  cmd: SimpleCommand,
  effect: ReturnType<typeof classifyCommand>,
  upstream: readonly SimpleCommand[],
): StagedSource | null {
  const code = inlineText(cmd);
  const fetches = (c: SimpleCommand, e = classifyCommand(c, [])): boolean =>
    e.types.includes("read_external") || e.categories.includes("network");
  // A fetcher, a clone, or the pipe that carries a download (`curl URL | tee x.sh`). A bucket's or a transfer
  // script's download (`rclone copy r:x /tmp/x`, `smbclient //h/s -c 'get a.sh'`) is one too (docs/adr/0670).
  if (fetches(cmd, effect) || cloneTargets(cmd).length > 0 || upstream.some((c) => fetches(c))) return "network";
  if (bucketDownload(cmd).length > 0 || transferDownloads(cmd).length > 0) return "network";
  if (code !== null && /\b(?:https?|ftp):\/\//i.test(code)) return "network";
  const decodes = (c: SimpleCommand): boolean =>
    c.program !== "echo" && c.program !== "printf" && decoderName(c.program, c.args) !== null;
  if (decodes(cmd) || upstream.some(decodes)) return "decoded";
  if (TRANSFORMERS.has(cmd.program) && literalInput(cmd, upstream)) return "decoded";
  if (EXTRACTORS.has(cmd.program) || code !== null) return "unread";
  // A one-liner's call read as a command (`open(p, 'w')` is `cat > p`, docs/adr/0330): it writes what the code made.
  if (cmd.context.wrappers.some((w) => ONE_LINER_WRAPPERS.has(w)) && cmd.program === "cat") return "unread";
  if ((cmd.program === "echo" || cmd.program === "printf") && cmd.dynamicArgs) return "unread";
  return null;
}

/** The command's input is text written in the command itself: a heredoc, a here-string, a literal echo upstream. */
function literalInput(cmd: SimpleCommand, upstream: readonly SimpleCommand[]): boolean {
  if (cmd.stdin?.text !== undefined && cmd.stdin.text !== null) return true;
  const first = upstream[0];
  return first !== undefined && (first.program === "echo" || first.program === "printf") && !first.dynamicArgs;
}

/** The inline code of an interpreter one-liner (`python3 -c CODE`), or null. */
function inlineText(cmd: SimpleCommand): string | null {
  if (interpreterOf(cmd.program) === null || cmd.program === "awk") return null;
  const words = cmd.args.map((value) => ({ value, dynamic: false, raw: value }));
  return inlineCode(cmd.program, words)?.code.value ?? null;
}

/** Path-like string literals of a one-liner (`open("/tmp/x.sh","w")`, `copy(url,'x.php')`): files it may write. */
function oneLinerFiles(cmd: SimpleCommand): string[] {
  const code = inlineText(cmd);
  if (code === null) return [];
  const out: string[] = [];
  for (const m of code.matchAll(/(["'])([^"'\s]{1,200})\1/g)) {
    const s = m[2]!;
    if (s.includes("://") || /^[rwabx+t]{1,3}$/.test(s)) continue;
    if (/^(?:~|\.{0,2}\/)/.test(s) || /^[\w.-]+\.[A-Za-z0-9]{1,5}$/.test(s)) out.push(s);
  }
  return out;
}

/** The directory a clone writes: its operand after the URL, else the URL's last segment without `.git`. */
function cloneTargets(cmd: SimpleCommand): string[] {
  const subs = ownEntry(CLONES, cmd.program);
  if (subs === undefined) return [];
  const words: string[] = [];
  for (let i = 0; i < cmd.args.length; i++) {
    const a = cmd.args[i]!;
    if (CLONE_VALUED.has(a)) i++;
    else if (!a.startsWith("-")) words.push(a);
  }
  const sub = subs.find((s) => s.split(" ").every((part, i) => words[i] === part));
  if (sub === undefined) return [];
  const [source, dest] = words.slice(sub.split(" ").length);
  if (source === undefined) return [];
  if (dest !== undefined) return [dest];
  const name =
    source
      .replace(/[/:]+$/, "")
      .split(/[/:]/)
      .pop()
      ?.replace(/\.git$/, "") ?? "";
  return name === "" ? [] : [name];
}
