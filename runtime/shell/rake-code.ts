/**
 * Ruby code given to rake on its command line (docs/adr/0530): `-e`/`--execute`, `-p`/`--execute-print` and
 * `-E`/`--execute-continue` run it with Rake's DSL in scope. Rake::DSL includes FileUtils (bare `rm_rf`,
 * `chmod_R`, `cp` are FileUtils') and Rake's own FileUtils additions: `sh` runs its command line as Kernel's
 * `system` does, `ruby ARGS` runs the ruby interpreter so. The code is read as the ruby one-liner that says so,
 * a prelude of `include FileUtils` and `alias sh system` before it, so every reading of ruby code (the commands
 * its calls amount to, the shell strings, hidden intent, the hard denies) judges it as it judges `ruby -e`.
 */
import type { InlineCode } from "./interpreters.ts";
import type { Word } from "./words.ts";

const PRELUDE = "include FileUtils\nalias sh system\n";
/** rake's code options; its OptionParser reads options anywhere on the line (between tasks too), glued or apart. */
const LONG = /^--(?:execute|execute-print|execute-continue)(?:=(.*))?$/s;
const SHORT = /^-([epE])(.*)$/s;
/** rake options whose value is the next word, skipped so that value is never read as an option. */
const VALUED: ReadonlySet<string> = new Set([
  "-f",
  "--rakefile",
  "-C",
  "--directory",
  "-I",
  "--libdir",
  "-R",
  "--rakelibdir",
  "-r",
  "--require",
]);

/** The ruby code rake runs from its command line, prelude first, or null when it is given none. */
export function rakeCode(program: string, args: readonly Word[]): InlineCode | null {
  if (program !== "rake") return null;
  const parts: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.value === "--") break;
    if (VALUED.has(a.value)) {
      i++;
      continue;
    }
    const long = LONG.exec(a.value);
    const short = long === null && !a.value.startsWith("--") ? SHORT.exec(a.value) : null;
    if (long === null && short === null) continue;
    const glued = long !== null ? long[1] : short![2] === "" ? undefined : short![2];
    const code = glued !== undefined ? { ...a, value: glued } : args[++i];
    if (code !== undefined) parts.push(code);
  }
  if (parts.length === 0) return null;
  return {
    language: "ruby",
    code: {
      value: `${PRELUDE}${parts.map((p) => p.value).join("\n")}`,
      dynamic: parts.some((p) => p.dynamic),
      raw: parts.map((p) => p.raw).join(" "),
    },
  };
}
