import type { PathAccess } from "./types.ts";

/**
 * Both spellings of an access: the resolved path first, then the path as written when a symlink made them
 * differ. A check on either counts (a glob on the link or on its target), so every path check uses both.
 */
export function accessForms(a: PathAccess): readonly string[] {
  const forms = a.lexical !== undefined && a.lexical !== a.path ? [a.path, a.lexical] : [a.path];
  // `/proc/PID/root` is that process's view of `/` (`cat /proc/1/root/etc/shadow` reads /etc/shadow): the path
  // below it counts too, whether or not this process may follow the link (docs/adr/0214).
  const viaProc = forms.filter((f) => PROC_ROOT.test(f)).map((f) => f.replace(PROC_ROOT, "") || "/");
  return viaProc.length === 0 ? forms : [...new Set([...forms, ...viaProc])];
}

const PROC_ROOT = /^\/proc\/(?:\d+|self|thread-self)(?:\/task\/\d+)?\/root(?=\/|$)/;

/** Where a tree copy's listed contents land (`contents` joined below both spellings of its destination); [] without contents. */
export function landedPaths(a: PathAccess): readonly string[] {
  const contents = a.contents;
  if (contents === undefined) return [];
  return accessForms(a).flatMap((form) => contents.map((rel) => `${form === "/" ? "" : form}/${rel}`));
}
