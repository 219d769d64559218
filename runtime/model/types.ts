import type { Level, OpType } from "../../compiler/index.ts";

/**
 * The seam between the decision runtime and any model. The runtime builds the questions one tool call
 * needs and asks them in ONE batch; the adapter (runtime/model/anthropic-*.ts) memoizes and talks to the API.
 * Every failure is data (`ok: false` with a cause), never an exception, and the runtime turns it into
 * `settings.fail`. Nothing here ever answers "allow" by default.
 */
export type QuestionKind = "trigger" | "effect" | "classify" | "review";

export type Question =
  /**
   * Does this operation make the rule's condition true? `action` names an earlier operation when the trigger is
   * asked lazily about it (docs/adr/0003); absent, the question is about the batch's action.
   */
  | {
      readonly id: string;
      readonly kind: "trigger";
      readonly ruleId: string;
      readonly text: string;
      readonly textHash: string;
      readonly action?: ModelAction;
    }
  /** Does the rule's restriction apply to this operation? */
  | {
      readonly id: string;
      readonly kind: "effect";
      readonly ruleId: string;
      readonly text: string;
      readonly textHash: string;
    }
  /** What are the type, level and categories of this unknown tool call? */
  | { readonly id: string; readonly kind: "classify" }
  /** Auto-mode classifier review of the action (pi-automode semantics). */
  | { readonly id: string; readonly kind: "review" };

/** What the model sees of the call. Tool *results* are never included. All of it is untrusted data. */
export interface ModelAction {
  readonly tool: string;
  readonly input: Readonly<Record<string, unknown>>;
  readonly cwd: string;
  readonly signature: string;
}

export interface TranscriptEntry {
  readonly kind: "user" | "tool";
  readonly text: string;
}

export interface ClassifierConfig {
  readonly environment: readonly string[];
  readonly allow: readonly string[];
  readonly softDeny: readonly string[];
  readonly hardDeny: readonly string[];
}

export interface ModelBatch {
  readonly action: ModelAction;
  readonly questions: readonly Question[];
  /** Needed only when a `review` question is present. */
  readonly classifier?: ClassifierConfig;
  readonly transcript?: readonly TranscriptEntry[];
  /** Project instruction files (CLAUDE.md, AGENTS.md, ...), already truncated. */
  readonly instructions?: readonly { readonly name: string; readonly text: string }[];
}

export type Answer =
  | { readonly kind: "trigger" | "effect"; readonly holds: boolean }
  | {
      readonly kind: "classify";
      readonly types: readonly OpType[];
      readonly level: Level;
      readonly categories: readonly string[];
    }
  | {
      readonly kind: "review";
      readonly decision: "allow" | "block";
      readonly tier: "hard_deny" | "soft_deny" | "allow" | "explicit_intent" | "none";
    };

export interface Verdict {
  readonly questionId: string;
  readonly answer: Answer;
  readonly reason: string;
  /** True when served from the memo (no request was made for it). */
  readonly cached: boolean;
}

export type FailureCause =
  | "unavailable"
  | "http_error"
  | "timeout"
  | "aborted"
  | "invalid_json"
  | "missing_answer"
  | "refusal"
  | "max_tokens"
  | "schema";

export interface ModelUsage {
  readonly requests: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
}

export type ModelResult =
  | { readonly ok: true; readonly verdicts: readonly Verdict[]; readonly usage: ModelUsage }
  | { readonly ok: false; readonly cause: FailureCause; readonly detail: string; readonly usage: ModelUsage };

/**
 * A verdict as the runtime records it (the `model_verdict` event payload). Memos are seeded from these and
 * `recordedModel` replays them, so a rebuilt session and an audit never call a model. Build it with
 * `verdictRecordOf` (runtime/model/keys.ts), which fills `contextHash` for review questions.
 */
export interface VerdictRecord {
  readonly kind: QuestionKind;
  readonly ruleId: string | null;
  readonly textHash: string | null;
  readonly signature: string;
  /** review only: hash of the classifier config and the latest user message; absent or null otherwise. */
  readonly contextHash?: string | null;
  readonly answer: Answer;
  readonly reason: string;
  readonly cached: boolean;
}

export interface ModelClient {
  ask(batch: ModelBatch, options: { readonly signal?: AbortSignal }): Promise<ModelResult>;
}

/** The only client until a real one is configured: it answers "unavailable", which yields `settings.fail`. */
export const unavailableModel: ModelClient = {
  async ask() {
    return {
      ok: false,
      cause: "unavailable",
      detail: "no model client configured",
      usage: { requests: 0, inputTokens: 0, outputTokens: 0 },
    };
  },
};
