import { summarize, type DecisionRecord } from "../events/index.ts";
import type { DecisionContext, Ending } from "./context.ts";
import { executionEvents, executionFacts } from "./execute.ts";
import { ruleTrace } from "./rule-trace.ts";
import type { DecideResult } from "./types.ts";

/**
 * The decision: its record, the `decision` event (and, for an allow that counts as executed at once, the
 * execution's events), and the trace with why each rule that did not fire did not.
 */
export function finish(ctx: DecisionContext, ending: Ending): DecideResult {
  const { policy, state, op, deps, base } = ctx;
  const decision: DecisionRecord = {
    session: deps.session,
    tool: op.tool,
    decision: ending.decision,
    stage: ending.stage,
    rules: ending.rules ?? [],
    check: ending.check ?? null,
    reason: ending.reason,
    operation: summarize(op),
    gates: ending.gates ?? [],
    approval: ending.approval ?? null,
    llm_calls: ctx.llmCalls,
  };
  const facts =
    ending.decision === "deny" ? null : (ctx.facts ?? executionFacts(policy, state, op, { hits: {}, triggered: [] }));
  // A step of an approved plan: its execution completes the step (docs/adr/0250).
  const step = ctx.planStep;
  const execution =
    facts === null || step === null || !step.approved
      ? facts
      : { ...facts, planStep: { plan: step.plan, step: step.step } };
  const { callId } = deps;
  const events = [
    ...ctx.events,
    {
      type: "decision" as const,
      ...base,
      callId,
      ...(deps.line !== undefined ? { line: deps.line } : {}),
      ...decision,
      execution,
      ...(ending.decision === "ask" && ctx.alwaysOffer !== null ? { always: ctx.alwaysOffer } : {}),
    },
    ...(ending.decision === "allow" && deps.executeOnAllow && execution !== null
      ? executionEvents(policy, state, { base, callId, operation: decision.operation, facts: execution })
      : []),
  ];
  const trace =
    ctx.trace === null ? [] : ctx.evalCtx === null ? ctx.trace : [...ctx.trace, ...ruleTrace(ctx, decision)];
  return { decision, events, trace };
}
