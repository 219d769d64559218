/**
 * Source written in the command, then built and run by a program whose language rulegate does not read
 * (docs/adr/0623): `printf '…' > /tmp/x.go && go run /tmp/x.go`, `… > /tmp/X.java && java /tmp/X.java`, a task file
 * written to /tmp and run with `doit -f`, `cargo make --makefile`, `deno task --config`. The text is in the command,
 * but no reading of it here says what the program will do with it: it is code nobody here has read, as an unpacked
 * archive is. Shell scripts, interpreter scripts and Makefiles written this way are read as code elsewhere (planted
 * code), so their runners are not listed here.
 */
import type { SimpleCommand } from "../shell/index.ts";

/** Programs that build and run, or run as tasks, a source file or task file they are pointed at. */
const SOURCE_RUNNERS: ReadonlySet<string> = new Set([
  "go",
  "zig",
  "tcc",
  "java",
  "jshell",
  "kotlin",
  "kotlinc",
  "dart",
  "runghc",
  "runhaskell",
  "dotnet",
  "rust-script",
  "cargo",
  "scala",
  "scala-cli",
  "swift",
  "crystal",
  "nim",
  "groovy",
  "elixir",
  "escript",
  "scons",
  "doit",
  "invoke",
  "inv",
  "deno",
  "pixi",
  "earthly",
  "gradle",
  "ant",
  "ninja",
  "nextflow",
  "tox",
  "nox",
  "cmake",
  "bazel",
]);

/** Whether some command is a source runner: only then can written source be run (the cheap test before a scan). */
export function mayRunWritten(commands: readonly SimpleCommand[]): boolean {
  return commands.some((c) => SOURCE_RUNNERS.has(c.program));
}

/** A file the command writes whose whole text is written in the command, and the command that writes it. */
export interface Written {
  readonly path: string;
  readonly writer: SimpleCommand;
}

/** The files this command fills with text written in the command: `printf '…' > f`, `cat > f <<EOF`. */
export function writtenLiterally(cmd: SimpleCommand, at: (word: string) => string): Written[] {
  const literalArgs = (cmd.program === "echo" || cmd.program === "printf") && !cmd.dynamicArgs;
  const literalStdin =
    (cmd.program === "cat" || cmd.program === "tee") && cmd.stdin?.text !== undefined && cmd.stdin.text !== null;
  if (!literalArgs && !literalStdin) return [];
  const targets = cmd.redirects.filter((r) => (r.mode === "write" || r.mode === "append") && r.target !== null);
  const teed = cmd.program === "tee" ? cmd.args.filter((a) => !a.startsWith("-")) : [];
  return [...targets.map((r) => r.target!), ...teed].map((t) => ({ path: at(t), writer: cmd }));
}

/** The written file this command builds or runs, when its program is a source runner; null when none. */
export function runsWritten(
  cmd: SimpleCommand,
  written: readonly Written[],
  at: (word: string) => string,
): Written | null {
  if (written.length === 0 || !SOURCE_RUNNERS.has(cmd.program)) return null;
  for (const arg of cmd.args) {
    // `--config=/tmp/deno.json`, `earthly /tmp+target`: the path part of the word.
    const word = arg.replace(/^--?[\w-]+=/, "").replace(/\+[\w-]*$/, "");
    if (word === "" || word.startsWith("-")) continue;
    const path = at(word);
    // The file itself, or the directory the program looks for it in (`invoke -r /tmp x`); not the working directory
    // (`go test .` after writing notes there).
    const dir = word === "." || word === "./" ? null : `${path.replace(/\/+$/, "")}/`;
    const hit = written.find((w) => w.path === path || (dir !== null && w.path.startsWith(dir)));
    if (hit !== undefined) return hit;
  }
  return null;
}
