import type { PathAccess } from "./types.ts";

/**
 * Both spellings of an access: the resolved path first, then the path as written when a symlink made them
 * differ. A check on either counts (a glob on the link or on its target), so every path check uses both.
 */
export function accessForms(a: PathAccess): readonly string[] {
  return a.lexical !== undefined && a.lexical !== a.path ? [a.path, a.lexical] : [a.path];
}

/** Where a tree copy's listed contents land (`contents` joined below both spellings of its destination); [] without contents. */
export function landedPaths(a: PathAccess): readonly string[] {
  const contents = a.contents;
  if (contents === undefined) return [];
  return accessForms(a).flatMap((form) => contents.map((rel) => `${form === "/" ? "" : form}/${rel}`));
}
