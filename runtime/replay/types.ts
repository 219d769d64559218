import type { ScanResult } from "../log/index.ts";

/**
 * What a replay finds, as plain data: the chain status, and for every recorded decision what was decided
 * then and what the replay policy decides now. The CLI renders it as text, JSON or an HTML audit report.
 */

/** The parts of a decision (SPEC §3.2) that a replay compares. */
export interface DecisionView {
  readonly decision: "allow" | "ask" | "deny";
  readonly stage: string;
  readonly rules: readonly string[];
  readonly gates: readonly string[];
  readonly approval: "approved" | "denied" | "timeout" | null;
  readonly reason: string;
}

export interface CallReplay {
  /** seq of the recorded decision event (its line in the log). */
  readonly seq: number;
  readonly session: string;
  /** The input line of `rules eval`, when the log recorded it. */
  readonly line: number | null;
  readonly tool: string;
  /** The primary argument, for people: the command, path or URL. */
  readonly subject: string;
  readonly recorded: DecisionView;
  /** null when the call could not be replayed (`note` says why). */
  readonly replayed: DecisionView | null;
  /** True when decision, stage, rules or gates differ. */
  readonly changed: boolean;
  readonly note: string | null;
}

export interface ApprovalRecord {
  readonly seq: number;
  readonly session: string;
  readonly signature: string;
  readonly answer: string;
}

export interface ReplayResult {
  readonly log: string;
  readonly chain: ScanResult;
  readonly events: number;
  readonly sessions: readonly string[];
  /**
   * The policy hash the log recorded (null when it did not) and the one replayed under; `changes`: where a
   * session continued under other rules (`policy_changed`), so the decisions after it were made under `to`.
   */
  readonly policy: {
    readonly recorded: string | null;
    readonly replay: string | null;
    readonly changes: readonly { readonly seq: number; readonly session: string; readonly from: string; readonly to: string }[];
  };
  readonly calls: readonly CallReplay[];
  readonly approvals: readonly ApprovalRecord[];
  /** Whether decisions were re-derived (a policy was available) or only read back. */
  readonly rederived: boolean;
}

/** What `--verify` asks: an intact chain, and every recorded decision re-derived unchanged. */
export function verified(result: ReplayResult): boolean {
  return result.chain.ok && result.rederived && result.calls.every((c) => c.replayed !== null && !c.changed);
}
