/**
 * A path word as bash or a tool wrote it → a PathAccess: resolved against the directory the command runs
 * in (`cd`/`git -C` in the same string, else the call's cwd), `~` expanded, symlinks resolved. A word that
 * depends on an expansion, or a command whose directory cannot be known, is `dynamic`: checks fail closed.
 */
import { expandGlob, guardedExpansions, hasGlob, resolvePath, type PathBase } from "../normalize/index.ts";
import type { AccessMode, PathAccess } from "./types.ts";

export interface AccessBase extends PathBase {
  /** The directory the command runs in, as written (relative to cwd); null: unknowable; undefined: the cwd. */
  readonly workdir?: string | null;
}

/** How a path word is accessed: what a PathAccess says besides the path. */
export interface AccessHow {
  readonly mode: AccessMode;
  readonly via: PathAccess["via"];
}

const EXPANSION = /[$`]/;

/** Whether a word's text holds an expansion (`$…`, a backtick): what a caller that does not know assumes. */
export function hasExpansion(word: string): boolean {
  return EXPANSION.test(word);
}

/**
 * `dynamicWord`: whether the word depends on an expansion unknown here, when the caller knows (the shell
 * analysis does: `'a$b'` is literal); otherwise any `$` or backtick in it counts as one.
 */
export function resolveAccess(
  word: string,
  { mode, via }: AccessHow,
  base: AccessBase,
  dynamicWord = hasExpansion(word),
): PathAccess {
  const relative = !word.startsWith("/") && !word.startsWith("~");
  const unknownDir = base.workdir === null && relative;
  let cwd = base.cwd;
  if (base.workdir !== undefined && base.workdir !== null)
    cwd = resolvePath(base.workdir, { ...base, realpath: false }).path;
  const cut = word.search(EXPANSION);
  const r = resolvePath(dynamicWord ? (cut === -1 ? word : word.slice(0, cut)) || "." : word, {
    cwd,
    home: base.home,
    ...(base.realpath !== undefined ? { realpath: base.realpath } : {}),
  });
  const dynamic = dynamicWord || unknownDir;
  return {
    path: r.path,
    mode,
    via,
    raw: word,
    ...(r.lexical !== r.path ? { lexical: r.lexical } : {}),
    ...(dynamic ? { dynamic: true } : {}),
    ...(r.marks.length > 0 ? { marks: r.marks } : {}),
    ...(r.existing !== undefined && !dynamic ? { existing: r.existing } : {}),
  };
}

/**
 * The accesses a bash path word makes: the word itself, and, for an unquoted glob the filesystem can expand here,
 * the paths it expands to (bash expands before the command runs), so `cat ~/.kub?/config` is a read of
 * ~/.kube/config. Only when the filesystem is consulted (`realpath` not turned off). The expansion stops at
 * MAX_EXPANSION matches: like bash, `*` never matches a hidden name, and the hidden directories that hold
 * credentials are few, while a busy /tmp would otherwise cost thousands of path checks (docs/adr/0045).
 */
export function resolveAccesses(
  word: string,
  how: AccessHow,
  base: AccessBase,
  { glob, dynamic }: { readonly glob: boolean; readonly dynamic?: boolean | undefined },
): PathAccess[] {
  const { mode, via } = how;
  const own = resolveAccess(word, how, base, dynamic);
  if (!glob || own.dynamic === true || !hasGlob(word)) return [own];
  // The guarded paths it may match when it runs, whatever the filesystem holds now (docs/adr/0290).
  const guarded = guardedExpansions(own.path, base.home, base.cwd).map(
    (path): PathAccess => ({ path, mode, via, raw: word, guardedGlob: true }),
  );
  if (base.realpath === false) return [own, ...guarded];
  // Expanded from the word's resolved directory: an entry no matched component of which is a symlink is
  // canonical already; the others are resolved (they may lead anywhere).
  const expanded = expandGlob(own.path).entries.map(
    (e): PathAccess =>
      e.linked
        ? { ...resolveAccess(e.path, how, { cwd: base.cwd, home: base.home }), raw: word }
        : { path: e.path, mode, via, raw: word },
  );
  return [own, ...expanded, ...guarded.filter((g) => !expanded.some((e) => e.path === g.path))];
}
