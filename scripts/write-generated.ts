/**
 * Writes generated files (reference pages, grammar artifacts) below the repository root, leaving a file whose
 * content is already the same untouched, and names each file it wrote so the result can be reviewed as a diff.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

export function writeGenerated(files: Iterable<{ readonly path: string; readonly content: string }>): void {
  for (const { path, content } of files) {
    const file = join(REPO_ROOT, path);
    let old: string | null = null;
    try {
      old = readFileSync(file, "utf8");
    } catch {
      old = null;
    }
    if (old === content) continue;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    process.stdout.write(`wrote ${path}\n`);
  }
}
