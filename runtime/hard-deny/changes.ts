/**
 * Every path an operation creates, changes or removes, in both spellings: the operation's write/delete
 * accesses (file tools, bash arguments and redirects), plus the analysis' own redirect targets so a
 * redirect is judged even where the operation did not list it.
 */
import { expandTilde, lexicalJoin } from "../normalize/index.ts";
import type { Operation } from "../operation/types.ts";
import { commandsOf } from "./commands.ts";
import { changed, spellings } from "./paths.ts";
import { baseDir } from "./targets.ts";

export function changedPaths(op: Operation, home: string): readonly string[] {
  return [...new Set([...changed(op).flatMap(spellings), ...redirectTargets(op, home)])];
}

/** Targets of the analysis' write redirects (`>`, `>>`, `<>`, `&>`), resolved where the command runs. */
export function redirectTargets(op: Operation, home: string): readonly string[] {
  const out: string[] = [];
  for (const cmd of commandsOf(op)) {
    for (const r of cmd.redirects) {
      if (r.target === null || (r.mode !== "write" && r.mode !== "append" && r.mode !== "readwrite")) continue;
      const base = baseDir(cmd, op, home);
      if (base === null && !r.target.startsWith("/") && !r.target.startsWith("~")) continue;
      out.push(lexicalJoin(base ?? "/", expandTilde(r.target, home).text));
    }
  }
  return out;
}

/** The first changed path `test` accepts, or null. */
export function firstChangedPath(op: Operation, home: string, test: (path: string) => boolean): string | null {
  return changedPaths(op, home).find(test) ?? null;
}
