import { ownEntry } from "../../core/index.ts";
import type { Policy, Rule } from "../../compiler/index.ts";
import { advance, afterHolds, type EvalContext } from "../eval/index.ts";
import type { Event, ExecutionFacts, MonitorHits, OperationSummary } from "../events/index.ts";
import type { Operation } from "../operation/index.ts";
import { idSet, type SessionState } from "../state/index.ts";
import { ruleIndex } from "./rule-index.ts";

const SUBJECT_MAX = 200;

/** Which seen/count nodes of every `after` rule hold for this operation (evaluated once, while the operation is whole). */
export function monitorHits(policy: Policy, ctx: EvalContext): MonitorHits {
  const out: Record<string, number[]> = {};
  const index = ruleIndex(policy);
  for (const { rule, node } of index.monitors(ctx.op)) {
    if (!index.holds(node.expr, ctx)) continue;
    const ids = ownEntry(out, rule.id);
    if (ids === undefined) out[rule.id] = [node.id];
    else ids.push(node.id);
  }
  return out;
}

/** What an execution of the call records: the monitors it moves, the triggers that held for it, its action. */
export function executionFacts(
  policy: Policy,
  state: SessionState,
  op: Operation,
  found: { readonly hits: MonitorHits; readonly triggered: readonly string[] },
): ExecutionFacts {
  const { hits, triggered } = found;
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
 * that now holds, a trigger that held for it). Only executed operations activate anything (docs/reference/rules-yaml.md).
 */
export function executionEvents(
  policy: Policy,
  state: SessionState,
  execution: {
    readonly base: { readonly at: string; readonly session: string };
    readonly callId: string;
    readonly operation: OperationSummary;
    readonly facts: ExecutionFacts;
  },
): Event[] {
  const { base, callId, operation, facts } = execution;
  const events: Event[] = [{ type: "executed", ...base, callId, operation, ...facts }];
  const activated = idSet(state.activated);
  const { byId, holdInitially } = ruleIndex(policy);
  // Only rules this execution can activate: an `after` whose monitors it moves (monitors it leaves alone cannot
  // start to hold: they held no earlier either, or the rule would be active, and only /reset deactivates, which
  // resets them too), one that holds from the start (`not seen(…)`), and a model rule whose trigger held for it.
  const now: { readonly at: number; readonly rule: Rule }[] = [];
  for (const id of new Set([...Object.keys(facts.hits), ...holdInitially, ...facts.triggered])) {
    const entry = byId.get(id);
    if (entry === undefined || activated.has(id)) continue;
    const a = entry.rule.activation;
    const holds =
      a.kind === "history"
        ? afterHolds(a.expr, advance(ownEntry(state.monitors, id) ?? [], ownEntry(facts.hits, id) ?? []))
        : a.kind === "model"
          ? facts.triggered.includes(id)
          : false;
    if (holds) now.push(entry);
  }
  now.sort((x, y) => x.at - y.at);
  for (const { rule } of now) {
    events.push({
      type: "rule_activated",
      ...base,
      ruleId: rule.id,
      by: rule.activation.kind === "history" ? "history" : "model",
      callId,
    });
  }
  return events;
}
