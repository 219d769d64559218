import { homedir } from "node:os";
import type { Policy } from "../../compiler/ir.ts";
import { assertNever } from "../../core/assert-never.ts";
import { canonicalTool } from "../normalize/index.ts";
import type { DecisionRecord, EventOf } from "../events/index.ts";
import { recordedModel, unavailableModel, type ModelClient, type VerdictRecord } from "../model/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../shell/index.ts";
import { decide } from "../stages/index.ts";
import { executionEvents } from "../stages/index.ts";
import type { Approver, DecideDeps } from "../stages/index.ts";
import { fold, foldAll, initialState, pendingCall, type SessionState } from "../state/index.ts";
import { recordedCalls, type RecordedCall, type RecordedCalls } from "./calls.ts";
import { readEvents, type Logged } from "./read.ts";
import type { ApprovalRecord, CallReplay, DecisionView, ReplayResult } from "./types.ts";

/**
 * `rules replay`: re-runs a log's inputs through `decide` under a policy and compares each recorded decision
 * with the one derived now (docs/adr/0063-replay-redrives-inputs.md). The inputs are the calls as received,
 * the commands, user messages and executions; what `decide` derived (operations, verdicts, activations,
 * decisions) is derived again. The model answers only from the log's verdicts, the human only with the
 * answer recorded in the decision, and the clock is the recorded one: no model and no person is asked.
 */
export interface ReplayOptions {
  /** null: only read the log back (chain status, recorded decisions), derive nothing. */
  readonly policy: Policy | null;
  readonly home?: string;
  readonly analyzer?: ShellAnalyzer;
}

export async function replayLog(path: string, options: ReplayOptions): Promise<ReplayResult> {
  const { events, chain } = await readEvents(path);
  const calls = recordedCalls(events);
  const sessions = [...new Set(events.map((l) => l.event.session))];
  const recordedPolicy = events.find((l) => l.event.type === "session_started")?.event;
  const base = {
    log: path,
    chain,
    events: events.length,
    sessions,
    policy: {
      recorded: recordedPolicy?.type === "session_started" ? recordedPolicy.policyHash : null,
      replay: options.policy?.hash ?? null,
      changes: events.flatMap(({ seq, event: e }) => (e.type === "policy_changed" ? [{ seq, session: e.session, from: e.from, to: e.to }] : [])),
    },
    approvals: approvalsOf(events),
  };
  if (options.policy === null) {
    return { ...base, calls: calls.all.flatMap((c) => (c.decision === null ? [] : [readBack(c)])), rederived: false };
  }
  const analyzer = options.analyzer ?? (await loadShellAnalyzer());
  const replayed = await rederive(options.policy, events, calls, { home: options.home ?? homedir(), analyzer });
  return { ...base, calls: replayed, rederived: true };
}

async function rederive(
  policy: Policy,
  events: readonly Logged[],
  calls: RecordedCalls,
  env: { readonly home: string; readonly analyzer: ShellAnalyzer },
): Promise<CallReplay[]> {
  const states = new Map<string, SessionState>();
  const models = sessionModels(events);
  // The directories each session protected as rulegate's own (the hook's $RULEGATE_HOME), as recorded.
  const ownDirs = new Map(events.flatMap(({ event: e }) => (e.type === "session_started" && e.ownDirs !== undefined ? [[e.session, e.ownDirs] as const] : [])));
  const out: CallReplay[] = [];
  for (const { seq, event: e } of events) {
    const state = states.get(e.session) ?? initialState(policy);
    const call = calls.at.get(seq);
    let next = state;
    switch (e.type) {
      case "call_received": {
        if (call === undefined) break;
        const model = call.modelFailed ? unavailableModel : (models.get(e.session) ?? unavailableModel);
        const own = ownDirs.get(e.session);
        const result = await decide(policy, state, { tool: e.tool, input: e.input, cwd: e.cwd }, { ...depsFor(call, model, env), ...(own !== undefined ? { ownDirs: own } : {}) });
        if (call.decision !== null) out.push(compare(call, result.decision));
        next = foldAll(state, result.events);
        break;
      }
      // Derived by decide, so derived again above from the call.
      case "operation_derived":
      case "model_verdict":
      case "model_failed":
      case "approval_requested":
      case "decision":
        if (call === undefined) next = fold(state, e);
        break;
      case "rule_activated":
        // Activations with a call are derived (by decide or by an execution); the others are inputs.
        if (e.callId === null || call === undefined) next = fold(state, e);
        break;
      case "approval_resolved":
        // An answer given while deciding is replayed through the approver; one that came later (the agent's
        // own prompt, then PostToolUse) is an input.
        if (call === undefined || call.decision === null || seq > call.decision.seq) next = fold(state, e);
        break;
      case "executed": {
        // The call ran. Its activations are derived again from what this policy decided and would monitor;
        // a call this log never saw decided (it ran without a PreToolUse here) counts as recorded. A call
        // the replay policy did not let through has nothing pending and adds no history.
        if (call === undefined) next = fold(state, e);
        else {
          const pending = pendingCall(state, e.callId);
          if (pending !== undefined) next = foldAll(state, executionEvents(policy, state, { at: e.at, session: e.session }, e.callId, pending.operation, pending.execution));
        }
        break;
      }
      case "session_started":
      case "policy_changed":
      case "rule_disabled":
      case "rule_enabled":
      case "mode_changed":
      case "user_message":
      case "reset":
      case "failure":
        next = fold(state, e);
        break;
      default:
        return assertNever(e, "event");
    }
    states.set(e.session, next);
  }
  return out;
}

function depsFor(call: RecordedCall, model: ModelClient, env: { readonly home: string; readonly analyzer: ShellAnalyzer }): DecideDeps {
  const received = call.received.event;
  const answer = call.decision?.event.approval ?? null;
  return {
    session: received.session,
    callId: call.callId,
    now: () => received.at,
    model,
    approver: answer === null ? null : recordedApprover(answer),
    sleep: (_ms, signal) => timeoutSleep(answer === "timeout", signal),
    home: env.home,
    analyzer: env.analyzer,
    // The sandbox as it was anchored live (a log from before `root` was recorded anchors it to the call's cwd).
    root: received.root ?? received.cwd,
    ...(received.line !== undefined ? { line: received.line } : {}),
    // Executions are inputs of the log (an `executed` event), replayed where they were recorded.
    executeOnAllow: false,
  };
}

/** The human as recorded: the same answer at once, or, for a recorded timeout, no answer before the timer. */
function recordedApprover(answer: "approved" | "denied" | "timeout"): Approver {
  return {
    ask: () => (answer === "timeout" ? new Promise<never>(() => {}) : Promise.resolve(answer === "approved" ? "approve" : "deny")),
  };
}

function timeoutSleep(fire: boolean, signal: AbortSignal | undefined): Promise<void> {
  if (fire) return Promise.resolve();
  return new Promise((resolve) => signal?.addEventListener("abort", () => resolve(), { once: true }));
}

/** One recorded-answers model per session, serving its verdicts in the order they were given. */
function sessionModels(events: readonly Logged[]): Map<string, ModelClient> {
  const verdicts = new Map<string, VerdictRecord[]>();
  for (const { event: e } of events) {
    if (e.type !== "model_verdict") continue;
    const { kind, ruleId, textHash, signature, answer, reason, cached } = e;
    const list = verdicts.get(e.session) ?? [];
    list.push({ kind, ruleId, textHash, signature, ...(e.contextHash === undefined ? {} : { contextHash: e.contextHash }), answer, reason, cached });
    verdicts.set(e.session, list);
  }
  return new Map([...verdicts].map(([session, list]) => [session, recordedModel(list)]));
}

function compare(call: RecordedCall, now: DecisionRecord): CallReplay {
  const recorded = viewOf(call.decision?.event as EventOf<"decision">);
  const replayed = viewOf(now);
  const changed =
    recorded.decision !== replayed.decision || recorded.stage !== replayed.stage || recorded.approval !== replayed.approval ||
    !sameList(recorded.rules, replayed.rules) || !sameList(recorded.gates, replayed.gates);
  return { ...identity(call), recorded, replayed, changed, note: null };
}

function readBack(call: RecordedCall): CallReplay {
  return { ...identity(call), recorded: viewOf(call.decision?.event as EventOf<"decision">), replayed: null, changed: false, note: "no policy to replay under" };
}

function identity(call: RecordedCall): Pick<CallReplay, "seq" | "session" | "line" | "tool" | "subject"> {
  const r = call.received.event;
  return { seq: call.decision?.seq ?? call.received.seq, session: r.session, line: r.line ?? null, tool: canonicalTool(r.tool), subject: subjectOf(r.input) };
}

function viewOf(d: DecisionRecord): DecisionView {
  return { decision: d.decision, stage: d.stage, rules: d.rules, gates: d.gates, approval: d.approval, reason: d.reason };
}

/** The primary argument of SPEC §1, for people reading the report. */
function subjectOf(input: Readonly<Record<string, unknown>>): string {
  for (const k of ["command", "file_path", "path", "notebook_path", "url", "pattern", "query"]) {
    const v = input[k];
    if (typeof v === "string") return v;
  }
  return JSON.stringify(input);
}

function approvalsOf(events: readonly Logged[]): ApprovalRecord[] {
  return events.flatMap(({ seq, event: e }) => (e.type === "approval_resolved" ? [{ seq, session: e.session, signature: e.signature, answer: e.answer }] : []));
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

