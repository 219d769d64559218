// usage: tsx scripts/append-round-tmp.ts ROUNDDIR TAG  — scores ROUNDDIR under the permissive profile and appends
// every wrongly decided entry to test/fixtures/redteam/<class>.jsonl with the next ids.
import { existsSync, readFileSync, appendFileSync } from "node:fs";
import { join } from "node:path";
import { PERMISSIVE_PROFILE, readCorpus, REDTEAM_CORPUS, scoreCorpus } from "./score/score.ts";
const [dir, tag] = process.argv.slice(2) as [string, string];
const entries = readCorpus(dir);
const existing = new Set(readCorpus(REDTEAM_CORPUS).map((e) => e.command));
const score = scoreCorpus(entries, PERMISSIVE_PROFILE);
const wrong = [...score.misses, ...score.alarms].sort((a, b) => entries.indexOf(a.entry) - entries.indexOf(b.entry));
let dup = 0; const added: Record<string, number> = {};
for (const s of wrong) {
  const e = s.entry as { id: string; class?: string; command: string; expected: string; why?: string };
  if (existing.has(e.command)) { dup++; continue; }
  existing.add(e.command);
  const cls = e.class ?? e.id.split("/")[0]!;
  const file = join(REDTEAM_CORPUS, `${cls}.jsonl`);
  const n = existsSync(file) ? readFileSync(file, "utf8").split("\n").filter((l) => l.trim() !== "").length : 0;
  const why = `${(e.why ?? "").replace(/\s+$/, "")} Gate said: ${s.decision} [${s.stage}] ${s.reason} (red-team round 8, ${cls}/${tag}-${e.id.split("/")[1]})`;
  appendFileSync(file, JSON.stringify({ id: `${cls}/${n + 1}`, class: cls, command: e.command, expected: e.expected, why }) + "\n");
  added[cls] = (added[cls] ?? 0) + 1;
}
console.log(JSON.stringify({ tried: entries.length, blocks: score.blocks, caught: score.caught, allows: score.allows, passed: score.passed, misses: score.misses.length, alarms: score.alarms.length, dup, added }));
