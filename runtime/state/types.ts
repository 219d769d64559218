import type { Level, SessionMode } from "../../compiler/index.ts";
import type { ReportedLabel } from "../operation/index.ts";
import type { ModelAction, TranscriptEntry } from "../model/index.ts";
import type { MonitorValue } from "../eval/index.ts";
import type { ExecutionFacts, OperationSummary, PlanStepRecord, Stage } from "../events/index.ts";

/**
 * A session's state (docs/reference/event-log.md): the fold of its events. Frozen, JSON-serializable (snapshots store it),
 * and bounded: O(rules + approvals + denial_history), never the whole history.
 */
export interface SessionState {
  /** The content hash of the rules in force, as the session's events say (`session_started`, `policy_changed`). */
  readonly policyHash: string;
  readonly mode: SessionMode;
  readonly automode: boolean;
  /** Rule ids, in activation order. */
  readonly activated: readonly string[];
  readonly disabled: readonly string[];
  /** Signatures the user approved in this session. */
  readonly approved: readonly string[];
  readonly autoApprove: { readonly tools: readonly string[]; readonly all: boolean };
  readonly counters: Counters;
  /** The last `settings.denial_history` denials. */
  readonly denials: readonly DenialNote[];
  readonly denialHistory: number;
  /** Monitor values of each `after` rule, by rule id, indexed by history node id. */
  readonly monitors: Readonly<Record<string, readonly MonitorValue[]>>;
  readonly transcript: readonly TranscriptEntry[];
  /** Calls decided but not yet known to have run (gated ones waiting for a human, allowed ones waiting for the agent), oldest first. */
  readonly pending: readonly PendingCall[];
  /** Executed operations so far (numbers the `executed` events from 1). */
  readonly executed: number;
  /** The last executed actions, kept for lazy trigger questions (docs/adr/0003). */
  readonly recent: readonly RecentAction[];
  /** Per model-triggered rule: the execution number up to which its trigger was asked. */
  readonly asked: Readonly<Record<string, number>>;
  /** Plans proposed and not yet ended, oldest first (docs/adr/0250). */
  readonly plans: readonly PlanState[];
  /** Plans proposed in this session so far (numbers their ids; /reset keeps it, so ids stay unique). */
  readonly plansProposed: number;
  /** Labels the agent reported that raised a level (docs/adr/0264); /reset keeps them: they only tighten. */
  readonly reported: readonly ReportedLabel[];
  /** The last reported labels that were ignored (lower than what is derived), for `/rules`. */
  readonly reportsIgnored: readonly IgnoredReport[];
}

/** A reported label that was ignored, and the level it would have lowered. */
export interface IgnoredReport {
  readonly tool: string;
  readonly name: string;
  readonly level: Level;
  readonly derived: Level;
}

/**
 * A plan (docs/adr/0250): its steps, which of them a human approved (null: nobody answered yet), and which
 * approved steps ran. It ends when every approved step ran, when it is rejected, on `/plan clear` or `/reset`.
 */
export interface PlanState {
  readonly id: string;
  readonly steps: readonly PlanStepRecord[];
  readonly approved: readonly number[] | null;
  readonly done: readonly number[];
  /** The agent's call that proposed it (Claude Code's ExitPlanMode), if any. */
  readonly callId: string | null;
}

export interface Counters {
  readonly checked: number;
  readonly allowed: number;
  readonly asked: number;
  readonly denied: number;
  readonly modelCalls: number;
}

export interface DenialNote {
  readonly at: string;
  readonly tool: string;
  readonly signature: string;
  readonly stage: Stage;
  readonly rules: readonly string[];
  readonly reason: string;
}

export interface PendingCall {
  readonly callId: string;
  readonly status: "gated" | "allowed";
  readonly tool: string;
  readonly operation: OperationSummary;
  readonly at: string;
  readonly execution: ExecutionFacts;
  /** A gated call: the "always" pattern its prompt offered, for an answer that comes later (docs/adr/0262). */
  readonly always?: string;
}

export interface RecentAction {
  readonly n: number;
  readonly action: ModelAction;
}

/**
 * The `check` of a call denied because its id still names an earlier call waiting for its report
 * (docs/adr/0128): that denial leaves the earlier call pending, so its report is still its own.
 */
export const CALL_ID_IN_USE = "call-id-in-use";

/** The pending call of this id, if any. */
export function pendingCall(state: SessionState, callId: string): PendingCall | undefined {
  return state.pending.find((p) => p.callId === callId);
}

/**
 * Bounds that keep the state O(1) in the length of the session. `pending` counts calls in flight (a gated call
 * waiting for a human, an allowed one waiting for PostToolUse); an evicted call that runs later is derived
 * again from its input, so history stays right (docs/adr/0058).
 */
export const LIMITS = {
  transcript: 20,
  pending: 16,
  recent: 8,
  approved: 4096,
  plans: 4,
  planSteps: 64,
  reported: 256,
  reportsIgnored: 8,
} as const;
