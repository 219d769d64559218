/**
 * Which approved step of an open plan a call is (docs/adr/0250). A call step matches by signature (docs/reference/operations.md: the
 * action, not its wording); a pattern step matches as an allow pattern would, so every simple command of a
 * bash call must be covered and a command the analysis cannot vouch for never is.
 */
import type { Pattern } from "../../compiler/index.ts";
import type { PlanStepRecord, PlanStepRef } from "../events/index.ts";
import { allowedBy } from "../match/index.ts";
import type { Operation } from "../operation/index.ts";
import type { PlanState } from "../state/index.ts";
import { compileStepPattern } from "./step-pattern.ts";

export function planStepOf(plans: readonly PlanState[], op: Operation, home: string): PlanStepRef | null {
  for (const plan of plans) {
    if (plan.approved === null) continue;
    for (const step of plan.approved) {
      if (plan.done.includes(step)) continue;
      const record = plan.steps[step];
      if (record !== undefined && stepMatches(record, op, home)) return { plan: plan.id, step };
    }
  }
  return null;
}

/** The id of an approved plan that still has steps to run (a call that is none of them deviates from it). */
export function openPlan(plans: readonly PlanState[]): string | null {
  return plans.find((p) => p.approved?.some((i) => !p.done.includes(i)) === true)?.id ?? null;
}

export function stepMatches(step: PlanStepRecord, op: Operation, home: string): boolean {
  if (step.kind === "call") return step.signature === op.signature;
  const pattern = stepPattern(step.pattern);
  return pattern !== null && allowedBy([pattern], op, home) !== null;
}

/** Pattern steps compiled once per text (the state holds text; a log is outside data, so a bad one matches nothing). */
const compiled = new Map<string, Pattern | null>();

function stepPattern(text: string): Pattern | null {
  const known = compiled.get(text);
  if (known !== undefined || compiled.has(text)) return known ?? null;
  const c = compileStepPattern(text, "plan step");
  if (compiled.size >= 256) compiled.clear();
  compiled.set(text, c.ok ? c.pattern : null);
  return c.ok ? c.pattern : null;
}
