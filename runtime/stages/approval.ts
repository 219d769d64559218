import { idSet } from "../state/index.ts";
import { alwaysOffer, approvedAlways } from "./always.ts";
import { absorb, learned, type DecisionContext, type Ending, type Gate } from "./context.ts";
import { finish } from "./finish.ts";
import type { DecideResult, HumanAnswer, PendingApproval, Step } from "./types.ts";

/**
 * Step 3's ending: one consolidated prompt for every gate. An action approved earlier in the session (same
 * signature), a step of an approved plan (docs/adr/0250; never past a credential gate) or an auto-approved one
 * (/approve-all) passes at once; otherwise the decision waits for a human as a pending value (docs/adr/0170).
 * Only gates reach here: deny stages and blocking rules decided before, so no approval can undo them.
 */
export function gated(ctx: DecisionContext, gates: readonly Gate[], at: number): Step {
  const prompt = promptOf(ctx, gates);
  const step = ctx.planStep;
  const always = approvedAlways(ctx, prompt.gates);
  const auto =
    step?.approved === true && !gates.some((g) => g.stage === "credentials")
      ? `step ${step.step} of the approved plan ${step.plan}`
      : always !== null
        ? `approved always by ${always}`
        : autoApproved(ctx);
  if (auto !== null) {
    const passed = absorb(ctx, { trace: [{ stage: "approval", outcome: "hit", detail: auto }] });
    return decided(passed, {
      ...prompt.ending,
      decision: "allow",
      reason: `${prompt.reason}; ${auto}`,
      approval: "approved",
    });
  }
  return pendingApproval(ctx, prompt, at);
}

/** Why the call passes its gates without a prompt (/approve-all, the same action approved before), or null. */
function autoApproved(ctx: DecisionContext): string | null {
  const { state, op } = ctx;
  return state.autoApprove.all
    ? "auto-approved (/approve-all on)"
    : state.autoApprove.tools.includes(op.tool)
      ? `auto-approved (/approve-all ${op.tool})`
      : idSet(state.approved).has(op.signature)
        ? "the same action was approved earlier in this session"
        : null;
}

function pendingApproval(ctx: DecisionContext, prompt: ReturnType<typeof promptOf>, at: number): Step {
  const { op } = ctx;
  const { callId, session } = ctx.deps;
  const { rules, gates: stages, reason } = prompt;
  const requested = {
    type: "approval_requested",
    ...ctx.base,
    callId,
    signature: op.signature,
    tool: op.tool,
    gates: stages,
    rules,
    reason,
  } as const;
  const subject = learned(ctx.facts, "the execution facts").subject;
  const offer = alwaysOffer(ctx, stages);
  return {
    kind: "pending",
    pending: {
      kind: "approval",
      callId,
      request: {
        session,
        callId,
        tool: op.tool,
        subject,
        signature: op.signature,
        gates: stages,
        rules,
        reason,
        always: offer,
      },
      timeoutMs: ctx.policy.settings.approvalTimeoutMs,
      held: { ctx: absorb(ctx, { events: [requested], learned: { alwaysOffer: offer } }), at },
    },
  };
}

/** The human's answer to a pending approval, or why there is none (the decision then stays `ask`). */
export function approvalAnswered(pending: PendingApproval, answer: HumanAnswer): DecideResult {
  const { ctx } = pending.held;
  const { gates, rules, reason } = pending.request;
  const asked: Ending = { decision: "ask", stage: gates[0] ?? "rules", reason, rules, gates };
  switch (answer) {
    case "nobody":
    case "unanswered": {
      const detail = answer === "nobody" ? "waiting for a human" : "no answer now";
      return finish(absorb(ctx, { trace: [{ stage: "approval", outcome: "gate", detail }] }), asked);
    }
    case "cancelled":
      return finish(ctx, {
        ...asked,
        decision: "deny",
        stage: "cancelled",
        reason: "the call was cancelled while waiting for approval",
      });
    case "approve":
    case "always":
    case "deny":
    case "timeout": {
      const resolved =
        answer === "approve" || answer === "always" ? "approved" : answer === "deny" ? "denied" : "timeout";
      const answered = absorb(ctx, {
        events: [
          {
            type: "approval_resolved",
            ...ctx.base,
            callId: pending.callId,
            signature: ctx.op.signature,
            answer: resolved,
          },
        ],
        trace: [{ stage: "approval", outcome: "info", detail: resolved }],
      });
      if (resolved === "approved") {
        const pattern = answer === "always" ? pending.request.always : null;
        const result = finish(answered, {
          ...asked,
          decision: "allow",
          reason: `${reason}; approved${pattern === null ? "" : `, always for ${pattern}`}`,
          approval: resolved,
        });
        return pattern === null ? result : { ...result, always: { pattern, reason } };
      }
      const why = resolved === "timeout" ? "approval timed out" : "denied by the user";
      return finish(answered, { ...asked, decision: "deny", reason: `${reason}; ${why}`, approval: resolved });
    }
  }
}

/** The prompt: the first gate's stage, every gate, the rules behind them, and one clause list of reasons. */
function promptOf(ctx: DecisionContext, gates: readonly Gate[]) {
  const stages = gates.map((g) => g.stage);
  // Reasons are joined into one clause list: a rule description that ends its sentence would read ".;".
  const gateReasons = gates.map((g) => g.reason.replace(/\.$/, "")).join("; ");
  // A call that is none of an approved plan's steps deviates from it: gated again, and the prompt says why.
  const reason =
    ctx.planOpen === null ? gateReasons : `${gateReasons}; not a step of the approved plan ${ctx.planOpen}`;
  const rules = [...ctx.gates.flatMap((g) => g.rules), ...ctx.logged];
  const ending: Ending = { decision: "ask", stage: stages[0] ?? "rules", reason, rules, gates: stages };
  return { ending, reason, rules, gates: stages };
}

function decided(ctx: DecisionContext, ending: Ending): Step {
  return { kind: "decided", result: finish(ctx, ending) };
}
