import type { Decision, Policy } from "../../compiler/ir.ts";
import type { DecisionRecord, Event, ExecutionFacts, Stage } from "../events/index.ts";
import type { Operation } from "../operation/types.ts";
import { idSet, type SessionState } from "../state/index.ts";
import type { Gate } from "./final.ts";
import type { DecideDeps, DecideResult, TraceStep } from "./types.ts";

type Finish = (
  d: Decision,
  stage: Stage,
  reason: string,
  extra?: Partial<Pick<DecisionRecord, "rules" | "check" | "gates" | "approval">>,
  facts?: ExecutionFacts | null,
) => DecideResult;

/**
 * Step 3's ending: one consolidated prompt for every gate. An action approved earlier in the session (same
 * signature) or auto-approved (/approve-all) passes; otherwise the approver answers within
 * settings.approval_timeout, or nobody can answer now and the decision stays `ask`. Only gates reach here:
 * deny stages and blocking rules decided before, so no approval can undo them.
 */
export async function approvalFlow(
  policy: Policy,
  state: SessionState,
  op: Operation,
  gates: readonly Gate[],
  rules: readonly string[],
  facts: ExecutionFacts,
  deps: DecideDeps,
  base: { readonly at: string; readonly session: string },
  events: Event[],
  trace: TraceStep[] | null,
  finish: Finish,
): Promise<DecideResult> {
  const first = (gates[0] as Gate).stage;
  const stages = gates.map((g) => g.stage);
  // Reasons are joined into one clause list: a rule description that ends its sentence would read ".;".
  const reason = gates.map((g) => g.reason.replace(/\.$/, "")).join("; ");
  const extra = { rules, gates: stages };
  const auto = state.autoApprove.all
    ? "auto-approved (/approve-all on)"
    : state.autoApprove.tools.includes(op.tool)
      ? `auto-approved (/approve-all ${op.tool})`
      : idSet(state.approved).has(op.signature)
        ? "the same action was approved earlier in this session"
        : null;
  if (auto !== null) {
    trace?.push({ stage: "approval", outcome: "hit", detail: auto });
    return finish("allow", first, `${reason}; ${auto}`, { ...extra, approval: "approved" }, facts);
  }
  const { callId } = deps;
  events.push({
    type: "approval_requested",
    ...base,
    callId,
    signature: op.signature,
    tool: op.tool,
    gates: stages,
    rules,
    reason,
  });
  if (deps.approver === null) {
    trace?.push({ stage: "approval", outcome: "gate", detail: "waiting for a human" });
    return finish("ask", first, reason, extra, facts);
  }
  const request = {
    session: deps.session,
    callId,
    tool: op.tool,
    subject: facts.subject,
    signature: op.signature,
    gates: stages,
    rules,
    reason,
  };
  const timeout = new AbortController();
  const signal = deps.signal === undefined ? timeout.signal : AbortSignal.any([deps.signal, timeout.signal]);
  const answer = await Promise.race([
    deps.approver.ask(request, { signal }).catch(() => "deny" as const),
    deps.sleep(policy.settings.approvalTimeoutMs, signal).then(
      () => "timeout" as const,
      () => "timeout" as const,
    ),
  ]);
  timeout.abort();
  if (deps.signal?.aborted === true)
    return finish("deny", "cancelled", "the call was cancelled while waiting for approval", extra);
  if (answer === null) {
    trace?.push({ stage: "approval", outcome: "gate", detail: "no answer now" });
    return finish("ask", first, reason, extra, facts);
  }
  const resolved = answer === "approve" ? "approved" : answer === "deny" ? "denied" : "timeout";
  events.push({ type: "approval_resolved", ...base, callId, signature: op.signature, answer: resolved });
  trace?.push({ stage: "approval", outcome: "info", detail: resolved });
  if (resolved === "approved")
    return finish("allow", first, `${reason}; approved`, { ...extra, approval: "approved" }, facts);
  return finish("deny", first, `${reason}; ${resolved === "timeout" ? "approval timed out" : "denied by the user"}`, {
    ...extra,
    approval: resolved,
  });
}
