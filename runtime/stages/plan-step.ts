import type { SessionMode } from "../../compiler/index.ts";
import { openPlan, planStepOf } from "../plan/index.ts";
import { NEXT, type DecisionContext, type StageResult } from "./context.ts";

/**
 * Which step of an approved plan the call is (docs/adr/0250), learned before the deny stages: plan mode's
 * "must be in a plan" levels read it. It lifts nothing by itself: only approve-gates pass (approval.ts), and
 * every deny stage still runs.
 */
export function planStepStage(ctx: DecisionContext): StageResult {
  const preview = ctx.deps.planPreview;
  if (preview !== undefined) return { kind: "next", learned: { planStep: { ...preview, approved: false } } };
  const { plans } = ctx.state;
  if (plans.length === 0) return NEXT;
  const ref = planStepOf(plans, ctx.op, ctx.deps.home);
  if (ref === null) return { kind: "next", learned: { planOpen: openPlan(plans) } };
  return {
    kind: "next",
    learned: { planStep: { ...ref, approved: true } },
    trace: [{ stage: "approval", outcome: "info", detail: `step ${ref.step} of the approved plan ${ref.plan}` }],
  };
}

/** The levels that run in plan mode only as steps of an approved plan (docs/explanation/decision-order.md invariant). */
export const PLAN_STEP_LEVELS: ReadonlySet<string> = new Set(["DESTRUCTIVE", "EXPENSIVE", "SECURITY"]);

/**
 * The mode whose level map applies to the call: in plan mode a DESTRUCTIVE, EXPENSIVE or SECURITY call that is
 * a step of a plan is held to act mode's map (its ask is the plan's approval; its deny and FORBIDDEN stay).
 */
export function levelMode(ctx: Pick<DecisionContext, "state" | "op" | "planStep">): SessionMode {
  const { mode } = ctx.state;
  return mode === "plan" && ctx.planStep !== null && PLAN_STEP_LEVELS.has(ctx.op.level) ? "act" : mode;
}
