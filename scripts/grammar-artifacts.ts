/**
 * `tsx scripts/grammar-artifacts.ts`: regenerates the grammar's derived files (CST types, railroad
 * diagrams) from the parsers; `npm run goldens` calls it. Review the result as a diff.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { grammarArtifacts } from "../grammar/artifacts.ts";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

for (const { path, content } of grammarArtifacts()) {
  const file = join(ROOT, path);
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
