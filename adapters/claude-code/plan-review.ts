/**
 * Claude Code's plan hand-off (docs/adr/0250): `ExitPlanMode` asks the user to accept the plan it carries.
 * rulegate previews the plan's steps and answers `ask` with a reason listing each step and its outcome, so the
 * user reads before accepting which steps will run without another question, which will still be asked, and
 * which rulegate denies whatever the answer. Never `allow`: that would skip the user's own review of the plan.
 */
import { type AgentCall, planText, type SessionDriver } from "../common/index.ts";
import { planSteps } from "./plan-steps.ts";

export const EXIT_PLAN_MODE = "ExitPlanMode";

export async function reviewPlan(call: AgentCall, driver: SessionDriver): Promise<string> {
  const markdown = typeof call.input.plan === "string" ? call.input.plan : "";
  const steps = planSteps(markdown, call.cwd).slice(0, MAX_STEPS);
  if (steps.length === 0)
    return "rulegate found no steps in this plan (no shell block, no file named with Edit or Write): every call after it is decided as usual.";
  return planText(await driver.proposePlan(call, steps));
}

const MAX_STEPS = 64;
