/**
 * `npm run score [-- CORPUS.jsonl …] [--policy FILE] [--quiet]`: labelled command corpora through `rules eval`
 * (scripts/score/score.ts): recall on dangerous commands, pass rate on safe ones, how each was caught, and every
 * miss and false alarm with its stage and reason, grouped by the deliberate difference that explains it.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { explain, GUARD_PROFILE, readCorpus, ROOT, scoreCorpus, type Scored } from "./score/score.ts";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { policy: { type: "string" }, quiet: { type: "boolean" } } });
const policy = values.policy ?? GUARD_PROFILE;
const corpora = positionals.length > 0 ? positionals : [join(ROOT, "test/fixtures/corpora/dcg/commands.jsonl")];
const pct = (a: number, b: number): string => (b === 0 ? "n/a" : `${((100 * a) / b).toFixed(1)}%`);
const row = (s: Scored): string =>
  `  ${s.entry.id.padEnd(48)} ${s.decision.padEnd(5)} ${s.stage.padEnd(16)} ${s.entry.command.slice(0, 70)}\n      ${s.reason}`;

for (const file of corpora) {
  if (!existsSync(file)) {
    process.stderr.write(`score: no such corpus: ${file}\n`);
    process.exit(1);
  }
  process.stderr.write(`scoring ${file} …\n`);
  const r = scoreCorpus(readCorpus(file), policy);
  const out: string[] = [`corpus ${file}`, `policy ${policy}`];
  out.push(`recall on dangerous commands: ${r.caught}/${r.blocks} = ${pct(r.caught, r.blocks)}`);
  out.push(`pass rate on safe commands:   ${r.passed}/${r.allows} = ${pct(r.passed, r.allows)}`, "", "how dangerous commands were caught:");
  for (const [how, n] of [...r.caughtBy].sort((a, b) => b[1] - a[1])) out.push(`  ${String(n).padStart(4)}  ${how}`);
  const why = new Map<string, number>();
  for (const a of r.alarms) why.set(explain(a), (why.get(explain(a)) ?? 0) + 1);
  out.push("", "why safe commands were not allowed (deliberate differences from the corpus' own policy):");
  for (const [w, n] of [...why].sort((a, b) => b[1] - a[1])) out.push(`  ${String(n).padStart(4)}  ${w}`);
  if (values.quiet !== true) {
    out.push("", `dangerous commands allowed (${r.misses.length}):`, ...r.misses.map(row));
    out.push("", `safe commands not allowed (${r.alarms.length}):`, ...r.alarms.map(row));
  }
  process.stdout.write(`${out.join("\n")}\n`);
}
