import { ownEntry } from "../../core/index.ts";
import type { Expr, Rule } from "../../compiler/index.ts";
import {
  advance,
  afterHolds,
  exprText,
  historyNodes,
  holds,
  initialMonitors,
  type EvalContext,
  type MonitorValue,
  compiled,
} from "../eval/index.ts";
import type { Stage } from "../events/index.ts";
import { idSet } from "../state/index.ts";
import { learned, type DecisionContext } from "./context.ts";
import { yesNo, type Answers } from "./ask-model.ts";
import type { RulePlan } from "./rule-plan.ts";
import type { Resolved } from "./rule-resolve.ts";
import type { TraceStep } from "./types.ts";

/**
 * For `rules explain`: why each rule of the policy did NOT fire for this call, one `skip` step per rule (the
 * rules that fired are already in the trace as hits, gates or notes). Only when a trace is asked for.
 */
export interface RuleReach {
  readonly plans: readonly RulePlan[];
  /** Null when a block rule decided before the model was asked. */
  readonly resolved: Resolved | null;
  readonly answers: Answers | null;
}

export function ruleTrace(
  decision: DecisionContext,
  decided: { readonly stage: Stage; readonly rules: readonly string[] },
): TraceStep[] {
  const { policy, state, hits } = decision;
  const ctx = learned(decision.evalCtx, "the operation's context");
  const reach = reachOf(decision);
  const { stage: decidedAt, rules: fired } = decided;
  const disabled = idSet(state.disabled);
  const activated = idSet(state.activated);
  const out: TraceStep[] = [];
  for (const rule of policy.rules) {
    if (fired.includes(rule.id)) continue;
    const why = whyNot(rule);
    if (why !== null)
      out.push({ stage: "rules", outcome: "skip", detail: `rule ${rule.id}: ${why}`, rules: [rule.id] });
  }
  return out;

  function whyNot(rule: Rule): string | null {
    if (disabled.has(rule.id)) return `disabled in this session (/enable ${rule.id} turns it back on)`;
    if (rule.scope !== null && !holds(rule.scope, ctx))
      return `match is false for this call at ${falseTerm(rule.scope, ctx)}${noQuestion(rule)}`;
    if (rule.activation.kind === "history" && !activated.has(rule.id)) {
      const values = advance(
        ownEntry(state.monitors, rule.id) ?? initialMonitors(rule.activation.expr),
        ownEntry(hits, rule.id) ?? [],
      );
      if (!afterHolds(rule.activation.expr, values))
        return `inactive: after ${exprText(rule.activation.expr)} has not held yet${progress(rule.activation.expr, values)}${noQuestion(rule)}`;
    }
    if (reach === null) return `not reached: the call was decided at ${decidedAt} before the rules`;
    const plan = reach.plans.find((p) => p.rule.id === rule.id);
    if (plan === undefined) return "does not apply to this call";
    if (reach.resolved === null)
      return `not reached: the call was denied at ${decidedAt} before this rule was resolved`;
    if (reach.resolved.outcomes.some((o) => o.rule.id === rule.id)) return null;
    const answers = reach.answers;
    if (!plan.active && rule.activation.kind === "model")
      return `inactive: the model did not find that ${JSON.stringify(rule.activation.text)} has happened`;
    if (plan.effect !== null && rule.effect !== null && answers !== null && yesNo(answers, plan.effect) === false)
      return `the model answered no to ${JSON.stringify(rule.effect.text)}`;
    if (plan.scope === "maybe") return "the tool, as the model classified it, is outside its match";
    return "does not apply to this call";
  }
}

/** How far the rules got: planned (null: decided before), resolved (null: decided before the model answered). */
function reachOf(ctx: DecisionContext): RuleReach | null {
  if (ctx.plans === null) return null;
  return { plans: ctx.plans, resolved: ctx.resolved, answers: ctx.resolved === null ? null : ctx.answers };
}

/** The first term that made a `match` false: into `and`, down to the failing comparison, with the field's value. */
function falseTerm(e: Expr, ctx: EvalContext): string {
  if (e.kind === "and") {
    const failing = e.items.find((i) => !holds(i, ctx));
    if (failing !== undefined) return falseTerm(failing, ctx);
  }
  const field = "left" in e && e.left.kind === "field" ? e.left : null;
  const value = field === null ? "" : ` (${exprText(field)} is ${JSON.stringify(compiled(field)(ctx))})`;
  return `${exprText(e)}${value}`;
}

/** Which history calls of an `after` have not been seen yet, and where counts stand. */
function progress(expr: Expr, values: readonly MonitorValue[]): string {
  const parts = historyNodes(expr)
    .map((n) => {
      const v = values[n.id];
      return n.kind === "count"
        ? `count(${exprText(n.expr)}) is ${typeof v === "number" ? v : 0}`
        : v === true
          ? null
          : `not yet seen: ${exprText(n.expr)}`;
    })
    .filter((s): s is string => s !== null);
  return parts.length === 0 ? "" : ` (${parts.join("; ")})`;
}

/** A rule with a plain-English part that the deterministic part ruled out: the model was not asked for it. */
function noQuestion(rule: Rule): string {
  return rule.activation.kind === "model" || rule.effect !== null ? "; no model question was needed" : "";
}
