/**
 * Rake runs a Rakefile as ruby with its DSL in scope: FileUtils is included (bare `rm_rf`), and `sh '…'` runs its
 * command line. Those literal lines are read as bash, and the rest as ruby; `sh` is not read as ruby's `system`,
 * which would make every ordinary `sh 'bundle exec rspec'` a shell call nobody reads. Read whole (docs/adr/0783):
 * `%x(…)` and backticks run their command line too, so a literal one is read as bash; one built with `#{…}`, an
 * `sh` whose line is built at run time, and a `load`/`require`/`import` of a file outside the project are named
 * as unread. rake also loads every `rakelib/*.rake` before anything else, even for `rake -T`: each is read so.
 */
import type { Companion, TaskCode } from "./task-files.ts";

/** A literal `sh` command line: quoted, no interpolation. */
const SH = /\bsh([ (]\s*)(['"])((?:(?!\2)[^\\\n#]|\\.)*)\2/g;
/** A command-running literal of ruby's own: `%x(…)`, `%x{…}`, `%x[…]`, backticks. */
const SUBSHELL = /%x(?:\(([^()]*)\)|\{([^{}]*)\}|\[([^[\]]*)\])|`([^`]*)`/g;
/** An `sh` call left after the literal ones are taken out: its command line is built at run time. */
const BUILT_SH = /(?:^|[;{]|\bdo\b)\s*sh(?:\s+|\()(?!(['"])\1)\S/m;
/** Loading ruby code from a path: `load`, `require`, `require_relative`, rake's `import`. */
const LOADS = /^\s*(?:load|require|require_relative|import)[ (]\s*(['"])([^'"]*)\1/gm;

/** A path the project holds: relative, never climbing out; a bare gem name counts as one. */
const inProject = (path: string): boolean => !/^[/~]/.test(path) && !path.split("/").includes("..");

export function rakefileCode(text: string): TaskCode[] {
  const lines = [...text.matchAll(SH)].map((m) => m[3]!.replace(/\\(['"\\])/g, "$1"));
  // The lines read as bash are left out of the ruby, whose reading would take words in them for calls.
  const ruby = text.replace(SH, "sh$1$2$2");
  const unread: string[] = [];
  for (const m of ruby.matchAll(SUBSHELL)) {
    const line = (m[1] ?? m[2] ?? m[3] ?? m[4])!;
    if (line.includes("#{")) unread.push(`runs \`${m[0]}\`, a command line built at run time`);
    else lines.push(line);
  }
  const built = BUILT_SH.exec(ruby);
  if (built !== null) unread.push("runs `sh` with a command line built at run time");
  for (const m of ruby.matchAll(LOADS))
    if (!inProject(m[2]!)) unread.push(`loads \`${m[2]}\`, ruby from outside the project`);
  const code = lines.filter((l) => l.trim() !== "").join("\n");
  return [
    ...(code === "" ? [] : [{ language: "shell" as const, code }]),
    { language: "ruby", code: `include FileUtils\n${ruby}` },
    ...unread.map((u) => ({ language: "unread" as const, code: u })),
  ];
}

/** rake's `rakelib/*.rake`: loaded by every run, read as a Rakefile is. */
export const RAKELIB: Companion = {
  matches: (path) => /^rakelib\/[^/]+\.rake$/.test(path),
  read: rakefileCode,
};
