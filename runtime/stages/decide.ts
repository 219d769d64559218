import type { Decision, Level, OpType, Policy } from "../../compiler/ir.ts";
import { maxLevel, mostSevere, sortTypes } from "../operation/severity.ts";
import { historyNodes, readsClassification, type EvalContext } from "../eval/index.ts";
import { summarize, type DecisionRecord, type Event, type ExecutionFacts, type Stage } from "../events/index.ts";
import type { Question } from "../model/types.ts";
import type { Operation, ToolCall } from "../operation/types.ts";
import { idSet, type SessionState } from "../state/index.ts";
import { callIdInUse } from "./call-id.ts";
import { askModel, failureText, type Answers } from "./ask-model.ts";
import { denyStages, patternReason, levelPolicy, levelStage, planAsk, type StageHit } from "./deny.ts";
import { executionEvents, executionFacts, monitorHits } from "./execute.ts";
import { deriveOperation, patternHits, uncertainPath } from "./ports.ts";
import { planRules } from "./rule-plan.ts";
import { ruleIndex } from "./rule-index.ts";
import { resolveRules, type RuleOutcome } from "./rule-resolve.ts";
import { ruleTrace, type RuleReach } from "./rule-trace.ts";
import { finalStage, type Gate } from "./final.ts";
import { approvalFlow } from "./approval.ts";
import type { DecideDeps, DecideResult, TraceStep } from "./types.ts";

/**
 * One decision (SPEC §2.4, DESIGN §4): derive the operation, then the fixed order of stages. Returns the
 * decision and the events it produced; the caller folds them (this function never changes state).
 */
export async function decide(
  policy: Policy,
  state: SessionState,
  call: ToolCall,
  deps: DecideDeps,
): Promise<DecideResult> {
  const base = { at: deps.now(), session: deps.session };
  const { callId } = deps;
  const trace: TraceStep[] | null = deps.trace === true ? [] : null;
  const events: Event[] = [
    {
      type: "call_received",
      ...base,
      callId,
      tool: call.tool,
      input: call.input,
      cwd: call.cwd,
      ...(deps.root !== undefined && deps.root !== call.cwd ? { root: deps.root } : {}),
      ...(deps.line !== undefined ? { line: deps.line } : {}),
    },
  ];
  let op = deriveOperation(call, { home: deps.home, skills: policy.skills, analyzer: deps.analyzer });
  events.push({ type: "operation_derived", ...base, callId, operation: summarize(op) });
  trace?.push({ stage: "operation", outcome: "info", detail: describeOp(op) });
  let llmCalls = 0;
  // For the trace only: how far the rules got, so `rules explain` can say why each one did not fire.
  let ruleView: { readonly ctx: EvalContext; readonly hits: ReturnType<typeof monitorHits> } | null = null;
  let reach: RuleReach | null = null;

  const finish = (
    d: Decision,
    stage: Stage,
    reason: string,
    extra: Partial<Pick<DecisionRecord, "rules" | "check" | "gates" | "approval">> = {},
    facts: ExecutionFacts | null = null,
  ): DecideResult => {
    const decision: DecisionRecord = {
      session: deps.session,
      tool: op.tool,
      decision: d,
      stage,
      rules: extra.rules ?? [],
      check: extra.check ?? null,
      reason,
      operation: summarize(op),
      gates: extra.gates ?? [],
      approval: extra.approval ?? null,
      llm_calls: llmCalls,
    };
    const execution = d === "deny" ? null : (facts ?? executionFacts(policy, state, op, {}, []));
    if (trace !== null && ruleView !== null)
      trace.push(...ruleTrace(policy, state, ruleView.ctx, ruleView.hits, reach, stage, decision.rules));
    events.push({
      type: "decision",
      ...base,
      callId,
      ...(deps.line !== undefined ? { line: deps.line } : {}),
      ...decision,
      execution,
    });
    if (d === "allow" && deps.executeOnAllow && execution !== null)
      events.push(...executionEvents(policy, state, base, callId, decision.operation, execution));
    return { decision, events, trace: trace ?? [] };
  };

  // Step 1. A cancelled call is denied before anything else: fail closed (docs/adr/0053).
  if (deps.signal?.aborted === true) return finish("deny", "cancelled", "the call was cancelled");
  // An id still waiting for an earlier call's report is that call's: fail closed before anything else (docs/adr/0128).
  const inUse = callIdInUse(state, callId, op);
  if (inUse !== null) {
    trace?.push({ stage: "hard_deny", outcome: "hit", detail: inUse.reason });
    return finish("deny", "hard_deny", inUse.reason, { check: inUse.check });
  }
  const ctx: EvalContext = {
    op,
    mode: state.mode,
    home: deps.home,
    patternHits: (p, o) => patternHits(p, o, deps.home),
  };
  const hits = monitorHits(policy, ctx);
  if (trace !== null) ruleView = { ctx, hits };
  if (!state.automode) {
    // Allowed and recorded: what runs now is history like any other executed call (SPEC §2.1).
    trace?.push({ stage: "off", outcome: "hit", detail: "automode is off" });
    return finish("allow", "off", "automode is off", {}, executionFacts(policy, state, op, hits, []));
  }
  // Step 2. Deterministic deny stages; a hit asks nothing.
  const denied = denyStages(policy, op, state.mode, deps.home, trace, deps.root, deps.ownDirs);
  if (denied !== null) return finish("deny", denied.stage, denied.reason, { check: denied.check });

  let n = 0;
  const plans = planRules(policy, state, op, ctx, hits, () => `q${++n}`);
  // A block rule that applies without any model answer denies at once, before the model is asked.
  const block = plans.find((p) => p.rule.mode === "block" && p.active && p.scope === "holds" && p.effect === null);
  if (trace !== null) reach = { plans, resolved: null, answers: null };
  if (block !== undefined) {
    trace?.push({ stage: "rules", outcome: "hit", detail: `rule ${block.rule.id} blocks`, rules: [block.rule.id] });
    return finish("deny", "rules", ruleReason(block.rule.id, block.rule.description, "blocks this"), {
      rules: [block.rule.id],
    });
  }

  // The deterministic gates, and whether step 4 could still be reached (then the classifier may decide).
  const askPatterns = ruleIndex(policy)
    .ask(op)
    .filter((p) => patternHits(p, op, deps.home))
    .map((p) => p.text);
  const unknownPath = policy.paths.credentials.length > 0 ? uncertainPath(op) : null;
  const certainGate =
    askPatterns.length > 0 ||
    unknownPath !== null ||
    levelPolicy(policy, op.level, state.mode) === "ask" ||
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
  const review = policy.classifier.enabled && !certainGate && !fastAllow(policy, op, state, deps.home);
  if (review) questions.push({ id: `q${++n}`, kind: "review" });

  let answers: Answers | null = null;
  if (questions.length > 0) {
    answers = await askModel(
      deps.model,
      {
        policy,
        action: { tool: op.tool, input: call.input, cwd: call.cwd, signature: op.signature },
        questions,
        about,
        transcript: state.transcript,
        ...(deps.instructions !== undefined ? { instructions: deps.instructions } : {}),
        base,
        callId,
      },
      deps.signal,
    );
    llmCalls = answers.requests;
    events.push(...answers.events);
    trace?.push({
      stage: "model",
      outcome: "info",
      detail: `${questions.length} question(s) in one request: ${answers.failure === null ? `${answers.verdicts.size} answered` : failureText(answers)}`,
    });
  }
  for (const id of resolvedActivations(answers, plans))
    events.push({ type: "rule_activated", ...base, ruleId: id, by: "model", callId });

  let classified: EvalContext | null = null;
  if (needClassify && answers !== null) {
    const c = [...answers.verdicts.values()].find((v) => v.answer.kind === "classify");
    if (c !== undefined && c.answer.kind === "classify") {
      op = withClassification(op, c.answer.types, c.answer.level, c.answer.categories);
      classified = { ...ctx, op };
      events.push({ type: "operation_derived", ...base, callId, operation: summarize(op) });
      const levelDeny = levelStage(policy, op.level, state.mode, "deny", trace);
      if (levelDeny !== null) return finish("deny", "levels", levelDeny.reason);
    }
  }
  const resolved = resolveRules(plans, answers, classified);
  if (trace !== null) reach = { plans, resolved, answers };
  // A classified unknown tool is history as what it was classified as (an MCP fetch counts for seen(read_external)).
  const facts = executionFacts(
    policy,
    state,
    op,
    classified === null ? hits : monitorHits(policy, classified),
    resolved.triggered,
  );

  // Step 3. Gates, all evaluated; a blocking rule (or a failure under fail: deny) denies at once.
  const blocking = resolved.outcomes.find(
    (o) =>
      (o.kind === "applies" && o.rule.mode === "block") ||
      (o.kind === "failed" && policy.settings.fail === "deny" && o.rule.mode !== "log"),
  );
  if (blocking !== undefined) {
    trace?.push({ stage: "rules", outcome: "hit", detail: outcomeText(blocking), rules: [blocking.rule.id] });
    return finish("deny", "rules", outcomeText(blocking), { rules: [blocking.rule.id] });
  }
  const gates: Gate[] = [];
  if (askPatterns.length > 0)
    gates.push({ stage: "permissions.ask", reason: patternReason("asked", askPatterns, op), rules: [] });
  if (unknownPath !== null)
    gates.push({
      stage: "credentials",
      reason: `${unknownPath} cannot be resolved here and may be a credential path`,
      rules: [],
    });
  const levelAsk: StageHit | null = levelStage(policy, op.level, state.mode, "ask", null);
  if (levelAsk !== null) gates.push({ stage: "levels", reason: levelAsk.reason, rules: [] });
  // Plan mode's own ask caps an allow (below); it joins a prompt that is asked anyway.
  const planGate = planAsk(policy, op.level, state.mode);
  // A log rule only records: its failed model check cannot open anything, so it gates nothing either.
  const ruleGates = resolved.outcomes.filter(
    (o) => o.rule.mode === "approve" || (o.kind === "failed" && o.rule.mode !== "log"),
  );
  if (ruleGates.length > 0)
    gates.push({
      stage: "rules",
      reason: ruleGates.map(outcomeText).join("; "),
      rules: ruleGates.map((o) => o.rule.id),
    });
  const logged = resolved.outcomes.filter((o) => o.kind === "applies" && o.rule.mode === "log").map((o) => o.rule.id);
  for (const g of gates)
    trace?.push({
      stage: g.stage,
      outcome: "gate",
      detail: g.reason,
      ...(g.rules.length > 0 ? { rules: g.rules } : {}),
    });
  if (logged.length > 0)
    trace?.push({ stage: "rules", outcome: "note", detail: `logged by ${logged.join(", ")}`, rules: logged });
  const rules = [...gates.flatMap((g) => g.rules), ...logged];

  if (gates.length > 0) {
    if (planGate !== null) gates.push({ stage: "levels", reason: planGate.reason, rules: [] });
    return approvalFlow(policy, state, op, gates, rules, facts, deps, base, events, trace, finish);
  }

  // Step 4. No gate.
  const final = finalStage(policy, state, op, answers, deps.home, trace);
  if (final.decision === "ask")
    return approvalFlow(
      policy,
      state,
      op,
      [final.gate, ...(planGate === null ? [] : [{ stage: planGate.stage, reason: planGate.reason, rules: [] }])],
      rules,
      facts,
      deps,
      base,
      events,
      trace,
      finish,
    );
  if (final.decision === "allow" && planGate !== null) {
    // Plan mode only tightens (docs/adr/0110): what act mode allows, plan mode's ask puts to a human.
    trace?.push({
      stage: "levels",
      outcome: "gate",
      detail: `${planGate.reason}: the ${final.stage} allow is asked about in plan mode`,
    });
    return approvalFlow(
      policy,
      state,
      op,
      [{ stage: "levels", reason: `${planGate.reason} (${final.reason})`, rules: [] }],
      rules,
      facts,
      deps,
      base,
      events,
      trace,
      finish,
    );
  }
  const note = logged.length > 0 ? ` (logged by ${logged.join(", ")})` : "";
  return finish(final.decision, final.stage, final.reason + note, { rules }, facts);
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

function resolvedActivations(answers: Answers | null, plans: ReturnType<typeof planRules>): string[] {
  return [...resolveRules(plans, answers, null).activatedNow];
}

/** Whether step 4 ends before the classifier without any model (read-only tool, allow pattern, level allow). */
function fastAllow(policy: Policy, op: Operation, state: SessionState, home: string): boolean {
  return finalStage(policy, state, op, null, home, null, true).stage !== "classifier";
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

function ruleReason(id: string, description: string | null, what: string): string {
  return description === null ? `rule ${id} ${what}` : `rule ${id} ${what}: ${description}`;
}

function outcomeText(o: RuleOutcome): string {
  if (o.kind === "failed") return `rule ${o.rule.id}: ${o.why}`;
  const what = o.rule.mode === "block" ? "blocks this" : o.rule.mode === "approve" ? "needs approval" : "logs this";
  return ruleReason(o.rule.id, o.rule.description, what);
}

function describeOp(op: Operation): string {
  const shell =
    op.shell === null
      ? ""
      : `; commands: ${op.shell.commands.map((c) => c.text).join(" ; ")}${op.shell.unanalysable ? " (unanalysable)" : ""}`;
  return `${op.tool} ${op.type} [${op.types.join(", ")}] ${op.level} {${op.categories.join(", ")}} ${op.signature}${shell}`;
}
