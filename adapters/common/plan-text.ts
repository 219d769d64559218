import type { PlanProposal } from "../../runtime/index.ts";

/**
 * A proposed plan as the user reads it before approving (docs/adr/0250): every step and its outcome, the
 * denied steps named first (they never run, whatever the answer), and what approving does. Both adapters.
 */
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
