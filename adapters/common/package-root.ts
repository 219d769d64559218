import { existsSync, readFileSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";

let root: string | null | undefined;

/**
 * The rulegate package directory, found by walking up from this module: the same answer from the
 * TypeScript sources and from the bundled hook in dist/, where relative `import.meta.url` paths differ.
 */
export function packageRoot(): string | null {
  if (root !== undefined) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown }).name === "rulegate") return (root = dir);
      } catch {
        // not ours; keep walking
      }
    }
    const up = dirname(dir);
    if (up === dir) return (root = null);
    dir = up;
  }
}

/** The shipped built-in rule set; it is part of every effective policy. */
export function builtinDefaultsPath(): string | null {
  const r = packageRoot();
  return r === null ? null : join(r, "rules", "builtin", "defaults.yaml");
}

/**
 * rulegate's own code when it is installed (under a node_modules folder, local or global), and its launchers:
 * a call that edits them (dist/hook.mjs, the built-in rules, node_modules/.bin/rules) would switch the gate
 * off, so adapters count them among their own directories. A source checkout is left out: it is the project of
 * whoever develops rulegate.
 */
export function installedPackageDirs(): string[] {
  const r = packageRoot();
  if (r === null || !r.split(sep).includes("node_modules")) return [];
  // npm's launchers for the `rules` bin sit beside the package (`node_modules/.bin/rules`, the command a project
  // hook runs): on Windows they are files of their own, not links into the package.
  const bin = join(dirname(r), ".bin");
  return [r, ...["rules", "rules.cmd", "rules.ps1"].map((f) => join(bin, f))];
}
