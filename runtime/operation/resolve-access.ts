/**
 * A path word as bash or a tool wrote it → a PathAccess: resolved against the directory the command runs
 * in (`cd`/`git -C` in the same string, else the call's cwd), `~` expanded, symlinks resolved. A word that
 * depends on an expansion, or a command whose directory cannot be known, is `dynamic`: checks fail closed.
 */
import { resolvePath, type PathBase } from "../normalize/index.ts";
import type { AccessMode, PathAccess } from "./types.ts";

export interface AccessBase extends PathBase {
  /** The directory the command runs in, as written (relative to cwd); null: unknowable; undefined: the cwd. */
  readonly workdir?: string | null;
}

const EXPANSION = /[$`]/;

export function resolveAccess(word: string, mode: AccessMode, via: PathAccess["via"], base: AccessBase): PathAccess {
  const dynamicWord = EXPANSION.test(word);
  const relative = !word.startsWith("/") && !word.startsWith("~");
  const unknownDir = base.workdir === null && relative;
  let cwd = base.cwd;
  if (base.workdir !== undefined && base.workdir !== null) cwd = resolvePath(base.workdir, { ...base, realpath: false }).path;
  const r = resolvePath(dynamicWord ? word.slice(0, word.search(EXPANSION)) || "." : word, { cwd, home: base.home, ...(base.realpath !== undefined ? { realpath: base.realpath } : {}) });
  const dynamic = dynamicWord || unknownDir;
  return {
    path: r.path, mode, via, raw: word,
    ...(r.lexical !== r.path ? { lexical: r.lexical } : {}),
    ...(dynamic ? { dynamic: true } : {}),
    ...(r.marks.length > 0 ? { marks: r.marks } : {}),
  };
}
