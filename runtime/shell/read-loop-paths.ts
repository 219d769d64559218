/**
 * A `while read` loop fed by a file lister (docs/adr/0799): `rg -l foo src | while IFS= read -r f; do sed -i … "$f";
 * done` and `while read -r f; do …; done < <(fd -e ts . src)` give `$f` one listed path per pass, the same paths
 * xargs would put in place of `{}` (listed-paths.ts). The body is read as a `for f in GLOB` body is (ADR 0339).
 * Only a plain `read [-r] VAR` of one variable (after `IFS=`) takes a whole line; `read -a`, several variables,
 * `-d`, `-n` or any other option split or cut lines, and the variable stays unknown.
 */
import { listedPaths } from "./listed-paths.ts";
import type { RawCommand } from "./walk.ts";

/** `read VAR`, `read -r VAR`, `IFS= read -r VAR` (`IFS=''`, `IFS=""`): the variable; any other form is null. */
const PLAIN_READ = /^(?:IFS=(?:''|"")?\s+)?read(?:\s+-r)?\s+([A-Za-z_][A-Za-z0-9_]*)$/;

/** The variable a `while` condition reads each line into whole, or null. */
export function readLoopVariable(keyword: string, condition: string): string | null {
  if (keyword !== "while") return null;
  return PLAIN_READ.exec(condition.replace(/[;\s]+$/, "").trim())?.[1] ?? null;
}

/**
 * The loop variable and the one path glob it stands for, when the loop reads plain lines from a lister whose
 * paths can be said as a single glob; null otherwise (several folders, an unknown producer, another read).
 */
export function readLoopPaths(
  keyword: string,
  condition: string,
  feeder: readonly RawCommand[] | null,
): { readonly name: string; readonly glob: string } | null {
  const name = readLoopVariable(keyword, condition);
  if (name === null) return null;
  const listed = listedPaths(feeder);
  return listed?.length === 1 ? { name, glob: listed[0]! } : null;
}
