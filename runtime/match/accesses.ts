/**
 * The paths a call touches, as the matchers see them: each access tested on both its resolved and its lexical
 * form, uncertain accesses failing closed, and the anchors (home, cwd) normalized once.
 */
import { accessForms, type AccessMode, type Operation, type PathAccess } from "../operation/index.ts";
import { lexicalJoin } from "../normalize/index.ts";
import { listIncludes, pathMatches, type CompiledList, type CompiledPathGlob } from "./path-glob.ts";

/**
 * The access's path cannot be trusted: it depends on an expansion (`cat $F`), names an unknown user's home
 * or loops through symlinks. Deny, ask, credential and protected checks count it as a hit; sandbox as a
 * violation; no allow covers it.
 */
export function uncertain(a: PathAccess): boolean {
  if (a.dynamic === true) return true;
  const marks = a.marks;
  return marks !== undefined && (marks.includes("unknown-user") || marks.includes("symlink-loop"));
}

/**
 * op.paths, or the primary path when a derivation listed none (a path tool always touches its path). Input
 * redirected from a process substitution (`mapfile -t f < <(cmd)`, `done < <(find …)`) is no path: bash hands the
 * command a pipe from a command the analysis judges on its own (docs/adr/0769); a shell reading code from it is
 * stdin-code.ts'. Not an operand (`ssh -F <(…)`, `diff <(a) <(b)`): the program may read it as configuration or
 * code. Not `>(cmd)`: what is written there is cmd's input, which its analysis does not see (`curl … > >(bash)`).
 */
export function accessesOf(op: Operation): readonly PathAccess[] {
  if (op.paths.length > 0 || op.path === null)
    return op.paths.some(processPipe) ? op.paths.filter((a) => !processPipe(a)) : op.paths;
  return [
    {
      path: op.path,
      mode: op.tool === "read" || op.tool === "grep" || op.tool === "find" || op.tool === "ls" ? "read" : "write",
      via: "input",
    },
  ];
}

/**
 * A read redirect whose word is one whole process substitution, `<(…)`. The scan counts parentheses without
 * reading quotes, so a word it misreads is one where they do not close at its end: it stays a path, uncertain.
 * A word that does close there but is read wrong (`<(echo "(")"/x)"`) names something below a pipe: no file.
 */
function processPipe(a: PathAccess): boolean {
  const w = a.raw;
  if (a.via !== "redirect" || a.mode !== "read" || a.dynamic !== true || w === undefined) return false;
  if (!w.startsWith("<(") || !w.endsWith(")")) return false;
  let depth = 0;
  for (let i = 1; i < w.length; i++) {
    if (w[i] === "(") depth++;
    else if (w[i] === ")" && --depth === 0) return i === w.length - 1;
  }
  return false;
}

/** Either form matches (deny-side: a glob on the link or on its target both count). */
export function accessMatches(glob: CompiledPathGlob, a: PathAccess, home: string, cwd: string): boolean {
  if (pathMatches(glob, a.path, home, cwd)) return true;
  return a.lexical !== undefined && a.lexical !== a.path && pathMatches(glob, a.lexical, home, cwd);
}

/** The form of `a` that a PathGlob list includes (last match wins per form), or null. */
export function listHit(list: CompiledList, a: PathAccess, home: string, cwd: string): string | null {
  for (const form of accessForms(a)) if (listIncludes(list, form, home, cwd)) return form;
  return null;
}

/**
 * Which access modes a `read(...)`, `write(...)` or `edit(...)` deny/ask pattern reaches in calls of other
 * tools (bash arguments and redirects, grep/find/ls, Write vs Edit). Running a file reads it. Patterns of
 * grep/find/ls reach only their own tool (docs/adr/0091).
 */
export function crossModes(tool: string): readonly AccessMode[] | null {
  switch (tool) {
    case "read":
      return ["read", "execute"];
    case "write":
    case "edit":
      return ["write", "delete"];
    default:
      return null;
  }
}

const dirs = new Map<string, string>();

/** Absolute, normalized, no trailing `/`. Memoized: a session asks with the same home and cwd every call. */
export function normalDir(raw: string): string {
  let dir = dirs.get(raw);
  if (dir === undefined) {
    if (dirs.size >= 256) dirs.clear();
    dir = lexicalJoin("/", raw);
    dirs.set(raw, dir);
  }
  return dir;
}
