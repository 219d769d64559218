/**
 * Claude Code's plan hand-off (docs/adr/0250): `ExitPlanMode` asks the user to accept the plan it carries.
 * rulegate previews the plan's steps and answers `ask` with a reason listing each step and its outcome, so the
 * user reads before accepting which steps will run without another question, which will still be asked, and
 * which rulegate denies whatever the answer. Never `allow`: that would skip the user's own review of the plan.
 */
import type { PlanProposal } from "../../runtime/index.ts";
import type { AgentCall, SessionDriver } from "../common/index.ts";
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

export function planText(proposal: PlanProposal): string {
  if (!proposal.ok)
    return `rulegate could not read this plan's steps (${proposal.errors.map((e) => `${e.code} ${e.message}`).join("; ")}): every call after it is decided as usual.`;
  const denied = proposal.steps.flatMap((s, i) => (s.decision.decision === "deny" ? [i] : []));
  const asked = proposal.steps.flatMap((s, i) => (s.decision.decision === "ask" ? [i] : []));
  const lines = proposal.steps.map((s, i) => {
    const what = s.step.kind === "call" ? `${s.decision.tool}: ${s.step.subject}` : s.step.pattern;
    const word =
      s.decision.decision === "deny" ? "DENIED" : s.decision.decision === "ask" ? "approved if you accept" : "allowed";
    return `  ${i}. ${what} — ${word} (${s.decision.stage}: ${s.decision.reason})`;
  });
  const head =
    denied.length === 0
      ? `rulegate checked the ${proposal.steps.length} step(s) of plan ${proposal.planId}:`
      : `rulegate DENIES step(s) ${denied.join(", ")} of plan ${proposal.planId}; they will not run whatever you answer:`;
  const tail =
    asked.length === 0
      ? "Accepting the plan approves nothing rulegate would ask about; any other call is decided as usual."
      : `Accepting the plan approves step(s) ${asked.join(", ")} once each; any call that is not a step of the plan is asked again.`;
  return [head, ...lines, tail].join("\n");
}
