import type { BenchRow } from "../bench.ts";
import type { BenchSection } from "./index.ts";
import { PEER, peerVersion, scorePeer } from "../score/peer.ts";
import {
  DCG_CORPUS,
  GUARD_PROFILE,
  PERMISSIVE_PROFILE,
  readCorpus,
  REDTEAM_CORPUS,
  scoreCorpus,
  type Tally,
} from "../score/score.ts";
import { ALL, classRows, pct, type Column } from "../score/table.ts";

/**
 * The safety net beside its nearest peer: rulegate under the guard and the permissive profile and
 * cc-safety-net (devDependency, default level) on the same corpora, per technique class. Recall counts a
 * dangerous command as caught when it is denied or asked; pass counts a safe command allowed. The budgets
 * are issue 11's: on the red-team corpus no class below 90% recall under either profile, in all recall
 * ≥ 98% / pass ≥ 85% (guard) and recall ≥ 95% / pass ≥ 90% (permissive); on dcg recall 100%, pass ≥ 95%
 * under the guard profile (the issue sets no permissive target there).
 */
interface Target {
  readonly recall: number;
  readonly pass: number;
}
interface Goal {
  readonly name: string;
  readonly file: string;
  readonly classRecall: number | null;
  /** Whole-corpus targets: guard, permissive. */
  readonly all: readonly [Target, Target | null];
}

const GOALS: readonly Goal[] = [
  {
    name: "redteam",
    file: REDTEAM_CORPUS,
    classRecall: 0.9,
    all: [
      { recall: 0.98, pass: 0.85 },
      { recall: 0.95, pass: 0.9 },
    ],
  },
  { name: "dcg", file: DCG_CORPUS, classRecall: null, all: [{ recall: 1, pass: 0.95 }, null] },
];

const rate = (a: number, b: number): number => (b === 0 ? 1 : a / b);
const meets = (t: Tally, target: Target | null): boolean =>
  target === null || (rate(t.caught, t.blocks) >= target.recall && rate(t.passed, t.allows) >= target.pass);
const percent = (x: number): string => String(Math.round(100 * x));

export const peerBench: BenchSection = {
  name: "peer",
  async run(progress) {
    const rows: BenchRow[] = [];
    for (const goal of GOALS) {
      const entries = readCorpus(goal.file);
      progress(`${goal.name}: ${entries.length} commands under guard, permissive and ${PEER} ${peerVersion()}`);
      const columns: Column[] = [
        { name: "guard", score: scoreCorpus(entries, GUARD_PROFILE) },
        { name: "permissive", score: scoreCorpus(entries, PERMISSIVE_PROFILE) },
        { name: PEER, score: scorePeer(entries) },
      ];
      rows.push({
        what: `${goal.name}: recall guard · permissive · ${PEER}`,
        value: "",
        budget: "pass, same order",
        ok: null,
      });
      for (const r of classRows(columns)) {
        const [guard, permissive] = r.tallies as [Tally, Tally, Tally];
        const recall = r.tallies.map((t) => pct(t.caught, t.blocks)).join(" · ");
        const pass = r.tallies.map((t) => pct(t.passed, t.allows)).join(" · ");
        if (r.cls === ALL) {
          const [g, p] = goal.all;
          const target = `target guard ≥ ${percent(g.recall)}/${percent(g.pass)}${p === null ? "" : `, permissive ≥ ${percent(p.recall)}/${percent(p.pass)}`}`;
          rows.push({
            what: `  ${ALL} (${r.blocks} block, ${r.allows} allow)`,
            value: recall,
            budget: `${pass}; ${target}`,
            ok: meets(guard, g) && meets(permissive, p),
          });
        } else {
          const floor = goal.classRecall;
          const ok =
            floor === null
              ? null
              : rate(guard.caught, guard.blocks) >= floor && rate(permissive.caught, permissive.blocks) >= floor;
          rows.push({ what: `  ${r.cls} (${r.blocks} block, ${r.allows} allow)`, value: recall, budget: pass, ok });
        }
      }
    }
    return rows;
  },
};
