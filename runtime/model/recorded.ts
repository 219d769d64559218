import { memoKeysOf, recordKey } from "./keys.ts";
import { addResult, emptyStats, type MeteredModelClient, type ModelStats } from "./stats.ts";
import type { Answer, ModelResult, Verdict, VerdictRecord } from "./types.ts";

/**
 * A client for replay and audit: it answers only from recorded verdicts and never calls a model. Anything
 * not recorded fails the whole ask as `unavailable` (so it yields settings.fail, never allow).
 *
 * Records of one key are served in the order they were recorded, and the last one repeats once they run out,
 * so a replay that re-asks in the original order sees exactly the original answers even where the model once
 * changed its mind. Use it directly; a memo in front would reorder what it serves.
 */
export function recordedModel(records: Iterable<VerdictRecord>): MeteredModelClient {
  const queues = new Map<string, { readonly items: { answer: Answer; reason: string }[]; next: number }>();
  for (const record of records) {
    const key = recordKey(record);
    if (key === null) continue;
    const queue = queues.get(key) ?? { items: [], next: 0 };
    queue.items.push({ answer: record.answer, reason: record.reason });
    queues.set(key, queue);
  }
  let stats: ModelStats = emptyStats();

  return {
    async ask(batch) {
      const keys = memoKeysOf(batch);
      const missing = batch.questions.find((_, i) => !queues.has(keys[i] ?? ""));
      let result: ModelResult;
      if (missing !== undefined) {
        result = {
          ok: false,
          cause: "unavailable",
          detail: `no recorded verdict for ${missing.id} (${missing.kind})`,
          usage: { requests: 0, inputTokens: 0, outputTokens: 0 },
        };
      } else {
        const verdicts = batch.questions.map((q, i): Verdict => {
          const queue = queues.get(keys[i] ?? "");
          if (queue === undefined) throw new Error("unreachable: checked above");
          const item = queue.items[Math.min(queue.next, queue.items.length - 1)];
          if (item === undefined) throw new Error("unreachable: queues are never empty");
          queue.next++;
          return { questionId: q.id, answer: item.answer, reason: item.reason, cached: true };
        });
        result = { ok: true, verdicts, usage: { requests: 0, inputTokens: 0, outputTokens: 0 } };
      }
      stats = addResult(stats, batch.questions.length, result.ok ? batch.questions.length : 0, result);
      return result;
    },
    stats: () => stats,
  };
}
