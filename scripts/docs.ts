/**
 * `npm run docs`: regenerates the reference pages derived from code (today docs/reference/hard-deny.md; the
 * diagnostics page and the grammar diagrams are written by `npm run goldens`). Review the result as a diff.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { hardDenyPage } from "./docs/hard-deny-page.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
for (const { path, content } of [hardDenyPage()]) {
  const file = join(root, path);
  let old: string | null = null;
  try {
    old = readFileSync(file, "utf8");
  } catch {
    old = null;
  }
  if (old === content) continue;
  writeFileSync(file, content);
  process.stdout.write(`wrote ${path}\n`);
}
