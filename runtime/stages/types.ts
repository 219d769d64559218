import type { Pattern } from "../../compiler/ir.ts";
import type { ApprovalAnswer, DecisionRecord, Event, Stage } from "../events/index.ts";
import type { ModelClient } from "../model/types.ts";
import type { ShellAnalyzer } from "../shell/index.ts";

/** What a gated call shows the human: one consolidated prompt for every gate (SPEC §2.4 step 3). */
export interface ApprovalRequest {
  readonly session: string;
  readonly callId: string;
  readonly tool: string;
  readonly subject: string;
  readonly signature: string;
  readonly gates: readonly Stage[];
  readonly rules: readonly string[];
  readonly reason: string;
}

/**
 * The human. `null` means nobody can answer now (the agent's own UI will ask, or `rules eval` has no `reply`):
 * the decision stays `ask`. Anything but an answer within `settings.approval_timeout` is a timeout (deny).
 */
export interface Approver {
  ask(request: ApprovalRequest, options: { readonly signal?: AbortSignal }): Promise<"approve" | "deny" | null>;
}

/** Dependencies of one decision (DESIGN §4): everything with a side or a clock is passed in. */
export interface DecideDeps {
  readonly session: string;
  readonly callId: string;
  /** ISO time of now. */
  readonly now: () => string;
  readonly model: ModelClient;
  readonly approver: Approver | null;
  /** Resolves after `ms` (the approval timeout); injectable so tests need not wait. */
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly home: string;
  /** The project directory: relative `sandbox.directories` are anchored here (default: the call's cwd). */
  readonly root?: string;
  /** rulegate's own directories besides the policy's files (a custom `$RULEGATE_HOME` of the hook): never written by a call. */
  readonly ownDirs?: readonly string[];
  readonly analyzer: ShellAnalyzer;
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
}

export type { ApprovalAnswer, Pattern };
