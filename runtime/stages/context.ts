import type { Policy } from "../../compiler/index.ts";
import type { EvalContext } from "../eval/index.ts";
import type { DecisionRecord, Event, ExecutionFacts, MonitorHits, PlanStepRef, Stage } from "../events/index.ts";
import type { Question } from "../model/index.ts";
import type { Operation, ToolCall } from "../operation/index.ts";
import type { SessionState } from "../state/index.ts";
import type { Answers } from "./ask-model.ts";
import type { RulePlan } from "./rule-plan.ts";
import type { Resolved } from "./rule-resolve.ts";
import type { StepDeps, TraceStep } from "./types.ts";

/** A gate for the human: the stage that raised it, why, and the rules behind it. */
export interface Gate {
  readonly stage: Stage;
  readonly reason: string;
  readonly rules: readonly string[];
}

/**
 * The one value the stages of the table read (docs/adr/0170). Each stage returns what it found (a
 * `StageResult`); the loop in pipeline.ts folds that into the next context, so a context is never changed in
 * place and a pending decision that holds one can be stored and resumed.
 */
export interface DecisionContext extends Learned {
  readonly policy: Policy;
  readonly state: SessionState;
  readonly call: ToolCall;
  readonly deps: StepDeps;
  readonly base: { readonly at: string; readonly session: string };
  /** The events so far, in order; the `decision` event is added when the call is decided. */
  readonly events: readonly Event[];
  /** The stage-by-stage trace for `rules explain`, or null when none was asked for. */
  readonly trace: readonly TraceStep[] | null;
}

/** What the stages learn on the way, each field set by the stage named in its comment. */
export interface Learned {
  /** The operation; `classify` replaces it with the model's classification of an unknown tool. */
  readonly op: Operation;
  readonly llmCalls: number;
  /** `monitors`: the operation as rules see it (never the classified one: the rule trace explains this one). */
  readonly evalCtx: EvalContext | null;
  /** `monitors`: which seen/count nodes hold for the operation. */
  readonly hits: MonitorHits;
  /**
   * `plan-step`: the plan step this call is (docs/adr/0250). `approved`: a human approved it, so it passes its
   * approve-gates; false when a proposed plan is previewed (what the step would be, gates and all).
   */
  readonly planStep: (PlanStepRef & { readonly approved: boolean }) | null;
  /** `plan-step`: an approved plan with steps still to run that this call is not a step of. */
  readonly planOpen: string | null;
  /** `plan`: the rules that could apply, and how many question ids they took. */
  readonly plans: readonly RulePlan[] | null;
  readonly questionIds: number;
  /** `questions`: the deterministic gates known before the model, and the questions for it. */
  readonly askPatterns: readonly string[];
  readonly unknownPath: string | null;
  readonly questions: readonly Question[];
  readonly about: ReadonlyMap<string, number | null>;
  readonly needClassify: boolean;
  /** `model`: the model's answers, null when nothing was asked. */
  readonly answers: Answers | null;
  /** `classify`: the classified operation's context. */
  readonly classified: EvalContext | null;
  /** `resolve`: what each rule does now that the model answered, and the facts an execution records. */
  readonly resolved: Resolved | null;
  readonly facts: ExecutionFacts | null;
  /** The gate stages: every gate that applies, the rules only logged, and plan mode's own ask. */
  readonly gates: readonly Gate[];
  readonly logged: readonly string[];
  readonly planGate: Gate | null;
  /** The "always" pattern offered with the prompt (docs/adr/0262), kept on the decision for a later answer. */
  readonly alwaysOffer: string | null;
  /** `permissions.allow` of step 4: why the call writes a protected path, if it does. */
  readonly protectedHit: string | null;
}

export const NOTHING_LEARNED: Omit<Learned, "op"> = {
  llmCalls: 0,
  evalCtx: null,
  hits: {},
  planStep: null,
  planOpen: null,
  plans: null,
  questionIds: 0,
  askPatterns: [],
  unknownPath: null,
  questions: [],
  about: new Map(),
  needClassify: false,
  answers: null,
  classified: null,
  resolved: null,
  facts: null,
  gates: [],
  logged: [],
  planGate: null,
  alwaysOffer: null,
  protectedHit: null,
};

/** How a call ends: the fields of its decision record that the stage decides. */
export interface Ending extends Partial<Pick<DecisionRecord, "rules" | "check" | "gates" | "approval">> {
  readonly decision: DecisionRecord["decision"];
  readonly stage: Stage;
  readonly reason: string;
}

/** What a stage adds on the way: facts it learned, events, trace steps (dropped when no trace was asked for). */
interface Found {
  readonly learned?: Partial<Learned>;
  readonly events?: readonly Event[];
  readonly trace?: readonly TraceStep[];
}

/**
 * One stage's result: go on to the next stage, end with a decision, gate the call (one prompt for the human),
 * or wait for the model's answers to the context's questions.
 */
export type StageResult = Found &
  (
    | { readonly kind: "next" }
    | { readonly kind: "end"; readonly ending: Ending }
    | { readonly kind: "gated"; readonly gates: readonly Gate[] }
    | { readonly kind: "model" }
  );

export const NEXT: StageResult = { kind: "next" };

/** The context after a stage's result. */
export function absorb(ctx: DecisionContext, found: Found): DecisionContext {
  const trace = ctx.trace === null || found.trace === undefined ? ctx.trace : [...ctx.trace, ...found.trace];
  if (found.learned === undefined && found.events === undefined && trace === ctx.trace) return ctx;
  return {
    ...ctx,
    ...found.learned,
    events: found.events === undefined ? ctx.events : [...ctx.events, ...found.events],
    trace,
  };
}

/** Goes on, with trace steps when a trace is being collected. */
export function noted(ctx: DecisionContext, ...trace: TraceStep[]): StageResult {
  return ctx.trace === null ? NEXT : { kind: "next", trace };
}

/** A stage that read something an earlier stage of the table must have learned. */
export function learned<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`stage table out of order: ${what} is not known yet`);
  return value;
}
