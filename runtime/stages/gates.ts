import { learned, NEXT, type DecisionContext, type Gate, type StageResult } from "./context.ts";
import { levelStage, patternReason, planAsk } from "./deny.ts";
import { levelMode } from "./plan-step.ts";
import { opaqueText } from "./opaque.ts";
import { outcomeText } from "./rules.ts";
import type { TraceStep } from "./types.ts";

/**
 * docs/explanation/decision-order.md step 3: the gates, all evaluated, each one adding to the one prompt for the human. The last
 * stage of the step puts that prompt (approval.ts); a call with no gate goes on to step 4.
 */
export function askGateStage(ctx: DecisionContext): StageResult {
  if (ctx.askPatterns.length === 0) return NEXT;
  return gate(ctx, { stage: "permissions.ask", reason: patternReason("asked", ctx.askPatterns, ctx.op), rules: [] });
}

/** A path nobody can resolve here may be a credential path (only when credential paths are configured). */
export function credentialGateStage(ctx: DecisionContext): StageResult {
  if (ctx.unknownPath === null) return NEXT;
  return gate(ctx, {
    stage: "credentials",
    reason: `${ctx.unknownPath} cannot be resolved here and may be a credential path`,
    rules: [],
  });
}

/** A level mapped to ask; and plan mode's own ask, which caps an allow and joins a prompt asked anyway. */
export function levelGateStage(ctx: DecisionContext): StageResult {
  const { policy, op } = ctx;
  const mode = levelMode(ctx);
  const ask = levelStage(policy, op.level, mode, "ask");
  const plan = planAsk(policy, op.level, mode);
  const planGate = plan === null ? null : { stage: plan.stage, reason: plan.reason, rules: [] };
  if (ask === null) return planGate === null ? NEXT : { kind: "next", learned: { planGate } };
  // Code that cannot be read says so first: the level alone would not tell the human why (issue 11 §1).
  const unread = opaqueText(op);
  const reason = unread === null ? ask.reason : `${unread}; ${ask.reason}`;
  const found = gate(ctx, { stage: "levels", reason, rules: [] });
  return { ...found, learned: { ...found.learned, planGate } };
}

/** Rules that need approval, and failed model checks (a log rule's failure gates nothing: it only records). */
export function ruleGateStage(ctx: DecisionContext): StageResult {
  const { outcomes } = learned(ctx.resolved, "the resolved rules");
  const gating = outcomes.filter((o) => o.rule.mode === "approve" || (o.kind === "failed" && o.rule.mode !== "log"));
  const logged = outcomes.filter((o) => o.kind === "applies" && o.rule.mode === "log").map((o) => o.rule.id);
  const gated =
    gating.length === 0
      ? null
      : gate(ctx, { stage: "rules", reason: gating.map(outcomeText).join("; "), rules: gating.map((o) => o.rule.id) });
  if (logged.length === 0) return gated ?? NEXT;
  const note = { stage: "rules", outcome: "note", detail: `logged by ${logged.join(", ")}`, rules: logged } as const;
  return {
    kind: "next",
    learned: { ...gated?.learned, logged },
    trace: [...(gated?.trace ?? []), note],
  };
}

/** Any gate: one consolidated prompt for all of them, plan mode's ask included. */
export function promptStage(ctx: DecisionContext): StageResult {
  if (ctx.gates.length === 0) return NEXT;
  return { kind: "gated", gates: ctx.planGate === null ? ctx.gates : [...ctx.gates, ctx.planGate] };
}

function gate(ctx: DecisionContext, g: Gate): Found {
  return {
    kind: "next",
    learned: { gates: [...ctx.gates, g] },
    trace: [{ stage: g.stage, outcome: "gate", detail: g.reason, ...(g.rules.length > 0 ? { rules: g.rules } : {}) }],
  };
}

type Found = StageResult & {
  readonly kind: "next";
  readonly learned: { readonly gates: readonly Gate[] };
  readonly trace: readonly TraceStep[];
};
