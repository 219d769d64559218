import type { Policy } from "../../compiler/index.ts";
import type { DecisionRecord, Event, LabelReport } from "../events/index.ts";
import { unavailableModel, type ModelClient } from "../model/index.ts";
import type { ToolCall, ToolLabels } from "../operation/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../shell/index.ts";
import { decide, type Approver, type DecideResult } from "../stages/index.ts";
import { foldAll, initialState, pendingCall, type SessionState } from "../state/index.ts";
import { parseCommand, type CommandOutcome } from "./commands.ts";
import { counterIds, defaultHome, sleep } from "./defaults.ts";
import {
  approval,
  checkSteps,
  previewStep,
  proposedEvent,
  type PlanApproval,
  type PlanProposal,
  type PlanStepInput,
  type PlanStepPreview,
} from "./plans.ts";
import { judgeReport, type SkillReport } from "./labels.ts";
import { policyChange } from "./policy-change.ts";
import { executedCall, resolvedApproval } from "./reports.ts";

/** Everything is optional: a session without a model answers model questions with settings.fail. */
export interface SessionDeps {
  /** Session id (the `session` of every event); default "default". */
  readonly id?: string;
  readonly clock?: () => Date;
  /** Ids of calls decided without an agent call id. */
  readonly ids?: () => string;
  readonly model?: ModelClient;
  /** The human; null or absent: gated calls stay `ask` until `approve` or `recordExecuted`. */
  readonly approver?: Approver | null;
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly home?: string;
  /** Default cwd of calls that do not name one. */
  readonly cwd?: string;
  /** The project directory the sandbox's relative directories are anchored to (default: `cwd`). */
  readonly root?: string;
  /** rulegate's own directories (logs, snapshots, caches): never written by a call (rulegate-config-edit). */
  readonly ownDirs?: readonly string[];
  /**
   * Receives each batch of events before they count (e.g. the log writer). A sink that fails makes the
   * decision a denial: an unrecorded allow would break the audit trail, so it fails closed.
   */
  readonly sink?: (events: readonly Event[]) => Promise<void> | void;
  readonly analyzer?: ShellAnalyzer;
  /** Rebuild: start from `state` (a snapshot; default the policy's initial state) and fold `events` (a log tail). */
  readonly state?: SessionState;
  readonly events?: Iterable<Event>;
  /** Allowed calls count as executed at once (default true); hooks pass false and report PostToolUse. */
  readonly executeOnAllow?: boolean;
  readonly instructions?: readonly { readonly name: string; readonly text: string }[];
  /**
   * Stores what a human approved "always, for calls like this" (the local rules file, docs/adr/0263) and
   * returns the rules now in force, or why it could not. Absent: "always" approves this call only.
   */
  readonly learn?: (learned: LearnRequest) => Promise<LearnOutcome>;
}

/** An "always" answer to store: the offered pattern, the prompt it answered, the call, and when. */
export interface LearnRequest {
  readonly pattern: string;
  readonly reason: string;
  readonly tool: string;
  readonly subject: string;
  readonly at: string;
}

export type LearnOutcome = { readonly policy: Policy } | { readonly error: string };

/** A decision and, after an "always", what became of the pattern: stored (the rules changed) or why not. */
export type SessionResult = DecideResult & {
  readonly learned?: { readonly pattern: string; readonly error?: string };
};

export interface CallInput {
  readonly tool: string;
  readonly input: Readonly<Record<string, unknown>>;
  readonly cwd?: string;
  /** MCP annotations of the tool (ToolCall.labels). */
  readonly labels?: ToolLabels;
}

export interface DecideOptions {
  readonly signal?: AbortSignal;
  /** The agent's id of the call (Claude Code tool_use_id); default from `deps.ids`. */
  readonly callId?: string;
  readonly line?: number;
  /** Per-call human (e.g. `reply` of `rules eval`); overrides `deps.approver`. */
  readonly approver?: Approver | null;
  readonly trace?: boolean;
}

export interface PlanOptions {
  /** The agent's call that carried the plan (Claude Code's ExitPlanMode). */
  readonly callId?: string;
  readonly line?: number;
}

export interface Session {
  readonly id: string;
  readonly policy: Policy;
  readonly state: SessionState;
  decide(call: CallInput, options?: DecideOptions): Promise<DecisionRecord>;
  /** The same, with the events and the trace (for `rules eval --log`, `rules explain`). */
  decideDetailed(call: CallInput, options?: DecideOptions): Promise<SessionResult>;
  command(line: string): Promise<CommandOutcome>;
  /** A human answered a gated call outside the session's approver (pi confirm, Claude Code's dialog). */
  /**
   * `always` approves and stores the pattern the prompt offered (docs/adr/0263) through `learn`, as a reply
   * of "always" to the session's own approver does; a call offered none is approved only.
   */
  approve(callId: string, answer: "approve" | "always" | "deny" | "timeout"): Promise<boolean>;
  /** The agent reports the call ran. Unknown ids need the call itself: whatever ran is history. */
  recordExecuted(callId: string, call?: CallInput): Promise<boolean>;
  userMessage(text: string): Promise<void>;
  /**
   * The agent reports safety labels it read (issue 16 §3): each label above what is derived raises that
   * level from now on; a lower one is recorded (`labels_reported`) and ignored. Returns each label as judged.
   */
  reportLabels(report: SkillReport): Promise<readonly LabelReport[]>;
  /**
   * The agent proposes a plan (docs/adr/0250): each step's decision as a step of the plan (what it would be and
   * which gates it has), with nothing executed. Recorded as `plan_proposed`; pattern steps broader than one
   * program's calls are refused (RG6010) and nothing is recorded.
   */
  proposePlan(steps: readonly PlanStepInput[], options?: PlanOptions): Promise<PlanProposal>;
  /** A human approves the plan's steps (all, or the indexes given); `[]` rejects it. Recorded as `plan_approved`. */
  approvePlan(planId: string, indexes?: readonly number[]): Promise<PlanApproval>;
  /** The agent ended the session (`session_ended`): a log that ends without it may have been cut short. */
  end(): Promise<void>;
}

export function createSession(initial: Policy, deps: SessionDeps = {}): Session {
  // The rules in force: an "always" answer stores a pattern and changes them (policy_changed).
  let policy = initial;
  const id = deps.id ?? "default";
  const clock = deps.clock ?? (() => new Date());
  const ids = deps.ids ?? counterIds();
  const home = deps.home ?? defaultHome();
  const cwd = deps.cwd ?? process.cwd();
  const executeOnAllow = deps.executeOnAllow ?? true;
  let state = foldAll(deps.state ?? initialState(policy), deps.events ?? []);
  let analyzer: ShellAnalyzer | undefined = deps.analyzer;
  let queue: Promise<unknown> = Promise.resolve();
  const base = () => ({ at: clock().toISOString(), session: id });

  /** One thing at a time per session: each step sees the state the previous one left. */
  function serial<T>(step: () => Promise<T>): Promise<T> {
    const next = queue.then(step);
    queue = next.catch(() => {});
    return next;
  }

  async function commit(events: readonly Event[]): Promise<void> {
    if (events.length === 0) return;
    await deps.sink?.(events);
    state = foldAll(state, events);
  }

  const toCall = (c: CallInput): ToolCall => ({
    tool: c.tool,
    input: c.input,
    cwd: c.cwd ?? cwd,
    ...(c.labels !== undefined ? { labels: c.labels } : {}),
  });

  /** What every decision of this session reads besides the call (the per-call parts come from `options`). */
  function decideDeps(a: ShellAnalyzer, options: DecideOptions) {
    return {
      session: id,
      now: () => clock().toISOString(),
      model: deps.model ?? unavailableModel,
      sleep: deps.sleep ?? sleep,
      home,
      analyzer: a,
      root: deps.root ?? cwd,
      ...(deps.ownDirs !== undefined ? { ownDirs: deps.ownDirs } : {}),
      ...(options.signal !== undefined ? { signal: options.signal } : {}),
      ...(options.line !== undefined ? { line: options.line } : {}),
      ...(options.trace !== undefined ? { trace: options.trace } : {}),
      ...(deps.instructions !== undefined ? { instructions: deps.instructions } : {}),
    };
  }

  async function decideDetailed(call: CallInput, options: DecideOptions = {}): Promise<SessionResult> {
    return serial(async () => {
      analyzer ??= await loadShellAnalyzer();
      const callId = options.callId ?? ids();
      const result = await decide(policy, state, toCall(call), {
        ...decideDeps(analyzer, options),
        callId,
        approver: options.approver !== undefined ? options.approver : (deps.approver ?? null),
        executeOnAllow,
      });
      try {
        await commit(result.events);
        if (result.always === undefined || deps.learn === undefined) return result;
        const subject = typeof call.input.command === "string" ? call.input.command : JSON.stringify(call.input);
        return { ...result, learned: await learn(result.always, { tool: call.tool, subject }) };
      } catch (err) {
        // The events could not be recorded: nothing counts, and the call is denied (fail closed).
        const detail = err instanceof Error ? err.message : String(err);
        const decision: DecisionRecord = {
          ...result.decision,
          decision: "deny",
          approval: null,
          reason: `could not record the decision: ${detail}`,
        };
        return { decision, events: [], trace: result.trace };
      }
    });
  }

  /** Stores an "always" pattern; the rules it makes are in force from the next call, recorded as policy_changed. */
  async function learn(
    always: NonNullable<DecideResult["always"]>,
    call: { readonly tool: string; readonly subject: string },
  ): Promise<NonNullable<SessionResult["learned"]>> {
    const at = clock().toISOString();
    let outcome: LearnOutcome;
    try {
      outcome = await (deps.learn as NonNullable<SessionDeps["learn"]>)({ ...always, ...call, at });
    } catch (err) {
      outcome = { error: err instanceof Error ? err.message : String(err) };
    }
    if ("error" in outcome) return { pattern: always.pattern, error: outcome.error };
    const change = policyChange(state, outcome.policy, at, id);
    if (change !== null && change.type === "policy_changed") await commit([{ ...change, learned: always.pattern }]);
    policy = outcome.policy;
    return { pattern: always.pattern };
  }

  return {
    id,
    get policy() {
      return policy;
    },
    get state() {
      return state;
    },
    decide: async (call, options) => (await decideDetailed(call, options)).decision,
    decideDetailed,
    command: (line) =>
      serial(async () => {
        const outcome = parseCommand(policy, line, base());
        if (outcome.ok) await commit(outcome.events);
        return outcome;
      }),
    approve: (callId, answer) =>
      serial(async () => {
        const p = pendingCall(state, callId);
        const events = resolvedApproval(policy, state, {
          base: base(),
          callId,
          answer: answer === "always" ? "approve" : answer,
          executeOnAllow,
        });
        await commit(events);
        if (answer === "always" && p?.always !== undefined && events.length > 0 && deps.learn !== undefined)
          await learn(
            { pattern: p.always, reason: "answered in the agent's own prompt" },
            { tool: p.tool, subject: p.execution.subject },
          );
        return events.length > 0;
      }),
    recordExecuted: (callId, call) =>
      serial(async () => {
        if (call !== undefined && pendingCall(state, callId) === undefined) analyzer ??= await loadShellAnalyzer();
        const events = executedCall(policy, state, {
          base: base(),
          callId,
          call: call === undefined ? undefined : toCall(call),
          home,
          analyzer,
        });
        await commit(events);
        return events.length > 0;
      }),
    userMessage: (text) => serial(() => commit([{ type: "user_message", ...base(), text }])),
    reportLabels: (report) =>
      serial(async () => {
        analyzer ??= await loadShellAnalyzer();
        const event = judgeReport(policy, state, report, { base: base(), home, cwd, analyzer });
        await commit([event]);
        return event.labels;
      }),
    proposePlan: (steps, options = {}) =>
      serial(async () => {
        const checked = checkSteps(steps);
        if (!checked.ok) return { ok: false, errors: checked.errors } as const;
        analyzer ??= await loadShellAnalyzer();
        const planId = `plan-${state.plansProposed + 1}`;
        const previews: PlanStepPreview[] = [];
        const shared = decideDeps(analyzer, options.line !== undefined ? { line: options.line } : {});
        for (const [index, step] of checked.steps.entries()) {
          const at =
            step.kind === "call"
              ? { ...step, call: { ...step.call, cwd: step.call.cwd ?? cwd } }
              : { ...step, cwd: step.cwd ?? cwd };
          previews.push(await previewStep(policy, state, { checked: at, index, planId }, shared));
        }
        await commit([proposedEvent(base(), planId, previews, options)]);
        return { ok: true, planId, steps: previews } as const;
      }),
    approvePlan: (planId, indexes) =>
      serial(async () => {
        const { result, events } = approval(state, planId, indexes, base());
        await commit(events);
        return result;
      }),
    end: () => serial(() => commit([{ type: "session_ended", ...base() }])),
  };
}
