/**
 * `npm run bench`: one command prints the performance table of README.md's Measured table. Each section lives in
 * scripts/bench/<name>.ts and returns rows; figures are reported as ratios against a baseline run in
 * the same process or on the same machine, since these machines are noisy.
 */
import { SECTIONS } from "./bench/index.ts";

export interface BenchRow {
  readonly what: string;
  readonly value: string;
  readonly budget: string;
  readonly ok: boolean | null;
}

const only = process.argv.slice(2);
let failed = 0;
for (const section of SECTIONS) {
  if (only.length > 0 && !only.includes(section.name)) continue;
  process.stdout.write(`\n## ${section.name}\n`);
  const rows = await section.run((msg) => process.stderr.write(`  … ${msg}\n`));
  for (const r of rows) {
    const mark = r.ok === null ? " " : r.ok ? "✓" : "✗";
    if (r.ok === false) failed++;
    process.stdout.write(`${mark} ${r.what.padEnd(58)} ${r.value.padEnd(28)} ${r.budget}\n`);
  }
}
process.stdout.write(`\n${failed === 0 ? "all budgets met" : `${failed} budget(s) missed`}\n`);
