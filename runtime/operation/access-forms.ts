import type { PathAccess } from "./types.ts";

/**
 * Both spellings of an access: the resolved path first, then the path as written when a symlink made them
 * differ. A check on either counts (a glob on the link or on its target), so every path check uses both.
 */
export function accessForms(a: PathAccess): readonly string[] {
  return a.lexical !== undefined && a.lexical !== a.path ? [a.path, a.lexical] : [a.path];
}
