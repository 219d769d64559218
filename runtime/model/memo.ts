import { LRUCache } from "lru-cache";
import { memoKeysOf, recordKey } from "./keys.ts";
import { addResult, emptyStats, type MeteredModelClient, type ModelStats } from "./stats.ts";
import type { Answer, ModelBatch, ModelClient, ModelResult, Question, Verdict, VerdictRecord } from "./types.ts";

export interface MemoModelClient extends MeteredModelClient {
  /** Loads recorded verdicts (a session's `model_verdict` events, oldest first; the newest wins). */
  seed(records: Iterable<VerdictRecord>): void;
  readonly size: number;
}

interface Memoized {
  readonly answer: Answer;
  readonly reason: string;
}

/**
 * Memoizes verdicts by question key (keys.ts). Questions answered from the memo make no request; the rest of
 * the batch goes to `inner` as one request. A failed request is never memoized, and a failure fails the
 * whole ask (the runtime applies settings.fail to every open question).
 */
export function withMemo(inner: ModelClient, options: { readonly max: number } = { max: 10_000 }): MemoModelClient {
  // Made at the first verdict: lru-cache allocates room for `max` entries up front, and a hook process or a
  // server request opens a session model per call, most of them with no verdict to keep.
  let made: LRUCache<string, Memoized> | null = null;
  const cache = {
    get: (key: string) => made?.get(key),
    set: (key: string, value: Memoized) => {
      made ??= new LRUCache<string, Memoized>({ max: Math.max(1, options.max) });
      made.set(key, value);
    },
    get size() {
      return made?.size ?? 0;
    },
  };
  let stats: ModelStats = emptyStats();

  async function ask(
    batch: ModelBatch,
    signal: AbortSignal | undefined,
  ): Promise<{ result: ModelResult; hits: number }> {
    const keys = memoKeysOf(batch);
    const verdicts: (Verdict | undefined)[] = batch.questions.map((q, i) => {
      const hit = cache.get(keys[i] ?? "");
      return hit === undefined ? undefined : { questionId: q.id, answer: hit.answer, reason: hit.reason, cached: true };
    });
    const hits = verdicts.filter((v) => v !== undefined).length;

    // One question per distinct missing key: the same question twice in a batch is asked once.
    const open = new Map<string, Question>();
    batch.questions.forEach((q, i) => {
      const key = keys[i] ?? "";
      if (verdicts[i] === undefined && !open.has(key)) open.set(key, q);
    });
    if (open.size === 0)
      return {
        result: { ok: true, verdicts: verdicts as Verdict[], usage: { requests: 0, inputTokens: 0, outputTokens: 0 } },
        hits,
      };

    const result = await inner.ask({ ...batch, questions: [...open.values()] }, signal === undefined ? {} : { signal });
    if (!result.ok) return { result, hits };
    const byId = new Map(result.verdicts.map((v) => [v.questionId, v]));
    for (const [key, question] of open) {
      const verdict = byId.get(question.id);
      if (verdict !== undefined && !verdict.cached) cache.set(key, { answer: verdict.answer, reason: verdict.reason });
    }
    const answered = batch.questions.map((q, i): Verdict | undefined => {
      const done = verdicts[i];
      if (done !== undefined) return done;
      const asked = open.get(keys[i] ?? "");
      const verdict = asked === undefined ? undefined : byId.get(asked.id);
      return verdict === undefined
        ? undefined
        : { ...verdict, questionId: q.id, cached: verdict.cached || asked !== q };
    });
    const missing = batch.questions.find((_, i) => answered[i] === undefined);
    if (missing !== undefined) {
      return {
        result: { ok: false, cause: "missing_answer", detail: `no answer for ${missing.id}`, usage: result.usage },
        hits,
      };
    }
    return { result: { ok: true, verdicts: answered as Verdict[], usage: result.usage }, hits };
  }

  return {
    async ask(batch, { signal }) {
      const { result, hits } = await ask(batch, signal);
      stats = addResult(stats, batch.questions.length, hits, result);
      return result;
    },
    seed(records) {
      for (const record of records) {
        const key = recordKey(record);
        if (key !== null) cache.set(key, { answer: record.answer, reason: record.reason });
      }
    },
    stats: () => stats,
    get size() {
      return cache.size;
    },
  };
}
