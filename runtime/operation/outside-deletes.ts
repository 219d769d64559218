/**
 * A delete of files outside the workspace (docs/adr/0628): `rm ~/Documents/thesis.docx`, `rm -f ~/*`,
 * `rm -f ../other-repo/src/*.ts`, `cd ~/Documents && rm *.pdf`, `unlink ~/x`. Recursive deletes there are the
 * destructive-outside-workspace hard deny; a plain `rm` of files was a WRITE, so a permissive policy let it run,
 * and what it removes has no undo and is not the agent's work. It is DESTRUCTIVE (asked): not a hard deny, since
 * removing one stale file elsewhere is sometimes what the user wants. Scratch space (/tmp, /var/tmp, /dev/shm) and
 * the tools' download caches in the home stay the agent's to clear.
 */
import { TEMP_ROOTS } from "./owned-deletes.ts";
import { inToolCache } from "./tool-caches.ts";
import type { PathAccess } from "./types.ts";

/** The first path this command deletes outside the workspace and scratch space, as written; null when none. */
export function deleteOutside(
  accesses: readonly PathAccess[],
  workspace: readonly string[],
  home: string,
): PathAccess | null {
  for (const a of accesses) {
    if (a.mode !== "delete") continue;
    const forms = [a.path, a.lexical ?? a.path];
    const inside = (p: string): boolean =>
      workspace.some((d) => p === d || p.startsWith(d.endsWith("/") ? d : `${d}/`)) ||
      TEMP_ROOTS.some((root) => p.startsWith(root) && p.length > root.length) ||
      inToolCache(p, home);
    if (!forms.every(inside)) return a;
  }
  return null;
}
