import type { Level, OpType, Policy } from "../../compiler/index.ts";
import { historyNodes, readsClassification } from "../eval/index.ts";
import { summarize } from "../events/index.ts";
import type { Question } from "../model/index.ts";
import { maxLevel, mostSevere, sortTypes, type Operation } from "../operation/index.ts";
import { idSet, type SessionState } from "../state/index.ts";
import { failureText, type Answers } from "./ask-model.ts";
import { learned, NEXT, type DecisionContext, type StageResult } from "./context.ts";
import { denied, levelPolicy, levelStage } from "./deny.ts";
import { executionFacts, monitorHits } from "./execute.ts";
import { levelMode } from "./plan-step.ts";
import { allowsWithoutModel } from "./final.ts";
import { patternHits, uncertainPath } from "./ports.ts";
import { ruleIndex } from "./rule-index.ts";
import { planRules, type RulePlan } from "./rule-plan.ts";
import { resolveRules, type RuleOutcome } from "./rule-resolve.ts";

/** Step 3's rules before any model answer: which could apply, and the questions that takes. */
export function planStage(ctx: DecisionContext): StageResult {
  let n = 0;
  const plans = planRules(ctx, learned(ctx.evalCtx, "the operation's context"), () => `q${++n}`);
  return { kind: "next", learned: { plans, questionIds: n } };
}

/** A block rule that applies without any model answer denies at once, before the model is asked. */
export function blockNowStage(ctx: DecisionContext): StageResult {
  const plans = learned(ctx.plans, "the rule plans");
  const block = plans.find((p) => p.rule.mode === "block" && p.active && p.scope === "holds" && p.effect === null);
  if (block === undefined) return NEXT;
  return {
    kind: "end",
    ending: {
      decision: "deny",
      stage: "rules",
      reason: ruleReason(block.rule.id, block.rule.description, "blocks this"),
      rules: [block.rule.id],
    },
    trace: [{ stage: "rules", outcome: "hit", detail: `rule ${block.rule.id} blocks`, rules: [block.rule.id] }],
  };
}

/**
 * The deterministic gates known before the model, and every question for it, to be asked in ONE request:
 * the rules' triggers and effects, `classify` for an unknown tool a rule depends on, and `review` when the
 * classifier could still decide (no certain gate, and step 4 would not allow without it).
 */
export function questionsStage(ctx: DecisionContext): StageResult {
  const { policy, state, op } = ctx;
  const { home } = ctx.deps;
  const plans = learned(ctx.plans, "the rule plans");
  let n = ctx.questionIds;
  const askPatterns = ruleIndex(policy)
    .ask(op)
    .filter((p) => patternHits(p, op, home))
    .map((p) => p.text);
  const unknownPath = policy.paths.credentials.length > 0 ? uncertainPath(op) : null;
  const certainGate =
    askPatterns.length > 0 ||
    unknownPath !== null ||
    levelPolicy(policy, op.level, levelMode(ctx)) === "ask" ||
    plans.some((p) => p.active && p.scope === "holds" && p.effect === null && p.rule.mode === "approve");
  const questions: Question[] = [];
  const about = new Map<string, number | null>();
  for (const p of plans) {
    for (const t of p.triggers) {
      questions.push(t.question);
      about.set(t.question.id, t.about);
    }
    if (p.effect !== null) questions.push(p.effect);
  }
  // An unknown tool is classified when a rule's match depends on it, or when a history monitor that can still
  // activate a rule does (an MCP fetch must count for seen(op.type == read_external)).
  const needClassify =
    op.unknown && (plans.some((p) => p.scope === "maybe") || monitorsReadClassification(policy, state, op));
  if (needClassify) questions.push({ id: `q${++n}`, kind: "classify" });
  const review = policy.classifier.enabled && !certainGate && !allowsWithoutModel(ctx);
  if (review) questions.push({ id: `q${++n}`, kind: "review" });
  return { kind: "next", learned: { askPatterns, unknownPath, questions, about, needClassify, questionIds: n } };
}

/** The model is asked only when there is a question: then the decision waits for its answers (`resume`). */
export function modelStage(ctx: DecisionContext): StageResult {
  return ctx.questions.length === 0 ? NEXT : { kind: "model" };
}

/** The model's answers: their events, and the rules activated now by a trigger that held for an earlier call. */
export function modelAnswered(ctx: DecisionContext, answers: Answers): StageResult {
  const plans = learned(ctx.plans, "the rule plans");
  const { base } = ctx;
  const activated = resolveRules(plans, answers, null).activatedNow.map((ruleId) => ({
    type: "rule_activated" as const,
    ...base,
    ruleId,
    by: "model" as const,
    callId: ctx.deps.callId,
  }));
  const outcome = answers.failure === null ? `${answers.verdicts.size} answered` : failureText(answers);
  return {
    kind: "next",
    learned: { answers, llmCalls: answers.requests },
    events: [...answers.events, ...activated],
    trace: [
      { stage: "model", outcome: "info", detail: `${ctx.questions.length} question(s) in one request: ${outcome}` },
    ],
  };
}

/** The model's classification of an unknown tool replaces the cautious start level; its `levels` deny applies. */
export function classifyStage(ctx: DecisionContext): StageResult {
  const { policy, state, answers } = ctx;
  if (!ctx.needClassify || answers === null) return NEXT;
  const c = [...answers.verdicts.values()].find((v) => v.answer.kind === "classify");
  if (c === undefined || c.answer.kind !== "classify") return NEXT;
  const op = withClassification(ctx.op, c.answer.types, c.answer.level, c.answer.categories);
  const classified = { ...learned(ctx.evalCtx, "the operation's context"), op };
  const events = [
    { type: "operation_derived" as const, ...ctx.base, callId: ctx.deps.callId, operation: summarize(op) },
  ];
  const mode = levelMode({ state, op, planStep: ctx.planStep });
  const hit = levelStage(policy, op.level, mode, "deny");
  if (hit !== null) return { ...denied(hit), learned: { op, classified }, events };
  const p = levelPolicy(policy, op.level, mode);
  return {
    kind: "next",
    learned: { op, classified },
    events,
    trace: [{ stage: "levels", outcome: "miss", detail: `${op.level} is ${p ?? "not set"} in ${mode} mode` }],
  };
}

/** What each rule does now that the model answered, and the facts an execution of the call records. */
export function resolveStage(ctx: DecisionContext): StageResult {
  const { policy, state, op, classified } = ctx;
  const resolved = resolveRules(learned(ctx.plans, "the rule plans"), ctx.answers, classified);
  // A classified unknown tool is history as what it was classified as (an MCP fetch counts for seen(read_external)).
  const hits = classified === null ? ctx.hits : monitorHits(policy, classified);
  return {
    kind: "next",
    learned: { resolved, facts: executionFacts(policy, state, op, { hits, triggered: resolved.triggered }) },
  };
}

/** A rule that blocks (or fails under `fail: deny`) denies at once; the other gates are not asked. */
export function blockingStage(ctx: DecisionContext): StageResult {
  const { outcomes } = learned(ctx.resolved, "the resolved rules");
  const blocking = outcomes.find(
    (o) =>
      (o.kind === "applies" && o.rule.mode === "block") ||
      (o.kind === "failed" && ctx.policy.settings.fail === "deny" && o.rule.mode !== "log"),
  );
  if (blocking === undefined) return NEXT;
  const reason = outcomeText(blocking);
  return {
    kind: "end",
    ending: { decision: "deny", stage: "rules", reason, rules: [blocking.rule.id] },
    trace: [{ stage: "rules", outcome: "hit", detail: reason, rules: [blocking.rule.id] }],
  };
}

export function outcomeText(o: RuleOutcome): string {
  if (o.kind === "failed") return `rule ${o.rule.id}: ${o.why}`;
  const what = o.rule.mode === "block" ? "blocks this" : o.rule.mode === "approve" ? "needs approval" : "logs this";
  return ruleReason(o.rule.id, o.rule.description, what);
}

function ruleReason(id: string, description: string | null, what: string): string {
  return description === null ? `rule ${id} ${what}` : `rule ${id} ${what}: ${description}`;
}

function monitorsReadClassification(policy: Policy, state: SessionState, op: Operation): boolean {
  // Disabled rules count too: their monitors follow the history, so they apply as soon as they are enabled.
  const activated = idSet(state.activated);
  const index = ruleIndex(policy);
  return policy.rules.some(
    (r) =>
      r.activation.kind === "history" &&
      !activated.has(r.id) &&
      historyNodes(r.activation.expr).some((n) => readsClassification(n.expr) && index.mayHoldClassified(n.expr, op)),
  );
}

/** The model's classification of an unknown tool replaces the cautious start level (docs/adr/0043). */
function withClassification(
  op: Operation,
  types: readonly OpType[],
  level: Level,
  categories: readonly string[],
): Operation {
  const sorted = sortTypes(types);
  return {
    ...op,
    types: sorted,
    type: mostSevere(sorted) ?? "unknown",
    level: op.unknown ? level : maxLevel(level, op.level),
    categories,
    unknown: false,
  };
}

export type { RulePlan };
