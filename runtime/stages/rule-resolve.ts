import type { Rule } from "../../compiler/index.ts";
import { holds, type EvalContext } from "../eval/index.ts";
import { failureText, yesNo, type Answers } from "./ask-model.ts";
import type { RulePlan } from "./rule-plan.ts";

/** What one rule does to this call once the model (if asked) answered. */
export type RuleOutcome =
  | { readonly kind: "applies"; readonly rule: Rule }
  | { readonly kind: "failed"; readonly rule: Rule; readonly why: string };

export interface Resolved {
  readonly outcomes: readonly RuleOutcome[];
  /** Rules activated now by a trigger that held for an earlier executed operation. */
  readonly activatedNow: readonly string[];
  /** Rules whose trigger held for this call: they apply now and activate if it runs. */
  readonly triggered: readonly string[];
}

/**
 * Resolves the plans: a `maybe` scope is re-tested on the classified operation (a failed classification
 * keeps it, fail closed); an inactive model rule applies when any trigger held; an `effect` must hold.
 * A question the model could not answer makes the rule `failed` (settings.fail decides what that means).
 */
export function resolveRules(
  plans: readonly RulePlan[],
  answers: Answers | null,
  classified: EvalContext | null,
): Resolved {
  const outcomes: RuleOutcome[] = [];
  const activatedNow: string[] = [];
  const triggered: string[] = [];
  for (const plan of plans) {
    const { rule } = plan;
    let failed: string | null = null;
    let active = plan.active;
    if (!active) {
      let unknown = false;
      for (const t of plan.triggers) {
        const a = answers === null ? null : yesNo(answers, t.question);
        if (a === null) unknown = true;
        else if (a) {
          active = true;
          if (t.about === null) triggered.push(rule.id);
          else if (!activatedNow.includes(rule.id)) activatedNow.push(rule.id);
        }
      }
      if (!active && unknown) failed = answers === null ? "model not asked" : failureText(answers);
      if (!active && failed === null) continue;
    }
    if (plan.scope === "maybe" && classified !== null && rule.scope !== null && !holds(rule.scope, classified))
      continue;
    if (plan.effect !== null && failed === null) {
      const a = answers === null ? null : yesNo(answers, plan.effect);
      if (a === false) continue;
      if (a === null) failed = answers === null ? "model not asked" : failureText(answers);
    }
    if (failed === null && plan.scope === "maybe" && classified === null)
      failed = answers === null ? "model not asked" : failureText(answers);
    outcomes.push(failed === null ? { kind: "applies", rule } : { kind: "failed", rule, why: failed });
  }
  return { outcomes, activatedNow, triggered };
}
