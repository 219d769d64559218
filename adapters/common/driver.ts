/**
 * What both adapters need from a rulegate session, in their words: decide a tool call identified by the
 * agent's call id, learn later that it ran (and so was approved, if it was gated), feed user prompts and
 * session commands, and show the status. Implemented once over the runtime (session-driver.ts); the
 * adapters differ only in where the events are persisted (the hook's JSONL log, pi's session entries).
 */
import type { ToolLabels } from "../../runtime/operation/index.ts";
import type { PlanApproval, PlanProposal, PlanStepInput } from "../../runtime/index.ts";
import type { LabelReport } from "../../runtime/events/index.ts";
import type { DecisionText } from "./reason.ts";

export interface AgentCall {
  /** The agent's own id of the call (Claude Code tool_use_id, pi toolCallId). */
  readonly id: string;
  readonly tool: string;
  readonly input: Readonly<Record<string, unknown>>;
  readonly cwd: string;
  /** MCP annotations of the tool, from its server's tools/list (`rules mcp-proxy`). */
  readonly labels?: ToolLabels;
}

/** The decision object of docs/reference/eval-jsonl.md, as far as the adapters read it. */
export interface AgentDecision extends DecisionText {
  readonly operation: { readonly signature: string };
}

export interface StatusView {
  readonly mode: "plan" | "act";
  readonly automode: boolean;
  readonly active: readonly { readonly id: string; readonly mode: string; readonly description: string }[];
  readonly disabled: readonly string[];
  readonly approved: number;
  /** Open plans (docs/adr/0250): each with its steps and which were approved and ran. */
  readonly plans: readonly {
    readonly id: string;
    readonly steps: readonly string[];
    readonly approved: readonly number[] | null;
    readonly done: readonly number[];
  }[];
  readonly autoApprove: readonly string[];
  readonly denials: readonly {
    readonly tool: string;
    readonly subject: string;
    readonly stage: string;
    readonly rules: readonly string[];
  }[];
  /** Labels the agent reported (docs/adr/0264): those that raised a level, and the last ones ignored as lower. */
  readonly reported: {
    readonly raised: readonly { readonly command: string; readonly level: string }[];
    readonly ignored: readonly { readonly command: string; readonly level: string; readonly derived: string }[];
  };
}

export interface SessionDriver {
  readonly mode: () => "plan" | "act";
  decide(call: AgentCall, signal?: AbortSignal): Promise<AgentDecision>;
  /**
   * The call ran (pi tool_result, Claude Code PostToolUse or PostToolUseFailure). A gated call that ran was
   * approved in the agent's own dialog. Unknown ids (never decided by rulegate) are still recorded as
   * executed: whatever ran is history.
   */
  executed(call: AgentCall): Promise<void>;
  /**
   * A gated call a human answered (pi confirm); `false` records a denial. `"always"` approves it and stores the
   * pattern its prompt offered (`offer`) in the user's local rules (docs/adr/0263, 0265).
   */
  answered(call: AgentCall, approved: boolean | "always"): Promise<void>;
  /** The "always, for calls like this" pattern offered for the call waiting on a human, if any (docs/adr/0262). */
  offer(callId: string): string | undefined;
  /**
   * Safety labels the agent read in a skill (docs/adr/0264): they can only raise levels; lower ones are recorded
   * and ignored. Returns each label as judged, or what is wrong with the report.
   */
  reportLabels(report: unknown): Promise<readonly LabelReport[] | { readonly error: string }>;
  user(text: string): Promise<void>;
  /** The agent ended the session: its log is whole up to here. */
  ended(): Promise<void>;
  /**
   * The agent proposed a plan in `call` (Claude Code's ExitPlanMode, docs/adr/0250): each step previewed and the
   * plan recorded, nothing run. The human's acceptance comes later (`planAccepted`).
   */
  proposePlan(call: AgentCall, steps: readonly PlanStepInput[]): Promise<PlanProposal>;
  /**
   * The human accepted the plan the agent's call `callId` proposed (its call ran): the steps that were asked
   * about become approved plan steps. Returns the approved step indexes, or null when no open plan came from it.
   */
  planAccepted(callId: string): Promise<readonly number[] | null>;
  /** A human approved these steps of a plan (all when absent; `[]` rejects it). Never the agent's to call. */
  approvePlan(planId: string, indexes?: readonly number[]): Promise<PlanApproval>;
  /** A session command of docs/reference/eval-jsonl.md (`/disable x`, `/plan on`, …); returns an error text or null. */
  command(text: string): Promise<string | null>;
  status(): StatusView;
}
