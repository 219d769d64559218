import { ownEntry } from "../../core/index.ts";
import type { Rule } from "../../compiler/index.ts";
import { advance, afterHolds, readsClassification, type EvalContext } from "../eval/index.ts";
import type { Question } from "../model/index.ts";
import { idSet, type SessionState } from "../state/index.ts";
import type { DecisionContext } from "./context.ts";
import { ruleIndex } from "./rule-index.ts";

/**
 * Step 3's rules, before any model answer: which rules could apply to this call and which questions that
 * needs. A rule whose deterministic `match` is false asks nothing; an active rule's trigger is not asked again.
 */
export interface RulePlan {
  readonly rule: Rule;
  /** `maybe`: the scope reads the classification of an unknown tool; decided after `classify`. */
  readonly scope: "holds" | "maybe";
  /** Active before this call's answers: always, activated, or an `after` that holds including this call. */
  readonly active: boolean;
  /** Trigger questions (model-triggered rules not yet active): `about` is the execution number, null for this call. */
  readonly triggers: readonly { readonly question: Question; readonly about: number | null }[];
  readonly effect: Question | null;
}

export function isActive(rule: Rule, state: SessionState): boolean {
  return rule.activation.kind === "always" || idSet(state.activated).has(rule.id);
}

export function planRules(decision: DecisionContext, ctx: EvalContext, nextId: () => string): RulePlan[] {
  const { policy, state, op, hits } = decision;
  const plans: RulePlan[] = [];
  const disabled = idSet(state.disabled);
  const index = ruleIndex(policy);
  // An unknown tool's scope may read its classification ("maybe"): every rule is looked at.
  for (const rule of op.unknown ? policy.rules : index.scoped(op)) {
    if (disabled.has(rule.id)) continue;
    const scope =
      rule.scope === null
        ? "holds"
        : op.unknown && readsClassification(rule.scope)
          ? index.mayHoldClassified(rule.scope, op)
            ? "maybe"
            : null
          : index.holds(rule.scope, ctx)
            ? "holds"
            : null;
    if (scope === null) continue;
    let active = isActive(rule, state);
    const triggers: RulePlan["triggers"][number][] = [];
    if (!active && rule.activation.kind === "history") {
      // docs/reference/expressions.md: history is over executed operations including the current one (docs/adr/0050).
      active = afterHolds(
        rule.activation.expr,
        advance(ownEntry(state.monitors, rule.id) ?? [], ownEntry(hits, rule.id) ?? []),
      );
      if (!active) continue;
    }
    if (!active && rule.activation.kind === "model") {
      const { text, textHash } = rule.activation;
      const done = ownEntry(state.asked, rule.id) ?? 0;
      for (const r of state.recent) {
        if (r.n <= done) continue;
        triggers.push({
          question: { id: nextId(), kind: "trigger", ruleId: rule.id, text, textHash, action: r.action },
          about: r.n,
        });
      }
      triggers.push({ question: { id: nextId(), kind: "trigger", ruleId: rule.id, text, textHash }, about: null });
    }
    const effect: Question | null =
      rule.effect === null
        ? null
        : { id: nextId(), kind: "effect", ruleId: rule.id, text: rule.effect.text, textHash: rule.effect.textHash };
    plans.push({ rule, scope, active, triggers, effect });
  }
  return plans;
}
