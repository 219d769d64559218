import type { Policy } from "../../compiler/index.ts";
import type { Event } from "../events/index.ts";
import {
  verdictRecordOf,
  type FailureCause,
  type ModelAction,
  type ModelBatch,
  type ModelClient,
  type Question,
  type TranscriptEntry,
  type Verdict,
} from "../model/index.ts";

/** The answers of one batched request: a verdict per question id, or why there is none. */
export interface Answers {
  readonly verdicts: ReadonlyMap<string, Verdict>;
  /** Set when the whole request failed; a question without a verdict otherwise failed as `missing_answer`. */
  readonly failure: { readonly cause: FailureCause; readonly detail: string } | null;
  readonly requests: number;
  readonly events: readonly Event[];
}

export interface AskInput {
  readonly policy: Policy;
  readonly action: ModelAction;
  readonly questions: readonly Question[];
  /** Execution number each trigger question is about (null: this call), by question id. */
  readonly about: ReadonlyMap<string, number | null>;
  readonly transcript: readonly TranscriptEntry[];
  readonly instructions?: readonly { readonly name: string; readonly text: string }[];
  readonly base: { readonly at: string; readonly session: string };
  readonly callId: string;
}

/** Asks every question of one call in ONE request (docs/explanation/decision-order.md) and records each verdict as an event. */
export async function askModel(model: ModelClient, input: AskInput, signal: AbortSignal | undefined): Promise<Answers> {
  const { policy, questions } = input;
  const review = questions.some((q) => q.kind === "review");
  const batch: ModelBatch = {
    action: input.action,
    questions,
    ...(review ? { classifier: policy.classifier } : {}),
    transcript: input.transcript,
    ...(input.instructions !== undefined ? { instructions: input.instructions } : {}),
  };
  let result;
  try {
    result = await model.ask(batch, signal === undefined ? {} : { signal });
  } catch (err) {
    // A client that throws broke its contract; it is still a model failure, never an allow.
    result = {
      ok: false as const,
      cause: "unavailable" as const,
      detail: err instanceof Error ? err.message : String(err),
      usage: { requests: 0, inputTokens: 0, outputTokens: 0 },
    };
  }
  const events: Event[] = [];
  if (!result.ok) {
    events.push({
      type: "model_failed",
      ...input.base,
      callId: input.callId,
      cause: result.cause,
      detail: result.detail,
    });
    return {
      verdicts: new Map(),
      failure: { cause: result.cause, detail: result.detail },
      requests: result.usage.requests,
      events,
    };
  }
  const byId = new Map(questions.map((q) => [q.id, q]));
  const verdicts = new Map<string, Verdict>();
  for (const v of result.verdicts) {
    const q = byId.get(v.questionId);
    // An answer of the wrong kind is no answer: the question fails closed below.
    if (q === undefined || v.answer.kind !== q.kind || verdicts.has(q.id)) continue;
    verdicts.set(q.id, v);
    const record = verdictRecordOf(batch, q, v);
    events.push({
      type: "model_verdict",
      ...input.base,
      callId: input.callId,
      ...record,
      about: input.about.get(q.id) ?? null,
    });
  }
  return { verdicts, failure: null, requests: result.usage.requests, events };
}

/** A yes/no verdict for a question: true, false, or null when it failed. */
export function yesNo(answers: Answers, q: Question): boolean | null {
  const v = answers.verdicts.get(q.id);
  if (v === undefined) return null;
  return v.answer.kind === "trigger" || v.answer.kind === "effect" ? v.answer.holds : null;
}

export function failureText(answers: Answers): string {
  return answers.failure === null
    ? "model gave no valid answer (missing_answer)"
    : `model failure (${answers.failure.cause}): ${answers.failure.detail}`;
}
