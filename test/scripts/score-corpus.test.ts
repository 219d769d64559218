import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { explain, GUARD_PROFILE, readCorpus, ROOT, scoreCorpus, UNEXPLAINED } from "../../scripts/score/score.ts";

/**
 * The labelled dcg corpus through `rules eval` under the guard profile: a regression guard for the shell
 * analysis as a whole. Figures at the time of writing: recall 137/137, pass rate 285/305 (every stop deliberate, see `npm run score`).
 * The pass rate fell from 287 when paths found at run time (find -exec {}, xargs) started to gate at credentials.
 */
describe("the dcg corpus under the guard profile", () => {
  const score = scoreCorpus(readCorpus(join(ROOT, "test/fixtures/corpora/dcg/commands.jsonl")), GUARD_PROFILE);

  test("no dangerous command is allowed silently", () => {
    expect(score.misses.map((m) => `${m.entry.id}: ${m.entry.command} (${m.stage})`)).toEqual([]);
  });

  test("at least 93% of safe commands are allowed", () => {
    expect(score.passed / score.allows).toBeGreaterThanOrEqual(0.93);
  });

  test("every safe command that is stopped is stopped for a documented, deliberate reason", () => {
    expect(score.alarms.filter((a) => explain(a) === UNEXPLAINED).map((a) => `${a.entry.command}: ${a.stage} ${a.reason}`)).toEqual([]);
  });
});
