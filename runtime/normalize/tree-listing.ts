/**
 * What a directory tree holds, as paths relative to its root, for a copy whose files must be checked before
 * it runs (`cp -r src dst`: dst receives src's files under their own names). The walk does not follow
 * symbolic links (cp -R and rsync -a copy a link as a link) and stops at MAX_TREE_ENTRIES: a tree too big to
 * list is not known, and the caller then keeps its conservative answer.
 */
import { lstatSync, readdirSync } from "node:fs";

export const MAX_TREE_ENTRIES = 2_000;

/**
 * The entries below `root` (files, directories, links; not `root` itself) as relative paths; `[]` for a file;
 * null when the tree is bigger than `budget` entries or cannot be read (missing, no permission).
 */
export function listTree(root: string, budget: number = MAX_TREE_ENTRIES): string[] | null {
  try {
    const st = lstatSync(root);
    if (!st.isDirectory()) return st.isFile() || st.isSymbolicLink() ? [] : null;
  } catch {
    return null;
  }
  const out: string[] = [];
  const pending: string[] = [""];
  while (pending.length > 0) {
    const rel = pending.pop() as string;
    let entries;
    try {
      entries = readdirSync(rel === "" ? root : `${root}/${rel}`, { withFileTypes: true });
    } catch {
      return null;
    }
    for (const e of entries) {
      const path = rel === "" ? e.name : `${rel}/${e.name}`;
      out.push(path);
      if (out.length > budget) return null;
      if (e.isDirectory()) pending.push(path);
    }
  }
  return out;
}
