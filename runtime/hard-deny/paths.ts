/**
 * Path facts the checks share: prefix tests on resolved absolute paths, the paths an operation changes
 * (both the symlink-resolved path and the lexical one, so a link cannot hide a target), and display.
 */
import { posix } from "node:path";
import type { Operation, PathAccess } from "../operation/index.ts";

/** `path` is `dir` or lies below it. */
export function under(path: string, dir: string): boolean {
  if (dir === "/") return path.startsWith("/");
  return path === dir || path.startsWith(dir + "/");
}

/** `path` relative to `dir` ("" for `dir` itself), or null when it is not under it. */
export function relativeTo(path: string, dir: string): string | null {
  if (path === dir) return "";
  if (!under(path, dir)) return null;
  return dir === "/" ? path.slice(1) : path.slice(dir.length + 1);
}

export function parentOf(path: string): string {
  return posix.dirname(path);
}

/** `~/x` for paths under home, the path itself otherwise. */
export function display(path: string, home: string): string {
  const rel = relativeTo(path, home);
  return rel === null ? path : rel === "" ? "~" : `~/${rel}`;
}

/** Accesses that create, change or remove a file (write or delete). */
export function changed(op: Operation): readonly PathAccess[] {
  return op.paths.filter((a) => a.mode === "write" || a.mode === "delete");
}

/** The path's segments: `/a/b/c` → ["a", "b", "c"]. */
export function segments(path: string): readonly string[] {
  return path.split("/").filter((s) => s !== "");
}

/**
 * A path with its letters folded to one case, for the name checks of the catalogue: on a case-insensitive
 * filesystem (macOS, Windows) `~/.BASHRC` and `.CLAUDE/settings.json` are the protected files themselves. On a
 * case-sensitive one, folding only adds look-alike names to what is denied.
 */
export function fold(path: string): string {
  return path.toLowerCase();
}
