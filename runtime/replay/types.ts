import type { ScanResult } from "../log/index.ts";
import type { RulesProblem } from "./recorded-rules.ts";

/**
 * What a replay finds, as plain data: the chain status, and for every recorded decision what was decided
 * then and what the replay policy decides now. The CLI renders it as text, JSON or an HTML audit report.
 */

/** The parts of a decision (docs/reference/eval-jsonl.md) that a replay compares. */
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
    readonly changes: readonly {
      readonly seq: number;
      readonly session: string;
      readonly from: string;
      readonly to: string;
    }[];
    /** Rules the log names (by hash) but does not hold: decisions made under them cannot be re-derived without --policy. */
    readonly missing: readonly string[];
    /** Recorded IRs that were not taken (wrong hash, other IR version). */
    readonly problems: readonly RulesProblem[];
  };
  /** Sessions whose last event is not `session_ended`: open (normal while the agent runs), or the log was cut short. */
  readonly open: readonly string[];
  readonly calls: readonly CallReplay[];
  readonly approvals: readonly ApprovalRecord[];
  /** Whether decisions were re-derived or only read back. */
  readonly rederived: boolean;
  /**
   * Whether the log is intact and every recorded decision re-derives under the rules the log recorded (also
   * when `calls` are a what-if under other rules); `reason`: the first thing that is not so.
   */
  readonly verification: { readonly ok: boolean; readonly reason: string | null };
}

/** What `--verify` asks: an intact chain, and every recorded decision re-derived unchanged under the log's own rules. */
export function verified(result: ReplayResult): boolean {
  return result.verification.ok;
}

/** What `--diff` lists: the calls whose decision changed, and those that could not be replayed. */
export function diffCalls(calls: readonly CallReplay[]): readonly CallReplay[] {
  return calls.filter((c) => c.changed || c.replayed === null);
}
