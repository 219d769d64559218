/**
 * `npm run score [-- CORPUS …] [--policy FILE] [--peer] [--quiet]`: labelled command corpora (a JSONL file, or
 * a folder of them such as the red-team classes) through `rules eval` (scripts/score/score.ts), under the guard
 * and the permissive profile (or only --policy): recall on dangerous commands and pass rate on safe ones, per
 * technique class, side by side with the peer cc-safety-net under --peer; then, per profile, how each
 * dangerous command was caught and every miss and false alarm with its stage and reason, grouped by the
 * deliberate difference that explains it.
 */
import { existsSync } from "node:fs";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { PEER, peerVersion, scorePeer } from "./score/peer.ts";
import {
  DCG_CORPUS,
  explain,
  explainAllowed,
  GUARD_PROFILE,
  PERMISSIVE_PROFILE,
  readCorpus,
  REDTEAM_CORPUS,
  scoreCorpus,
  type Score,
  type Scored,
  UNEXPLAINED,
} from "./score/score.ts";
import { pct, renderTable, type Column } from "./score/table.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    policy: { type: "string" },
    peer: { type: "boolean" },
    quiet: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help === true) {
  process.stdout.write(`usage: npm run score [-- CORPUS …] [--policy FILE] [--peer] [--quiet]
  CORPUS      a JSONL corpus or a folder of them (default: test/fixtures/redteam and the dcg corpus)
  --policy    score under this rules file only (default: the guard and the permissive profile)
  --peer      add cc-safety-net's decisions beside rulegate's
  --quiet     totals and tables only, without the list of every miss and false alarm
`);
  process.exit(0);
}
const profiles =
  values.policy !== undefined
    ? [{ name: basename(values.policy, ".yaml"), file: values.policy }]
    : [
        { name: "guard", file: GUARD_PROFILE },
        { name: "permissive", file: PERMISSIVE_PROFILE },
      ];
const corpora = positionals.length > 0 ? positionals : [REDTEAM_CORPUS, DCG_CORPUS];
const row = (s: Scored): string =>
  `  ${s.entry.id.padEnd(48)} ${s.decision.padEnd(5)} ${s.stage.padEnd(16)} ${s.entry.command.replaceAll("\n", "⏎").slice(0, 70)}\n      ${s.reason}`;

function details(name: string, file: string, r: Score): string[] {
  const deliberate = r.misses.filter((m) => explainAllowed(m) !== UNEXPLAINED);
  const out = [
    `## ${name} (${file})`,
    `recall on dangerous commands: ${r.caught}/${r.blocks} = ${pct(r.caught, r.blocks)}` +
      (deliberate.length > 0
        ? ` (${pct(r.caught, r.blocks - deliberate.length)} excluding ${deliberate.length} deliberate differences, listed below)`
        : ""),
  ];
  out.push(
    `pass rate on safe commands:   ${r.passed}/${r.allows} = ${pct(r.passed, r.allows)}`,
    "",
    "how dangerous commands were caught:",
  );
  for (const [how, n] of [...r.caughtBy].sort((a, b) => b[1] - a[1])) out.push(`  ${String(n).padStart(4)}  ${how}`);
  const why = new Map<string, number>();
  for (const a of r.alarms) why.set(explain(a), (why.get(explain(a)) ?? 0) + 1);
  if (deliberate.length > 0) {
    out.push("", "dangerous commands allowed on purpose (deliberate differences from the corpus' own policy):");
    const allowedWhy = new Map<string, Scored[]>();
    for (const m of deliberate) allowedWhy.set(explainAllowed(m), [...(allowedWhy.get(explainAllowed(m)) ?? []), m]);
    for (const [w, ms] of allowedWhy)
      out.push(`  ${String(ms.length).padStart(4)}  ${w}`, ...ms.map((m) => `          ${m.entry.command}`));
  }
  out.push("", "why safe commands were not allowed (deliberate differences from the corpus' own policy):");
  for (const [w, n] of [...why].sort((a, b) => b[1] - a[1])) out.push(`  ${String(n).padStart(4)}  ${w}`);
  if (values.quiet !== true) {
    out.push("", `dangerous commands allowed (${r.misses.length}):`, ...r.misses.map(row));
    out.push("", `safe commands not allowed (${r.alarms.length}):`, ...r.alarms.map(row));
  }
  return [...out, ""];
}

for (const corpus of corpora) {
  if (!existsSync(corpus)) {
    process.stderr.write(`score: no such corpus: ${corpus}\n`);
    process.exit(1);
  }
  const entries = readCorpus(corpus);
  const columns: Column[] = profiles.map((p) => {
    process.stderr.write(`scoring ${corpus} under ${p.name}${values.peer === true ? ` and with ${PEER}` : ""} …\n`);
    return { name: p.name, score: scoreCorpus(entries, p.file) };
  });
  const peer = values.peer === true ? scorePeer(entries) : null;
  if (peer !== null) columns.push({ name: PEER, score: peer });
  const out = [`# corpus ${corpus}`, "", "caught = denied or asked; pass = allowed", "", ...renderTable(columns), ""];
  if (peer !== null)
    out.push(`${PEER} ${peerVersion()}: default level, no configuration; it only allows or denies`, "");
  profiles.forEach((p, i) => {
    const score = columns[i]!.score;
    out.push(...details(p.name, p.file, score));
    if (peer === null || values.quiet === true) return;
    // What the peer already stops is the first thing to close: a known, working check exists.
    const missed = new Set(score.misses.map((m) => m.entry.id));
    const ahead = peer.scored.filter((s) => missed.has(s.entry.id) && s.decision === "deny");
    out.push(`dangerous commands ${PEER} denies and ${p.name} allows (${ahead.length}):`, ...ahead.map(row), "");
  });
  process.stdout.write(`${out.join("\n")}\n`);
}
