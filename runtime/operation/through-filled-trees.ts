/**
 * A change made through a tree the string itself filled in scratch space (docs/adr/0827): `tar xzf evil.tgz -C
 * /tmp/d; truncate -s0 /tmp/d/link/*`, `git clone URL /tmp/d && cp x /tmp/d/link/.bashrc`. What an archive, a
 * clone or a tree copy puts in a folder may be links, so a path below it may lead anywhere, the home included;
 * and /tmp/x itself may be another user's link, which a trailing slash or rsync's destination follows. Such a
 * change is to an unknown place outside the workspace, not to scratch space. Reading through it stays a read,
 * and `rm -rf /tmp/d` removes the links, not what they name (docs/adr/0815).
 */
import type { Made } from "./owned-deletes.ts";
import { TEMP_ROOTS } from "./owned-deletes.ts";
import type { PathAccess } from "./types.ts";

/** The first write or delete of `program` that passes through a filled tree in scratch space; null when none. */
export function throughFilledTree(
  program: string,
  accesses: readonly PathAccess[],
  made: readonly Made[],
  cwd: string,
): PathAccess | null {
  const trees = made.filter((m) => m.filled === true && inScratch(m.path, cwd));
  if (trees.length === 0) return null;
  for (const a of accesses) {
    if (a.mode !== "write" && a.mode !== "delete") continue;
    // A write follows a link wherever it is; a delete removes a last link itself (`rm /tmp/d/x`), unless it
    // overwrites first (shred), and follows only a link before the last name (`rm /tmp/d/link/x`). rsync's
    // destination is entered whether or not it ends in a slash; a plain `rm -rf /tmp/x` removes the link itself.
    const follows = a.mode === "write" || OVERWRITERS.has(program);
    const entered = a.raw?.endsWith("/") === true || (a.mode === "delete" && program === "rsync");
    for (const form of [a.path, a.lexical ?? a.path]) {
      // A find selection (`DIR/**/NAME`, find-selection.ts) walks DIR without following the links below it.
      const p = form.includes("/**/") ? form.slice(0, form.indexOf("/**/")) : form;
      for (const { path: t } of trees) {
        if (p === t ? entered : p.startsWith(`${t}/`) && (follows || entered || p.slice(t.length + 1).includes("/")))
          return a;
      }
    }
  }
  return null;
}

/** Deleters that write over a file before they remove it, so they follow a last link too. */
const OVERWRITERS = new Set(["shred", "wipe", "srm"]);

/** Strictly inside a temp root, and neither the cwd nor around it: a project that lives in /tmp is a project. */
function inScratch(path: string, cwd: string): boolean {
  const project = cwd.endsWith("/") ? cwd : `${cwd}/`;
  return (
    !`${path}/`.startsWith(project) &&
    !project.startsWith(`${path}/`) &&
    TEMP_ROOTS.some((root) => path.startsWith(root) && path.length > root.length)
  );
}
