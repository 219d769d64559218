import { freeze, produce } from "immer";
import { assertNever, ownEntry } from "../../core/index.ts";
import type { Event } from "../events/index.ts";
import type { MonitorValue } from "../eval/index.ts";
import { plansAfterApproval, plansAfterExecution } from "./plans.ts";
import { CALL_ID_IN_USE, LIMITS, type PendingCall, type SessionState } from "./types.ts";

/**
 * The fold (docs/reference/event-log.md): pure and synchronous, immer at this one seam, the result frozen. Everything a
 * decision needs later (monitor hits, operation summaries) travels in the events, so the fold needs no
 * policy and a replay never calls a model.
 */
export function fold(state: SessionState, event: Event): SessionState {
  return foldAll(state, [event]);
}

/** Top-level fields an event replaces, each with a new frozen value. */
type Patch = { -readonly [K in keyof SessionState]?: SessionState[K] };

/**
 * Folds many events (a decision's events, a snapshot plus the tail of a log, a whole log): the same result as
 * folding them one by one. Each event is turned into a patch of top-level fields by `step`, which builds new
 * frozen values and never edits old ones; immer then applies the batch's patch to the state in one draft, so
 * the state is copied once and unchanged parts are shared. (Drafting nested parts through immer's proxies
 * cost ~20 µs per decision, most of the fold: docs/adr/0064.)
 */
export function foldAll(state: SessionState, events: Iterable<Event>): SessionState {
  const batch = Array.isArray(events) ? (events as readonly Event[]) : [...events];
  const ranInBatch = runsNext(batch);
  let view = state;
  let patch: Patch | null = null;
  for (const e of batch) {
    const p = step(view, e, ranInBatch);
    if (p === null) continue;
    patch = patch === null ? p : Object.assign(patch, p);
    view = { ...view, ...p };
  }
  if (patch === null) return state;
  const changes = patch;
  return produce(state, (d) => {
    Object.assign(d, changes);
  });
}

/**
 * The decisions in a batch whose call's next event (about pending calls) is its execution, later in the same
 * batch: such a decision skips the pending entry that execution would remove at once.
 */
function runsNext(batch: readonly Event[]): ReadonlySet<Event> {
  // A single event (replay, snapshot loading: the fold one line at a time) has nothing after it.
  if (batch.length < 2) return NONE;
  const out = new Set<Event>();
  const next = new Map<string, Event["type"]>();
  for (let i = batch.length - 1; i >= 0; i--) {
    const e = batch[i]!;
    if (e.type !== "decision" && e.type !== "executed" && e.type !== "approval_resolved") continue;
    if (e.type === "decision" && next.get(e.callId) === "executed") out.add(e);
    next.set(e.callId, e.type);
  }
  return out;
}

const NONE: ReadonlySet<Event> = new Set();

/** What one event changes, read from the state before it. */
function step(s: SessionState, e: Event, ranInBatch: ReadonlySet<Event>): Patch | null {
  switch (e.type) {
    // The hash of the rules the log says are in force: a session reopened under other rules records the change.
    case "session_started":
      return s.policyHash === e.policyHash ? null : { policyHash: e.policyHash };
    case "policy_changed":
      return s.policyHash === e.to ? null : { policyHash: e.to };
    case "session_ended":
    case "call_received":
    case "operation_derived":
    case "approval_requested":
    case "model_failed":
    case "failure":
      return null;
    case "model_verdict": {
      if (e.kind !== "trigger" || e.ruleId === null || e.about === null) return null;
      const done = ownEntry(s.asked, e.ruleId) ?? 0;
      return e.about <= done ? null : { asked: freeze({ ...s.asked, [e.ruleId]: e.about }) };
    }
    case "rule_activated":
      return s.activated.includes(e.ruleId) ? null : { activated: appended(s.activated, e.ruleId, Infinity) };
    case "decision": {
      const c = s.counters;
      const patch: Patch = {
        counters: freeze({
          checked: c.checked + 1,
          modelCalls: c.modelCalls + e.llm_calls,
          allowed: c.allowed + (e.decision === "allow" ? 1 : 0),
          asked: c.asked + (e.decision === "ask" ? 1 : 0),
          denied: c.denied + (e.decision === "deny" ? 1 : 0),
        }),
      };
      if (e.decision === "deny") {
        const note = {
          at: e.at,
          tool: e.tool,
          signature: e.operation.signature,
          stage: e.stage,
          rules: freeze([...e.rules]),
          reason: e.reason,
        };
        patch.denials = appended(s.denials, freeze(note), s.denialHistory);
      }
      // A call refused because its id is in use was never the pending call's: that one still waits for its report.
      if (e.decision === "deny" && e.check === CALL_ID_IN_USE) return patch;
      if (e.decision === "deny" || e.execution === null) patch.pending = without(s.pending, e.callId);
      else if (ranInBatch.has(e)) patch.pending = addedAndRemoved(s.pending, e.callId);
      else
        patch.pending = withCall(
          s.pending,
          freeze(
            {
              callId: e.callId,
              status: e.decision === "ask" ? "gated" : "allowed",
              tool: e.tool,
              operation: e.operation,
              at: e.at,
              execution: e.execution,
              ...(e.always !== undefined ? { always: e.always } : {}),
            },
            true,
          ),
        );
      return patch;
    }
    case "approval_resolved": {
      if (e.answer !== "approved") return { pending: without(s.pending, e.callId) };
      const patch: Patch = {};
      if (!s.approved.includes(e.signature)) patch.approved = appended(s.approved, e.signature, LIMITS.approved);
      const p = s.pending.find((x) => x.callId === e.callId);
      if (p !== undefined) patch.pending = withCall(s.pending, freeze({ ...p, status: "allowed" }));
      return patch;
    }
    case "executed": {
      const executed = s.executed + 1;
      const patch: Patch = {
        pending: without(s.pending, e.callId),
        executed,
        transcript: appended(
          s.transcript,
          freeze({ kind: "tool", text: `${e.operation.tool}: ${e.subject}` }),
          LIMITS.transcript,
        ),
      };
      const monitors = advanced(s.monitors, e.hits);
      if (monitors !== s.monitors) patch.monitors = monitors;
      if (e.action !== null)
        patch.recent = appended(s.recent, freeze({ n: executed, action: e.action }, true), LIMITS.recent);
      if (e.planStep !== undefined) {
        const plans = plansAfterExecution(s.plans, e.planStep);
        if (plans !== s.plans) patch.plans = plans;
      }
      return patch;
    }
    case "rule_disabled":
      return s.disabled.includes(e.ruleId) ? null : { disabled: appended(s.disabled, e.ruleId, Infinity) };
    case "rule_enabled":
      return s.disabled.includes(e.ruleId) ? { disabled: freeze(s.disabled.filter((id) => id !== e.ruleId)) } : null;
    case "mode_changed":
      switch (e.change.what) {
        case "plan":
          return { mode: e.change.on ? "plan" : "act" };
        case "automode":
          return { automode: e.change.on };
        case "approve_all":
          return { autoApprove: freeze({ ...s.autoApprove, all: e.change.on }) };
        case "approve_all_tool": {
          const tools = s.autoApprove.tools;
          return tools.includes(e.change.tool)
            ? null
            : { autoApprove: freeze({ ...s.autoApprove, tools: appended(tools, e.change.tool, Infinity) }) };
        }
        default:
          return assertNever(e.change, "mode change");
      }
    case "user_message":
      return { transcript: appended(s.transcript, freeze({ kind: "user", text: e.text }), LIMITS.transcript) };
    case "reset":
      // docs/adr/0052: /reset forgets what the session learned (activations, history, approvals, auto-approval,
      // disabled rules); modes, counters, denials and the transcript stay.
      return {
        activated: EMPTY,
        disabled: EMPTY,
        approved: EMPTY,
        autoApprove: freeze({ tools: EMPTY, all: false }),
        recent: freeze([]),
        asked: freeze({}),
        plans: freeze([]),
        monitors: freeze(
          Object.fromEntries(
            Object.entries(s.monitors).map(([id, values]) => [
              id,
              freeze(values.map((v) => (typeof v === "number" ? 0 : false))),
            ]),
          ),
        ),
      };
    case "plan_proposed": {
      const plan = freeze({ id: e.planId, steps: e.steps, approved: null, done: [], callId: e.callId ?? null }, true);
      return {
        plans: appended(
          s.plans.filter((p) => p.id !== e.planId),
          plan,
          LIMITS.plans,
        ),
        plansProposed: s.plansProposed + 1,
      };
    }
    case "plan_approved": {
      const plans = plansAfterApproval(s.plans, e.planId, e.steps);
      return plans === s.plans ? null : { plans };
    }
    case "plan_cleared":
      return s.plans.length === 0 ? null : { plans: freeze([]) };
    case "labels_reported": {
      const raised = e.labels.filter((l) => l.outcome === "raised");
      const ignored = e.labels.filter((l) => l.outcome === "ignored");
      // Raised labels past the bound are not kept: the report that brought them judged them `ignored` already
      // (runtime/session/labels.ts), so the state never drops a label that counts.
      const reported = raised
        .slice(0, LIMITS.reported - s.reported.length)
        .map((l) => freeze({ tool: e.tool, kind: l.kind, name: l.name, level: l.level }));
      let reportsIgnored = s.reportsIgnored;
      for (const l of ignored)
        reportsIgnored = appended(
          reportsIgnored,
          freeze({ tool: e.tool, name: l.name, level: l.level, derived: l.derived }),
          LIMITS.reportsIgnored,
        );
      return { reported: freeze([...s.reported, ...reported]), reportsIgnored };
    }
    default:
      return assertNever(e, "event");
  }
}

const EMPTY: readonly string[] = freeze([]);

/** `list` with `item` appended, keeping the last `limit` items, as a new frozen array. */
function appended<T>(list: readonly T[], item: T, limit: number): readonly T[] {
  return freeze(list.length + 1 > limit ? [...list.slice(list.length + 1 - limit), item] : [...list, item]);
}

/**
 * Pending calls, in decision order: a call decided again keeps its place; beyond LIMITS.pending the oldest
 * drop out (docs/adr/0058). A short array rather than a record keyed by call id: a fresh id per decision
 * made every record a new object shape.
 */
function withCall(pending: readonly PendingCall[], call: PendingCall): readonly PendingCall[] {
  const at = pending.findIndex((p) => p.callId === call.callId);
  if (at !== -1) return freeze(pending.map((p, i) => (i === at ? call : p)));
  return appended(pending, call, LIMITS.pending);
}

/**
 * `pending` after a call is added and then removed by its execution: without the call, and, when the add
 * found the list full, without the oldest entry it pushed out (exactly what the two steps leave).
 */
function addedAndRemoved(pending: readonly PendingCall[], callId: string): readonly PendingCall[] {
  if (pending.some((p) => p.callId === callId)) return without(pending, callId);
  return pending.length + 1 > LIMITS.pending ? freeze(pending.slice(pending.length + 1 - LIMITS.pending)) : pending;
}

function without(pending: readonly PendingCall[], callId: string): readonly PendingCall[] {
  return pending.some((p) => p.callId === callId) ? freeze(pending.filter((p) => p.callId !== callId)) : pending;
}

/** Monitor values after one executed operation: new arrays for the rules it hit, the rest shared. */
function advanced(
  monitors: SessionState["monitors"],
  hits: Readonly<Record<string, readonly number[]>>,
): SessionState["monitors"] {
  let next: Record<string, readonly MonitorValue[]> | null = null;
  for (const ruleId in hits) {
    const values = ownEntry(monitors, ruleId);
    if (values === undefined) continue;
    const updated = [...values];
    for (const id of ownEntry(hits, ruleId) ?? []) {
      const v = updated[id];
      if (typeof v === "number") updated[id] = v + 1;
      else if (v !== undefined) updated[id] = true;
    }
    next ??= { ...monitors };
    next[ruleId] = freeze(updated);
  }
  return next === null ? monitors : freeze(next);
}
