import { ownEntry } from "../../core/index.ts";
import type { Level, OpType } from "../../compiler/index.ts";
import type { Answer, FailureCause, ModelClient, Verdict } from "../model/index.ts";

/**
 * The model of a policy test file: answers by rule id, so a test can say "the effect of rule x holds" without
 * knowing signatures. It stands for the external service only (the real client is tested against a local
 * Messages API server); each `ask` is one request, as a real client makes.
 */
export interface ModelScript {
  /** Rule id → whether its trigger holds (default false). */
  readonly trigger?: Readonly<Record<string, boolean>>;
  /** Rule id → whether its effect holds (default true: the restriction applies). */
  readonly effect?: Readonly<Record<string, boolean>>;
  readonly classify?: {
    readonly types: readonly OpType[];
    readonly level: Level;
    readonly categories?: readonly string[];
  };
  readonly review?: "allow" | "block";
  /** Every request fails with this cause. */
  readonly fail?: FailureCause;
}

export function scriptedModel(script: () => ModelScript): ModelClient {
  return {
    async ask(batch) {
      const s = script();
      const usage = { requests: 1, inputTokens: 0, outputTokens: 0 };
      if (s.fail !== undefined) return { ok: false, cause: s.fail, detail: "scripted failure", usage };
      const verdicts: Verdict[] = [];
      for (const q of batch.questions) {
        let answer: Answer | null = null;
        switch (q.kind) {
          case "trigger":
            answer = {
              kind: "trigger",
              holds: (s.trigger === undefined ? undefined : ownEntry(s.trigger, q.ruleId)) ?? false,
            };
            break;
          case "effect":
            answer = {
              kind: "effect",
              holds: (s.effect === undefined ? undefined : ownEntry(s.effect, q.ruleId)) ?? true,
            };
            break;
          case "classify":
            answer =
              s.classify === undefined
                ? null
                : {
                    kind: "classify",
                    types: s.classify.types,
                    level: s.classify.level,
                    categories: s.classify.categories ?? [],
                  };
            break;
          case "review":
            answer =
              s.review === undefined
                ? null
                : { kind: "review", decision: s.review, tier: s.review === "allow" ? "allow" : "soft_deny" };
            break;
        }
        if (answer !== null) verdicts.push({ questionId: q.id, answer, reason: "scripted", cached: false });
      }
      return { ok: true, verdicts, usage };
    },
  };
}
