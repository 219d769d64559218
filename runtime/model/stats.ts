import type { FailureCause, ModelClient, ModelResult } from "./types.ts";

/** Counters for `rules eval --model-stats` and the bench. */
export interface ModelStats {
  /** `ask` calls received. */
  readonly asks: number;
  /** Questions received in those calls. */
  readonly questions: number;
  /** Questions answered from the memo (no request). */
  readonly cacheHits: number;
  /** HTTP requests sent to the model. */
  readonly requests: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** `ask` calls that ended `ok: false`, by cause. */
  readonly failures: number;
  readonly failuresByCause: Readonly<Partial<Record<FailureCause, number>>>;
}

/** A client that counts what it did. Every client in this folder is one. */
export interface MeteredModelClient extends ModelClient {
  stats(): ModelStats;
}

export function emptyStats(): ModelStats {
  return {
    asks: 0,
    questions: 0,
    cacheHits: 0,
    requests: 0,
    inputTokens: 0,
    outputTokens: 0,
    failures: 0,
    failuresByCause: {},
  };
}

/** Stats after one more `ask` that received `questions` questions, `cacheHits` of them from the memo. */
export function addResult(stats: ModelStats, questions: number, cacheHits: number, result: ModelResult): ModelStats {
  const failuresByCause = result.ok
    ? stats.failuresByCause
    : { ...stats.failuresByCause, [result.cause]: (stats.failuresByCause[result.cause] ?? 0) + 1 };
  return {
    asks: stats.asks + 1,
    questions: stats.questions + questions,
    cacheHits: stats.cacheHits + cacheHits,
    requests: stats.requests + result.usage.requests,
    inputTokens: stats.inputTokens + result.usage.inputTokens,
    outputTokens: stats.outputTokens + result.usage.outputTokens,
    failures: stats.failures + (result.ok ? 0 : 1),
    failuresByCause,
  };
}

/**
 * Counts what `inner` did, for a client that does not count itself (e.g. `unavailableModel`). A memo's own
 * stats() is the better source for memo hits; here a hit is a verdict the inner client marked `cached`.
 */
export function metered(inner: ModelClient): MeteredModelClient {
  let stats: ModelStats = emptyStats();
  return {
    async ask(batch, options) {
      const result = await inner.ask(batch, options);
      const hits = result.ok ? result.verdicts.filter((v) => v.cached).length : 0;
      stats = addResult(stats, batch.questions.length, hits, result);
      return result;
    },
    stats: () => stats,
  };
}

/** One line for humans, e.g. for `--model-stats` on stderr. */
export function formatStats(stats: ModelStats): string {
  const causes = Object.entries(stats.failuresByCause)
    .map(([cause, n]) => `${cause} ${n}`)
    .join(", ");
  return (
    `model: ${stats.requests} requests for ${stats.questions} questions in ${stats.asks} asks, ${stats.cacheHits} memo hits, ` +
    `${stats.inputTokens} input / ${stats.outputTokens} output tokens, ${stats.failures} failures${causes.length > 0 ? ` (${causes})` : ""}`
  );
}
