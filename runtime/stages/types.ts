import type { Pattern } from "../../compiler/index.ts";
import type { ApprovalAnswer, DecisionRecord, Event, PlanStepRef, Stage } from "../events/index.ts";
import type { ModelClient } from "../model/index.ts";
import type { AskInput } from "./ask-model.ts";
import type { DecisionContext } from "./context.ts";
import type { ShellAnalyzer } from "../shell/index.ts";

/** What a gated call shows the human: one consolidated prompt for every gate (docs/explanation/decision-order.md step 3). */
export interface ApprovalRequest {
  readonly session: string;
  readonly callId: string;
  readonly tool: string;
  readonly subject: string;
  readonly signature: string;
  readonly gates: readonly Stage[];
  readonly rules: readonly string[];
  readonly reason: string;
  /**
   * The narrowest permission pattern that covers the call, offered as a second choice: "always, for calls like
   * this" (docs/adr/0262). null: not offered (a credential or protected path, opaque code, plan mode, or no
   * pattern narrower than the program and its sub-command covers the call).
   */
  readonly always: string | null;
}

/**
 * The human. `null` means nobody can answer now (the agent's own UI will ask, or `rules eval` has no `reply`):
 * the decision stays `ask`. Anything but an answer within `settings.approval_timeout` is a timeout (deny).
 */
export interface Approver {
  ask(
    request: ApprovalRequest,
    options: { readonly signal?: AbortSignal },
  ): Promise<"approve" | "always" | "deny" | null>;
}

/**
 * What one decision reads besides the policy, the state and the call: no model, no human, no timer. `begin`
 * and `resume` need only these; `decide` adds the effects (DecideDeps).
 */
export interface StepDeps {
  readonly session: string;
  readonly callId: string;
  /** ISO time of now (read once, when the decision begins). */
  readonly now: () => string;
  readonly home: string;
  /** The project directory: relative `sandbox.directories` are anchored here (default: the call's cwd). */
  readonly root?: string;
  /** rulegate's own directories besides the policy's files (a custom `$RULEGATE_HOME` of the hook): never written by a call. */
  readonly ownDirs?: readonly string[];
  readonly analyzer: ShellAnalyzer;
  /** Read when the decision begins: a call already cancelled is denied. */
  readonly signal?: AbortSignal;
  /** The input line of `rules eval`. */
  readonly line?: number;
  /**
   * Whether an allowed call counts as executed at once (`rules eval`, the library) or only when the agent
   * reports it ran (the hooks: PostToolUse), through `executedEvents`.
   */
  readonly executeOnAllow: boolean;
  /** Collect the stage-by-stage trace (for `rules explain`); off on the hot path. */
  readonly trace?: boolean;
  readonly instructions?: readonly { readonly name: string; readonly text: string }[];
  /**
   * Decide the call as this step of a proposed plan that nobody approved yet (session.proposePlan's preview,
   * docs/adr/0250): plan mode lets it reach its gates as a plan step would, and no gate is lifted.
   */
  readonly planPreview?: PlanStepRef;
}

/** Dependencies of one decision run to its end (docs/explanation/decision-order.md): everything with a side or a clock is passed in. */
export interface DecideDeps extends StepDeps {
  readonly model: ModelClient;
  readonly approver: Approver | null;
  /** Resolves after `ms` (the approval timeout); injectable so tests need not wait. */
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface TraceStep {
  readonly stage: Stage | "operation" | "model" | "approval";
  readonly outcome: "hit" | "miss" | "gate" | "note" | "skip" | "info";
  readonly detail: string;
  readonly patterns?: readonly string[];
  readonly rules?: readonly string[];
}

export interface DecideResult {
  readonly decision: DecisionRecord;
  readonly events: readonly Event[];
  readonly trace: readonly TraceStep[];
  /**
   * The human answered "always": the pattern to store and the prompt it answered. Storing it is the caller's
   * effect (the session's `learn`), like every effect of a decision (docs/adr/0170).
   */
  readonly always?: { readonly pattern: string; readonly reason: string };
}

export type { ApprovalAnswer, Pattern };

/** Where a decision stands: decided, or waiting for the model or a human (docs/adr/0170). */
export type Step =
  | { readonly kind: "decided"; readonly result: DecideResult }
  | { readonly kind: "pending"; readonly pending: Pending };

export type Pending = PendingModel | PendingApproval;

/** The call's open model questions, batched as one request (`askModel(model, ask, signal)` answers them). */
export interface PendingModel {
  readonly kind: "model";
  readonly callId: string;
  readonly ask: AskInput;
  /** Where the decision stands: for `resume` only. */
  readonly held: Held;
}

/**
 * One consolidated prompt for a human. Answer it with `resume(pending, answer)`, at once or later; after
 * `timeoutMs` (settings.approval_timeout) the answer is "timeout".
 */
export interface PendingApproval {
  readonly kind: "approval";
  readonly callId: string;
  readonly request: ApprovalRequest;
  readonly timeoutMs: number;
  readonly held: Held;
}

/**
 * A human's answer. "approve" allows, "deny" and "timeout" deny; "cancelled": the call was cancelled while
 * waiting (deny). "nobody": no human can be asked now, and "unanswered": one was asked and gave no answer; in
 * both the decision stays `ask` (answered later through the session's `approve`).
 */
export type HumanAnswer = "approve" | "always" | "deny" | "timeout" | "cancelled" | "nobody" | "unanswered";

/** Where a decision waits: its context, and the index of the stage in STAGE_TABLE that asked. For `resume` only. */
export interface Held {
  readonly ctx: DecisionContext;
  readonly at: number;
}
