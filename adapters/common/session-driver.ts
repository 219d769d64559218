import type { Policy } from "../../compiler/index.ts";
import type { Session, SessionState } from "../../runtime/index.ts";
import { parseSkillReport } from "../../runtime/session/index.ts";
import { pendingCall } from "../../runtime/state/index.ts";
import type { AgentCall, SessionDriver, StatusView } from "./driver.ts";

/**
 * The adapters' view of a runtime session. The call id is the agent's, so a later report (PostToolUse in
 * another process, pi's tool_result) finds the pending decision; sessions are created with
 * `executeOnAllow: false` because the agent, not the decision, says whether a call ran.
 */
export function driverOf(session: Session): SessionDriver {
  const call = (c: AgentCall) => ({
    tool: c.tool,
    input: c.input,
    cwd: c.cwd,
    ...(c.labels !== undefined ? { labels: c.labels } : {}),
  });
  return {
    mode: () => session.state.mode,
    decide: (c, signal) => session.decide(call(c), { callId: c.id, ...(signal !== undefined ? { signal } : {}) }),
    executed: async (c) => {
      await session.recordExecuted(c.id, call(c));
    },
    answered: async (c, approved) => {
      await session.approve(c.id, approved === "always" ? "always" : approved ? "approve" : "deny");
    },
    offer: (callId) => pendingCall(session.state, callId)?.always,
    reportLabels: async (report) => {
      const parsed = parseSkillReport(report);
      return "error" in parsed ? parsed : session.reportLabels(parsed);
    },
    user: (text) => session.userMessage(text),
    proposePlan: (c, steps) => session.proposePlan(steps, { callId: c.id }),
    approvePlan: (planId, indexes) => session.approvePlan(planId, indexes),
    planAccepted: async (callId) => {
      const plan = session.state.plans.find((p) => p.callId === callId && p.approved === null);
      if (plan === undefined) return null;
      // What the user saw asked about is what the acceptance approves; allowed steps need no approval, denied never get one.
      const asked = plan.steps.flatMap((s, i) => (s.outcome === "ask" ? [i] : []));
      const answer = await session.approvePlan(plan.id, asked);
      return answer.ok ? answer.approved : null;
    },
    ended: () => session.end(),
    command: async (text) => {
      const outcome = await session.command(text);
      return outcome.ok ? null : outcome.error;
    },
    status: () => statusOf(session.policy, session.state),
  };
}

export function statusOf(policy: Policy, state: SessionState): StatusView {
  // `always` rules need no activation; the others are active once their trigger or history held.
  const active = policy.rules.filter(
    (r) => !state.disabled.includes(r.id) && (r.activation.kind === "always" || state.activated.includes(r.id)),
  );
  return {
    mode: state.mode,
    automode: state.automode,
    active: active.map((r) => ({ id: r.id, mode: r.mode, description: r.description ?? "" })),
    disabled: state.disabled,
    approved: state.approved.length,
    plans: state.plans.map((p) => ({
      id: p.id,
      steps: p.steps.map((s) => (s.kind === "call" ? `${s.tool}: ${s.subject}` : s.pattern)),
      approved: p.approved,
      done: p.done,
    })),
    autoApprove: state.autoApprove.all ? ["every tool"] : state.autoApprove.tools,
    denials: state.denials.map((d) => ({ tool: d.tool, subject: d.reason, stage: d.stage, rules: d.rules })),
    reported: {
      raised: state.reported.map((l) => ({ command: labelText(l.tool, l.name), level: l.level })),
      ignored: state.reportsIgnored.map((l) => ({
        command: labelText(l.tool, l.name),
        level: l.level,
        derived: l.derived,
      })),
    },
  };
}

function labelText(tool: string, name: string): string {
  return name === "" ? tool : name.startsWith(`${tool} `) ? name : `${tool} ${name}`;
}
