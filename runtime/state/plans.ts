import { freeze } from "immer";
import type { PlanStepRef } from "../events/index.ts";
import type { PlanState } from "./types.ts";

/**
 * How plans move in the fold (docs/adr/0250). An approval adds the steps it names (steps that do not exist are
 * ignored: the log is outside data); approving none rejects the plan, which ends it. A plan ends when every
 * approved step ran.
 */
export function plansAfterApproval(
  plans: readonly PlanState[],
  planId: string,
  steps: readonly number[],
): readonly PlanState[] {
  const plan = plans.find((p) => p.id === planId);
  if (plan === undefined) return plans;
  const known = steps.filter((i) => Number.isInteger(i) && i >= 0 && i < plan.steps.length);
  const approved = [...new Set([...(plan.approved ?? []), ...known])].sort((a, b) => a - b);
  return ended({ ...plan, approved }, plans);
}

export function plansAfterExecution(plans: readonly PlanState[], ref: PlanStepRef): readonly PlanState[] {
  const plan = plans.find((p) => p.id === ref.plan);
  if (plan === undefined || plan.done.includes(ref.step) || !(plan.approved ?? []).includes(ref.step)) return plans;
  return ended({ ...plan, done: [...plan.done, ref.step] }, plans);
}

/** `plans` with `plan` replaced, or without it when every approved step of it ran. */
function ended(plan: PlanState, plans: readonly PlanState[]): readonly PlanState[] {
  const complete = plan.approved?.every((i) => plan.done.includes(i)) === true;
  return freeze(
    complete ? plans.filter((p) => p.id !== plan.id) : plans.map((p) => (p.id === plan.id ? freeze(plan, true) : p)),
  );
}
