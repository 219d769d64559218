import { homedir } from "node:os";
import type { Policy } from "../../compiler/index.ts";
import { assertNever, ownEntry } from "../../core/index.ts";
import { canonicalTool } from "../normalize/index.ts";
import type { DecisionRecord, Event, EventOf } from "../events/index.ts";
import { recordedModel, unavailableModel, type ModelClient, type VerdictRecord } from "../model/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../shell/index.ts";
import { decide } from "../stages/index.ts";
import { executionEvents } from "../stages/index.ts";
import type { Approver, DecideDeps } from "../stages/index.ts";
import { foldAll, initialState, pendingCall, type SessionState } from "../state/index.ts";
import { recordedCalls, type RecordedCall, type RecordedCalls } from "./calls.ts";
import { readEvents, type Logged } from "./read.ts";
import { recordedRules, type RulesProblem } from "./recorded-rules.ts";
import type { ApprovalRecord, CallReplay, DecisionView, ReplayResult } from "./types.ts";

/**
 * `rules replay`: re-runs a log's inputs through `decide` and compares each recorded decision with the one
 * derived now (docs/adr/0063-replay-redrives-inputs.md). The inputs are the calls as received, the commands,
 * user messages and executions; what `decide` derived (operations, verdicts, activations, decisions) is
 * derived again. The model answers only from the log's verdicts, the human only with the answer recorded in
 * the decision, and the clock is the recorded one: no model and no person is asked.
 *
 * The rules are the ones the log recorded (docs/adr/0133): each session's from its `session_started`, then
 * from each `policy_changed`, so a log verifies alone, wherever it is read. A `Policy` instead is a what-if:
 * every session replayed under it; the log is then also checked under its own rules, and that check, not
 * the what-if, says whether the log verifies.
 */
export interface ReplayOptions {
  /** "recorded": the log's own rules; a Policy: a what-if; null: only read the log back, derive nothing. */
  readonly policy: Policy | "recorded" | null;
  /** What `~` meant for sessions whose log does not say (logs from before `home` was recorded). */
  readonly home?: string;
  readonly analyzer?: ShellAnalyzer;
}

export async function replayLog(path: string, options: ReplayOptions): Promise<ReplayResult> {
  const { events, chain } = await readEvents(path);
  const calls = recordedCalls(events);
  const sessions = [...new Set(events.map((l) => l.event.session))];
  const recordedPolicy = events.find((l) => l.event.type === "session_started")?.event;
  const whatIf = options.policy !== null && options.policy !== "recorded" ? options.policy : null;
  // A what-if policy whose hash the log names is those very rules (content-addressed): it stands in for an IR the log lacks.
  const rules = recordedRules(events, whatIf === null ? [] : [whatIf]);
  const named = namedRules(events);
  const base = {
    log: path,
    chain,
    events: events.length,
    sessions,
    open: openSessions(events),
    policy: {
      recorded: recordedPolicy?.type === "session_started" ? recordedPolicy.policyHash : null,
      replay: whatIf?.hash ?? null,
      changes: events.flatMap(({ seq, event: e }) =>
        e.type === "policy_changed" ? [{ seq, session: e.session, from: e.from, to: e.to }] : [],
      ),
      missing: named.filter((h) => !rules.byHash.has(h)),
      problems: rules.problems,
    },
    approvals: approvalsOf(events),
  };
  if (options.policy === null) {
    const calls_ = calls.all.flatMap((c) => (c.decision === null ? [] : [readBack(c)]));
    return {
      ...base,
      calls: calls_,
      rederived: false,
      verification: { ok: false, reason: "the decisions were read back, not re-derived" },
    };
  }
  const analyzer = options.analyzer ?? (await loadShellAnalyzer());
  const env = { home: options.home ?? homedir(), analyzer };
  const recorded =
    whatIf !== null && named.every((h) => h === whatIf.hash)
      ? null
      : await rederive({ kind: "recorded", rules: rules.byHash }, events, calls, env);
  const replayed =
    whatIf === null
      ? (recorded as CallReplay[])
      : await rederive({ kind: "what-if", policy: whatIf }, events, calls, env);
  return {
    ...base,
    calls: replayed,
    rederived: true,
    verification: verification(chain, rules.problems, recorded ?? replayed),
  };
}

/** Whether the log is intact and re-derives under its own rules, and if not, the first reason. */
function verification(
  chain: ReplayResult["chain"],
  problems: readonly RulesProblem[],
  underOwnRules: readonly CallReplay[],
): ReplayResult["verification"] {
  if (!chain.ok)
    return { ok: false, reason: `the hash chain is broken at seq ${chain.seq} (${chain.reason}: ${chain.detail})` };
  const problem = problems[0];
  if (problem !== undefined) return { ok: false, reason: `seq ${problem.seq}: ${problem.reason}` };
  const unreplayed = underOwnRules.find((c) => c.replayed === null);
  if (unreplayed !== undefined)
    return { ok: false, reason: `seq ${unreplayed.seq}: ${unreplayed.note ?? "not replayed"}` };
  const changed = underOwnRules.find((c) => c.changed);
  if (changed !== undefined) {
    return {
      ok: false,
      reason: `seq ${changed.seq}: recorded ${changed.recorded.decision} (${changed.recorded.stage}), re-derived ${changed.replayed?.decision} (${changed.replayed?.stage})`,
    };
  }
  return { ok: true, reason: null };
}

/** The hashes of the rules the log says its sessions ran under, in order of first mention. */
function namedRules(events: readonly Logged[]): string[] {
  const out = new Set<string>();
  for (const { event: e } of events) {
    if (e.type === "session_started") out.add(e.policyHash);
    else if (e.type === "policy_changed") out.add(e.to);
  }
  return [...out];
}

/** Sessions whose last event is not `session_ended`: still open, or a log cut short. */
function openSessions(events: readonly Logged[]): string[] {
  const last = new Map<string, string>();
  for (const { event: e } of events) last.set(e.session, e.type);
  return [...last].flatMap(([session, type]) => (type === "session_ended" ? [] : [session]));
}

type Rules =
  | { readonly kind: "recorded"; readonly rules: ReadonlyMap<string, Policy> }
  | { readonly kind: "what-if"; readonly policy: Policy };

/** One session being replayed: the rules in force (null: the log does not hold them), its state and what it folded. */
interface Replaying {
  policy: Policy | null;
  /** Why `policy` is null. */
  missing: string;
  state: SessionState | null;
  /** The events folded so far; rules that change mid-session rebuild the state from them, as the live session did. */
  readonly history: Event[];
  home: string;
  ownDirs: readonly string[] | undefined;
}

async function rederive(
  rules: Rules,
  events: readonly Logged[],
  calls: RecordedCalls,
  env: { readonly home: string; readonly analyzer: ShellAnalyzer },
): Promise<CallReplay[]> {
  const sessions = new Map<string, Replaying>();
  const models = sessionModels(events);
  const out: CallReplay[] = [];
  const sessionOf = (id: string): Replaying => {
    let r = sessions.get(id);
    if (r === undefined) {
      const policy = rules.kind === "what-if" ? rules.policy : null;
      r = {
        policy,
        missing: "the log does not say which rules the session started under",
        state: policy === null ? null : initialState(policy),
        history: [],
        home: env.home,
        ownDirs: undefined,
      };
      sessions.set(id, r);
    }
    return r;
  };
  /** The rules a session's events name, in the recorded mode: the state is rebuilt under them, as the live session did. */
  const switchTo = (r: Replaying, hash: string): void => {
    if (rules.kind !== "recorded") return;
    r.policy = rules.rules.get(hash) ?? null;
    r.missing = `the log does not hold the rules ${hash} (a log written before rulegate recorded them): replay with --policy FILE`;
    r.state = r.policy === null ? null : foldAll(initialState(r.policy), r.history);
  };

  for (const { seq, event: e } of events) {
    const r = sessionOf(e.session);
    if (e.type === "session_started") {
      if (e.home !== undefined) r.home = e.home;
      // The directories each session protected as rulegate's own (the hook's $RULEGATE_HOME), as recorded.
      if (e.ownDirs !== undefined) r.ownDirs = e.ownDirs;
      switchTo(r, e.policyHash);
    } else if (e.type === "policy_changed") switchTo(r, e.to);
    const call = calls.at.get(seq);
    if (r.policy === null || r.state === null) {
      // Nothing can be derived without the rules; the recorded events stand, for a later rebuild.
      if (e.type === "call_received" && call?.decision != null) out.push(unreplayed(call, r.missing));
      r.history.push(e);
      continue;
    }
    const policy = r.policy;
    const state = r.state;
    let derived: readonly Event[] = [e];
    switch (e.type) {
      case "call_received": {
        if (call === undefined) break;
        const model = call.modelFailed ? unavailableModel : (models.get(e.session) ?? unavailableModel);
        let result: Awaited<ReturnType<typeof decide>>;
        try {
          result = await decide(
            policy,
            state,
            { tool: e.tool, input: e.input, cwd: e.cwd, ...(e.labels !== undefined ? { labels: e.labels } : {}) },
            {
              ...depsFor(call, model, { home: r.home, analyzer: env.analyzer }),
              ...(r.ownDirs !== undefined ? { ownDirs: r.ownDirs } : {}),
            },
          );
        } catch (err) {
          // Rules from a log are outside data: rules that break `decide` make the call unreplayable, not the replay.
          if (call.decision !== null)
            out.push(
              unreplayed(
                call,
                `the rules in force cannot decide it: ${err instanceof Error ? err.message : String(err)}`,
              ),
            );
          derived = [];
          break;
        }
        if (call.decision !== null) out.push(compare(call, result.decision));
        derived = result.events;
        break;
      }
      // Derived by decide, so derived again above from the call.
      case "operation_derived":
      case "model_verdict":
      case "model_failed":
      case "approval_requested":
      case "decision":
        if (call !== undefined) derived = [];
        break;
      case "rule_activated":
        // Activations with a call are derived (by decide or by an execution); the others are inputs.
        if (e.callId !== null && call !== undefined) derived = [];
        break;
      case "approval_resolved":
        // An answer given while deciding is replayed through the approver; one that came later (the agent's
        // own prompt, then PostToolUse) is an input.
        if (call !== undefined && call.decision !== null && seq <= call.decision.seq) derived = [];
        break;
      case "executed": {
        // The call ran. Its activations are derived again from what this policy decided and would monitor;
        // a call this log never saw decided (it ran without a PreToolUse here) counts as recorded. A call
        // the replay policy did not let through has nothing pending and adds no history.
        if (call === undefined) break;
        const pending = pendingCall(state, e.callId);
        derived =
          pending === undefined
            ? []
            : executionEvents(policy, state, {
                base: { at: e.at, session: e.session },
                callId: e.callId,
                operation: pending.operation,
                facts: pending.execution,
              });
        break;
      }
      case "session_started":
      case "policy_changed":
      case "session_ended":
      case "rule_disabled":
      case "rule_enabled":
      case "mode_changed":
      case "user_message":
      case "reset":
      // A plan, its approval and its clearing are inputs: the human's and the agent's, as recorded (docs/adr/0250).
      case "plan_proposed":
      case "plan_approved":
      case "plan_cleared":
      // The agent's reported labels are an input, judged when reported (docs/adr/0264).
      case "labels_reported":
      case "failure":
        break;
      default:
        return assertNever(e, "event");
    }
    r.state = foldAll(state, derived);
    if (rules.kind === "recorded") r.history.push(...derived);
  }
  return out;
}

function depsFor(
  call: RecordedCall,
  model: ModelClient,
  env: { readonly home: string; readonly analyzer: ShellAnalyzer },
): DecideDeps {
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
    ask: () =>
      answer === "timeout" ? new Promise<never>(() => {}) : Promise.resolve(answer === "approved" ? "approve" : "deny"),
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
    list.push({
      kind,
      ruleId,
      textHash,
      signature,
      ...(e.contextHash === undefined ? {} : { contextHash: e.contextHash }),
      answer,
      reason,
      cached,
    });
    verdicts.set(e.session, list);
  }
  return new Map([...verdicts].map(([session, list]) => [session, recordedModel(list)]));
}

function compare(call: RecordedCall, now: DecisionRecord): CallReplay {
  const recorded = viewOf(call.decision?.event as EventOf<"decision">);
  const replayed = viewOf(now);
  const changed =
    recorded.decision !== replayed.decision ||
    recorded.stage !== replayed.stage ||
    recorded.approval !== replayed.approval ||
    !sameList(recorded.rules, replayed.rules) ||
    !sameList(recorded.gates, replayed.gates);
  return { ...identity(call), recorded, replayed, changed, note: null };
}

function unreplayed(call: RecordedCall, note: string): CallReplay {
  return {
    ...identity(call),
    recorded: viewOf(call.decision?.event as EventOf<"decision">),
    replayed: null,
    changed: false,
    note,
  };
}

function readBack(call: RecordedCall): CallReplay {
  return {
    ...identity(call),
    recorded: viewOf(call.decision?.event as EventOf<"decision">),
    replayed: null,
    changed: false,
    note: "no policy to replay under",
  };
}

function identity(call: RecordedCall): Pick<CallReplay, "seq" | "session" | "line" | "tool" | "subject"> {
  const r = call.received.event;
  return {
    seq: call.decision?.seq ?? call.received.seq,
    session: r.session,
    line: r.line ?? null,
    tool: canonicalTool(r.tool),
    subject: subjectOf(r.input),
  };
}

function viewOf(d: DecisionRecord): DecisionView {
  return {
    decision: d.decision,
    stage: d.stage,
    rules: d.rules,
    gates: d.gates,
    approval: d.approval,
    reason: d.reason,
  };
}

/** The primary argument of docs/reference/operations.md, for people reading the report. */
function subjectOf(input: Readonly<Record<string, unknown>>): string {
  for (const k of ["command", "file_path", "path", "notebook_path", "url", "pattern", "query"]) {
    const v = ownEntry(input, k);
    if (typeof v === "string") return v;
  }
  return JSON.stringify(input);
}

function approvalsOf(events: readonly Logged[]): ApprovalRecord[] {
  return events.flatMap(({ seq, event: e }) =>
    e.type === "approval_resolved" ? [{ seq, session: e.session, signature: e.signature, answer: e.answer }] : [],
  );
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
