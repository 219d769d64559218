import type { Policy } from "../../compiler/ir.ts";
import { advance, afterHolds, holds, type EvalContext } from "../eval/index.ts";
import type { Event, ExecutionFacts, MonitorHits, OperationSummary } from "../events/index.ts";
import type { Operation } from "../operation/types.ts";
import { idSet, type SessionState } from "../state/index.ts";
import { ruleIndex } from "./rule-index.ts";

const SUBJECT_MAX = 200;

/** Which seen/count nodes of every `after` rule hold for this operation (evaluated once, while the operation is whole). */
export function monitorHits(policy: Policy, ctx: EvalContext): MonitorHits {
  const out: Record<string, number[]> = {};
  for (const { rule, node } of ruleIndex(policy).monitors(ctx.op)) {
    if (!holds(node.expr, ctx)) continue;
    const ids = out[rule.id];
    if (ids === undefined) out[rule.id] = [node.id];
    else ids.push(node.id);
  }
  return out;
}

export function executionFacts(policy: Policy, state: SessionState, op: Operation, hits: MonitorHits, triggered: readonly string[]): ExecutionFacts {
  const activated = idSet(state.activated);
  const lazy = ruleIndex(policy).modelRules.some((r) => !activated.has(r.id));
  return {
    hits,
    triggered,
    action: lazy ? { tool: op.tool, input: op.call.input, cwd: op.call.cwd, signature: op.signature } : null,
    subject: op.primary.length > SUBJECT_MAX ? `${op.primary.slice(0, SUBJECT_MAX)}…` : op.primary,
  };
}

/**
 * The events of one execution: `executed`, then `rule_activated` for every rule it activates (an `after`
 * that now holds, a trigger that held for it). Only executed operations activate anything (SPEC §2.1).
 */
export function executionEvents(
  policy: Policy, state: SessionState, base: { readonly at: string; readonly session: string }, callId: string,
  operation: OperationSummary, facts: ExecutionFacts,
): Event[] {
  const events: Event[] = [{ type: "executed", ...base, callId, operation, ...facts }];
  const activated = idSet(state.activated);
  const { holdInitially } = ruleIndex(policy);
  for (const rule of policy.rules) {
    if (activated.has(rule.id)) continue;
    const a = rule.activation;
    const hits = facts.hits[rule.id];
    // Monitors this call leaves alone cannot start to hold: they held no earlier either, or the rule would be
    // active (only /reset deactivates, and it resets the monitors); fresh ones are known from holdInitially.
    if (a.kind === "history" && hits === undefined && !holdInitially.has(rule.id)) continue;
    const now =
      a.kind === "history" ? afterHolds(a.expr, advance(state.monitors[rule.id] ?? [], hits ?? []))
      : a.kind === "model" ? facts.triggered.includes(rule.id)
      : false;
    if (now) events.push({ type: "rule_activated", ...base, ruleId: rule.id, by: a.kind === "history" ? "history" : "model", callId });
  }
  return events;
}
