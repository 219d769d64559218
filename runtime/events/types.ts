import type { Decision, Level, OpType, Policy } from "../../compiler/index.ts";
import type { Answer, FailureCause, ModelAction, QuestionKind } from "../model/index.ts";
import type { ToolLabels } from "../operation/index.ts";

/**
 * The session's events (docs/reference/event-log.md): everything that changes a session is one of these, and the state is
 * their fold. Plain readonly JSON data; the log helper seals them onto the hash chain as they are.
 */

/** What an event of a session carries besides its payload. */
interface Base {
  readonly at: string;
  readonly session: string;
}

/** The derived operation as the log keeps it: no shell tree, no input content. */
export interface OperationSummary {
  readonly tool: string;
  readonly type: OpType | "unknown";
  readonly types: readonly OpType[];
  readonly level: Level;
  readonly categories: readonly string[];
  readonly signature: string;
}

/**
 * The stages a decision is recorded under (docs/explanation/decision-order.md), as docs/reference/eval-jsonl.md lists them. The order they run in is
 * runtime/stages/table.ts; a test holds the two, and the manual, equal.
 */
export const STAGES = [
  "off",
  "cancelled",
  "sandbox",
  "permissions.deny",
  "hard_deny",
  "credentials",
  "levels",
  "permissions.ask",
  "rules",
  "read_only",
  "permissions.allow",
  "classifier",
  "default",
] as const;

export type Stage = (typeof STAGES)[number];

export type ApprovalAnswer = "approved" | "denied" | "timeout";

/** The decision object of docs/reference/eval-jsonl.md (without `line`, which only `rules eval` adds). */
export interface DecisionRecord {
  readonly session: string;
  readonly tool: string;
  readonly decision: Decision;
  readonly stage: Stage;
  readonly rules: readonly string[];
  readonly check: string | null;
  readonly reason: string;
  readonly operation: OperationSummary;
  readonly gates: readonly Stage[];
  readonly approval: ApprovalAnswer | null;
  readonly llm_calls: number;
}

/** Which nodes of which `after` rules hold for one executed operation: rule id → ids of seen/count nodes. */
export type MonitorHits = Readonly<Record<string, readonly number[]>>;

/** Facts about an operation, decided when the whole operation was at hand, that its execution feeds the state. */
export interface ExecutionFacts {
  /** History monitor nodes that hold for this operation. */
  readonly hits: MonitorHits;
  /** Model-triggered rules whose trigger held for this operation. */
  readonly triggered: readonly string[];
  /** What a later lazy trigger question shows the model (only while some model-triggered rule is inactive). */
  readonly action: ModelAction | null;
  /** The primary argument, shortened, for the transcript. */
  readonly subject: string;
  /** The approved plan step this call is (docs/adr/0250): its execution completes the step. */
  readonly planStep?: PlanStepRef;
}

/** One step of an approved plan: the plan's id and the step's index in it. */
export interface PlanStepRef {
  readonly plan: string;
  readonly step: number;
}

/**
 * A plan step as the log keeps it (docs/adr/0250): a call, matched by its signature, or a permission
 * pattern narrower than any call of one program. `outcome` is what the step would be as a step of the plan
 * before anyone approved it: `deny` can never be approved, `ask` is lifted by the approval.
 */
export type PlanStepRecord =
  | {
      readonly kind: "call";
      readonly tool: string;
      readonly signature: string;
      readonly subject: string;
      readonly outcome: Decision;
    }
  | { readonly kind: "pattern"; readonly tool: string; readonly pattern: string; readonly outcome: Decision };

/** One reported label as judged: what it says, what was derived for it, and whether it raised the level. */
export interface LabelReport {
  readonly kind: "default" | "operation" | "pattern";
  /** The operation's words or the glob; "" for the tool's default. */
  readonly name: string;
  readonly level: Level;
  /** The level the registry and program knowledge derive for the command the label names. */
  readonly derived: Level;
  readonly outcome: "raised" | "ignored";
}

export type ModeChange =
  | { readonly what: "plan"; readonly on: boolean }
  | { readonly what: "automode"; readonly on: boolean }
  | { readonly what: "approve_all_tool"; readonly tool: string }
  | { readonly what: "approve_all"; readonly on: boolean };

export type Event =
  | (Base & {
      readonly type: "session_started";
      readonly policyHash: string;
      /** rulegate's own directories the session protected (the hook's $RULEGATE_HOME), for replay. */
      readonly ownDirs?: readonly string[];
      /** The home directory `~` meant for the session, for replay on another machine. */
      readonly home?: string;
      /**
       * The compiled rules whose content hash is `policyHash` (docs/adr/0133), so the log verifies alone.
       * Left out when an earlier event of the same log already holds the IR of this hash.
       */
      readonly ir?: Policy;
    })
  | (Base & {
      readonly type: "policy_changed";
      /** The content hash of the rules in force before (the session's last `session_started` or `policy_changed`). */
      readonly from: string;
      /** The content hash of the rules in force from this event on. */
      readonly to: string;
      /** The compiled rules whose content hash is `to` (docs/adr/0133). */
      readonly ir?: Policy;
      /** The pattern a human approved "always, for calls like this", when that is why (docs/adr/0263). */
      readonly learned?: string;
    })
  /** The agent ended the session (Claude Code SessionEnd, the end of a `rules eval` run): the log is complete. */
  | (Base & { readonly type: "session_ended" })
  | (Base & {
      readonly type: "call_received";
      readonly callId: string;
      readonly tool: string;
      readonly input: Readonly<Record<string, unknown>>;
      readonly cwd: string;
      /** The MCP annotations of the tool, when the call came with them (`rules mcp-proxy`): they give its level. */
      readonly labels?: ToolLabels;
      /** The project directory the sandbox's relative directories were anchored to, when it was not `cwd` (replay needs it). */
      readonly root?: string;
      /** The input line of `rules eval`, when there is one. */
      readonly line?: number;
    })
  | (Base & { readonly type: "operation_derived"; readonly callId: string; readonly operation: OperationSummary })
  | (Base & {
      readonly type: "model_verdict";
      readonly callId: string;
      readonly kind: QuestionKind;
      readonly ruleId: string | null;
      readonly textHash: string | null;
      readonly signature: string;
      readonly contextHash?: string | null;
      readonly answer: Answer;
      readonly reason: string;
      readonly cached: boolean;
      /** trigger questions about an earlier executed operation: its execution number (ADR 0003); null: this call. */
      readonly about: number | null;
    })
  | (Base & {
      readonly type: "model_failed";
      readonly callId: string;
      readonly cause: FailureCause;
      readonly detail: string;
    })
  | (Base & {
      readonly type: "rule_activated";
      readonly ruleId: string;
      readonly by: "always" | "history" | "model";
      readonly callId: string | null;
    })
  | (Base & {
      readonly type: "decision";
      readonly callId: string;
      readonly line?: number;
      /** What the `executed` event needs if the call later runs (null for a denial). */
      readonly execution: ExecutionFacts | null;
      /** A call left waiting for a human: the "always" pattern its prompt offered (docs/adr/0262). */
      readonly always?: string;
    } & DecisionRecord)
  | (Base & {
      readonly type: "approval_requested";
      readonly callId: string;
      readonly signature: string;
      readonly tool: string;
      readonly gates: readonly Stage[];
      readonly rules: readonly string[];
      readonly reason: string;
    })
  | (Base & {
      readonly type: "approval_resolved";
      readonly callId: string;
      readonly signature: string;
      readonly answer: ApprovalAnswer;
    })
  | (Base & {
      readonly type: "executed";
      readonly callId: string;
      readonly operation: OperationSummary;
    } & ExecutionFacts)
  | (Base & { readonly type: "rule_disabled"; readonly ruleId: string })
  | (Base & { readonly type: "rule_enabled"; readonly ruleId: string })
  | (Base & { readonly type: "mode_changed"; readonly change: ModeChange })
  | (Base & { readonly type: "user_message"; readonly text: string })
  | (Base & { readonly type: "reset" })
  /** The agent proposed a plan (docs/adr/0250); nothing ran. `callId`: the agent's call that carried it (ExitPlanMode). */
  | (Base & {
      readonly type: "plan_proposed";
      readonly planId: string;
      readonly steps: readonly PlanStepRecord[];
      readonly callId?: string;
      readonly line?: number;
    })
  /** A human approved these steps of the plan (none: the plan was rejected and ends). */
  | (Base & { readonly type: "plan_approved"; readonly planId: string; readonly steps: readonly number[] })
  /** `/plan clear`: every plan ends. */
  | (Base & { readonly type: "plan_cleared" })
  /**
   * The agent reported safety labels it read (issue 16 §3, docs/adr/0264): each judged against what the
   * registry and program knowledge derive. Only `raised` ones count; `ignored` ones are kept for `/rules`.
   */
  | (Base & {
      readonly type: "labels_reported";
      readonly tool: string;
      readonly labels: readonly LabelReport[];
    })
  | (Base & {
      readonly type: "failure";
      readonly callId: string | null;
      readonly where: string;
      readonly detail: string;
    });

export type EventType = Event["type"];
export type EventOf<T extends EventType> = Extract<Event, { readonly type: T }>;

/** Every event type, in one list the validator and tests derive from. */
export const EVENT_TYPES: readonly EventType[] = [
  "session_started",
  "policy_changed",
  "session_ended",
  "call_received",
  "operation_derived",
  "model_verdict",
  "model_failed",
  "rule_activated",
  "decision",
  "approval_requested",
  "approval_resolved",
  "executed",
  "rule_disabled",
  "rule_enabled",
  "mode_changed",
  "user_message",
  "reset",
  "plan_proposed",
  "plan_approved",
  "plan_cleared",
  "labels_reported",
  "failure",
];
