import type { Policy } from "../../compiler/index.ts";
import { summarize, type Event } from "../events/index.ts";
import { type ToolCall, deriveOperation, raisedByReports } from "../operation/index.ts";
import type { ShellAnalyzer } from "../shell/index.ts";
import { patternHits } from "../match/index.ts";
import { executionEvents, executionFacts, monitorHits } from "../stages/index.ts";
import { pendingCall, type SessionState } from "../state/index.ts";

type Base = { readonly at: string; readonly session: string };

/** A human's answer to a pending gated call; an approval of a call that then runs also records its execution. */
export function resolvedApproval(
  policy: Policy,
  state: SessionState,
  report: {
    readonly base: Base;
    readonly callId: string;
    readonly answer: "approve" | "deny" | "timeout";
    readonly executeOnAllow: boolean;
  },
): Event[] {
  const { base, callId, answer, executeOnAllow } = report;
  const p = pendingCall(state, callId);
  if (p === undefined || p.status !== "gated") return [];
  const resolved = answer === "approve" ? "approved" : answer === "deny" ? "denied" : "timeout";
  const events: Event[] = [
    { type: "approval_resolved", ...base, callId, signature: p.operation.signature, answer: resolved },
  ];
  if (resolved === "approved" && executeOnAllow)
    events.push(...executionEvents(policy, state, { base, callId, operation: p.operation, facts: p.execution }));
  return events;
}

/**
 * The agent ran a call. A pending gated call that runs was approved by the human in the agent's own
 * dialog. A call this session never decided is derived now (its history counts all the same).
 */
export function executedCall(
  policy: Policy,
  state: SessionState,
  report: {
    readonly base: Base;
    readonly callId: string;
    readonly call: ToolCall | undefined;
    readonly home: string;
    readonly analyzer: ShellAnalyzer | undefined;
  },
): Event[] {
  const { base, callId, call, home, analyzer } = report;
  const p = pendingCall(state, callId);
  if (p !== undefined) {
    const events: Event[] = [];
    if (p.status === "gated")
      events.push({ type: "approval_resolved", ...base, callId, signature: p.operation.signature, answer: "approved" });
    return [...events, ...executionEvents(policy, state, { base, callId, operation: p.operation, facts: p.execution })];
  }
  if (call === undefined || analyzer === undefined) return [];
  const op = raisedByReports(deriveOperation(call, { home, skills: policy.skills, analyzer }), state.reported);
  const hits = monitorHits(policy, { op, mode: state.mode, home, patternHits: (pt, o) => patternHits(pt, o, home) });
  const facts = executionFacts(policy, state, op, { hits, triggered: [] });
  return executionEvents(policy, state, { base, callId, operation: summarize(op), facts });
}
