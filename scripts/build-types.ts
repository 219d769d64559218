/**
 * Emits the package's declaration files into dist/types/ (package.json exports "types" for "." and
 * "./pi"): tsc over the two entry points and what their types reach, so the published types are the ones
 * the typecheck sees, never written by hand. dist/types/ is emptied first: a declaration file whose source
 * is gone must not ship. Run: `tsx scripts/build-types.ts` (part of `npm run build` and `prepack`).
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
export const TYPES_OUTDIR = join(root, "dist", "types");

export function buildTypes(): void {
  rmSync(TYPES_OUTDIR, { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  execFileSync(process.execPath, [tsc, "-p", join(root, "tsconfig.types.json")], { cwd: root, stdio: "inherit" });
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  buildTypes();
  process.stdout.write(`built ${TYPES_OUTDIR}\n`);
}
