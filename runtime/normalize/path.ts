/**
 * Path resolution for everything a call touches: `~`/`~user`, relative to cwd, `.`/`..`, duplicate slashes,
 * and symlinks for the longest prefix that exists. Windows forms (`C:\x`, `C:/x`, `\\server\share`) are
 * recognised and normalized in their own syntax rather than joined to a POSIX cwd.
 */
import { realpathSync, statSync } from "node:fs";
import { posix, win32 } from "node:path";
import { expandTilde } from "./home.ts";

export type PathMark =
  /** `~name` for a user that does not exist here: the literal text was kept. */
  | "unknown-user"
  /** A symlink loop (ELOOP): the lexical path was kept; callers must fail closed. */
  | "symlink-loop"
  /** A Windows drive or UNC path. */
  | "windows";

export interface ResolvedPath {
  /** Absolute, normalized, symlinks of the existing prefix resolved. */
  readonly path: string;
  /** Absolute and normalized, before symlink resolution. */
  readonly lexical: string;
  readonly marks: readonly PathMark[];
  /** A regular file or a directory at the path, when resolved against the filesystem; absent otherwise (devices too). */
  readonly existing?: "file" | "dir";
}

export interface PathBase {
  readonly cwd: string;
  readonly home: string;
  /** Resolve symlinks against the real filesystem (default true). */
  readonly realpath?: boolean;
}

const DRIVE = /^[A-Za-z]:([\\/]|$)/;
const UNC = /^(\\\\|\/\/)[^\\/]+[\\/][^\\/]+/;

export function isWindowsPath(raw: string): boolean {
  return DRIVE.test(raw) || (raw.startsWith("\\\\") && UNC.test(raw));
}

export function resolvePath(raw: string, base: PathBase): ResolvedPath {
  if (isWindowsPath(raw)) {
    const normalized = win32.normalize(raw);
    return { path: normalized, lexical: normalized, marks: ["windows"] };
  }
  const expanded = expandTilde(raw, base.home);
  const marks: PathMark[] = expanded.unknownUser ? ["unknown-user"] : [];
  const lexical = lexicalJoin(base.cwd, expanded.text);
  if (base.realpath === false) return { path: lexical, lexical, marks };
  const real = realPrefix(lexical);
  if (real === null) return { path: lexical, lexical, marks: [...marks, "symlink-loop"] };
  return { path: real.path, lexical, marks, ...(real.existing !== undefined ? { existing: real.existing } : {}) };
}

/** Absolute and normalized without touching the filesystem; `//x` collapses (POSIX leaves it implementation-defined). */
export function lexicalJoin(cwd: string, path: string): string {
  const joined = posix.resolve(cwd === "" ? "/" : cwd, path === "" ? "." : path);
  return joined.replace(/\/{2,}/g, "/");
}

/**
 * Resolves symlinks of the longest existing prefix and appends the rest unchanged. null on a loop.
 * Errors other than "does not exist" (permissions) keep the lexical prefix: we cannot see further.
 * A missing prefix is found with `stat` that returns instead of throwing: most paths an agent writes do not
 * exist yet, and a thrown ENOENT per missing component cost more than the rest of a decision.
 */
function realPrefix(path: string): { readonly path: string; readonly existing?: "file" | "dir" } | null {
  let head = path;
  const tail: string[] = [];
  for (;;) {
    let real: string | null = null;
    let kind: "file" | "dir" | undefined;
    try {
      const st = statSync(head, { throwIfNoEntry: false });
      if (st !== undefined) {
        real = realpathSync.native(head);
        kind = st.isDirectory() ? "dir" : st.isFile() ? "file" : undefined;
      }
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "ELOOP") return null;
      if (code !== "ENOENT" && code !== "ENOTDIR") return { path };
    }
    if (real !== null)
      return tail.length === 0
        ? { path: real, ...(kind !== undefined ? { existing: kind } : {}) }
        : { path: posix.join(real, ...tail.reverse()) };
    const parent = posix.dirname(head);
    if (parent === head) return { path };
    tail.push(posix.basename(head));
    head = parent;
  }
}
