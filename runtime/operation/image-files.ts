/**
 * A disk tool run on a file the project owns (docs/adr/0338): `mkfs.ext4 -F ./build/rootfs.img`,
 * `truncate -s 1G disk.img && mkfs.ext4 -F disk.img`, `sfdisk disk.img < layout`. A filesystem image is a file:
 * formatting it destroys nothing but its own bytes, a WRITE. Lowered only when every path the tool writes is
 * known and strictly inside the workspace in both spellings (a symlink to `/dev/sda`, on disk or made earlier
 * in the string, resolves outside it), outside `.git`, and it names at least one. A file strictly inside a temp
 * directory is scratch, as for deletes (owned-deletes.ts): `mkfs.ext4 /tmp/test.img` (docs/adr/0442).
 */
import type { Level } from "../../compiler/index.ts";
import type { PathAccess } from "./types.ts";

export function imageFileOnly(
  effect: { readonly level: Level; readonly categories: readonly string[] },
  accesses: readonly PathAccess[],
  workspace: readonly string[],
): boolean {
  const { level, categories } = effect;
  if (
    level !== "DESTRUCTIVE" ||
    !categories.includes("disk") ||
    categories.some((c) => c !== "disk" && c !== "filesystem")
  )
    return false;
  const writes = accesses.filter((a) => a.mode !== "read");
  return (
    writes.length > 0 &&
    writes.every(
      (a) =>
        a.mode === "write" &&
        a.dynamic !== true &&
        a.marks === undefined &&
        [a.path, a.lexical ?? a.path].every((p) => inside(p, workspace) || scratch(p)),
    )
  );
}

function inside(path: string, workspace: readonly string[]): boolean {
  return workspace.some((dir) => {
    const prefix = dir.endsWith("/") ? dir : `${dir}/`;
    return (
      path.startsWith(prefix) &&
      !path
        .slice(prefix.length)
        .split("/")
        .some((n) => n.toLowerCase() === ".git" || n === "")
    );
  });
}

const TEMP_ROOTS = ["/tmp/", "/var/tmp/", "/private/tmp/"];

/** A file strictly below a temp directory, with no empty or parent name on the way. */
function scratch(path: string): boolean {
  return TEMP_ROOTS.some(
    (root) =>
      path.startsWith(root) &&
      path.length > root.length &&
      !path
        .slice(root.length)
        .split("/")
        .some((n) => n === "" || n === ".."),
  );
}
