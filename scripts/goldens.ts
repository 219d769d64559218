/**
 * `npm run goldens`: regenerates every derived file that tests compare — compiler golden cases and the IR
 * of the shipped rule files (test/fixtures/compile), schema/rules.schema.json and docs/diagnostics.md —
 * and the grammar's artifacts when scripts/grammar-artifacts.ts exists. Review the result as a diff.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

if (existsSync("scripts/grammar-artifacts.ts")) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/grammar-artifacts.ts"], { stdio: "inherit" });
  if (r.status !== 0) process.exitCode = 1;
}

const { everyGolden, caseNames, CASES_DIR } = await import("../test/compiler/golden-cases.ts");
const goldens = everyGolden();
let changed = 0;
// A case that no longer compiles must lose its old IR.
const wanted = new Set(goldens.map((g) => g.path));
for (const name of caseNames()) {
  const ir = join(CASES_DIR, name, "ir.json");
  if (existsSync(ir) && !wanted.has(ir)) {
    rmSync(ir);
    changed++;
    process.stdout.write(`removed ${ir}\n`);
  }
}
for (const g of goldens) {
  const before = existsSync(g.path) ? readFileSync(g.path, "utf8") : null;
  if (before === g.content) continue;
  mkdirSync(dirname(g.path), { recursive: true });
  writeFileSync(g.path, g.content);
  changed++;
  process.stdout.write(`wrote ${g.path}\n`);
}
process.stdout.write(`${changed} golden file(s) changed\n`);
