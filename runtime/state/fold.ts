import { castDraft, current, freeze, isDraft, produce, type Draft } from "immer";
import { assertNever } from "../../core/assert-never.ts";
import type { Event } from "../events/index.ts";
import type { MonitorValue } from "../eval/index.ts";
import { LIMITS, type PendingCall, type SessionState } from "./types.ts";

/**
 * The fold (DESIGN §4): pure and synchronous, immer at this one seam, the result frozen. Everything a
 * decision needs later (monitor hits, operation summaries) travels in the events, so the fold needs no
 * policy and a replay never calls a model.
 */
export function fold(state: SessionState, event: Event): SessionState {
  return produce(state, (d) => apply(d, event));
}

/**
 * Folds many events (a decision's events, a snapshot plus the tail of a log, a whole log) in one draft:
 * the same result as folding them one by one (fold is pure), with one copy-on-write and one freeze per
 * batch instead of per event.
 */
export function foldAll(state: SessionState, events: Iterable<Event>): SessionState {
  return produce(state, (d) => {
    for (const e of events) apply(d, e);
  });
}

function apply(d: Draft<SessionState>, e: Event): void {
  switch (e.type) {
    case "session_started":
    case "call_received":
    case "operation_derived":
    case "approval_requested":
    case "model_failed":
    case "failure":
      return;
    case "model_verdict":
      if (e.kind === "trigger" && e.ruleId !== null && e.about !== null) d.asked[e.ruleId] = Math.max(d.asked[e.ruleId] ?? 0, e.about);
      return;
    case "rule_activated":
      if (!d.activated.includes(e.ruleId)) d.activated.push(e.ruleId);
      return;
    case "decision":
      d.counters.checked += 1;
      d.counters.modelCalls += e.llm_calls;
      if (e.decision === "allow") d.counters.allowed += 1;
      else if (e.decision === "ask") d.counters.asked += 1;
      else {
        d.counters.denied += 1;
        d.denials = appendBounded(d.denials, { at: e.at, tool: e.tool, signature: e.operation.signature, stage: e.stage, rules: [...e.rules], reason: e.reason }, d.denialHistory);
      }
      if (e.decision === "deny" || e.execution === null) dropPending(d, e.callId);
      else {
        const call: PendingCall = { status: e.decision === "ask" ? "gated" : "allowed", tool: e.tool, operation: e.operation, at: e.at, execution: e.execution };
        setPending(d, e.callId, freeze(call, true));
      }
      return;
    case "approval_resolved":
      if (e.answer === "approved") {
        const approved = plain(d.approved);
        if (!approved.includes(e.signature)) d.approved = appendBounded(d.approved, e.signature, LIMITS.approved);
        const p = plain(d.pending)[e.callId];
        if (p !== undefined) setPending(d, e.callId, freeze({ ...p, status: "allowed" }, false));
      } else dropPending(d, e.callId);
      return;
    case "executed": {
      dropPending(d, e.callId);
      d.executed += 1;
      advanceMonitors(d, e.hits);
      if (e.action !== null) {
        d.recent = appendBounded(d.recent, { n: d.executed, action: e.action }, LIMITS.recent);
      }
      d.transcript = appendBounded(d.transcript, { kind: "tool", text: `${e.operation.tool}: ${e.subject}` }, LIMITS.transcript);
      return;
    }
    case "rule_disabled":
      if (!d.disabled.includes(e.ruleId)) d.disabled.push(e.ruleId);
      return;
    case "rule_enabled":
      d.disabled = d.disabled.filter((id) => id !== e.ruleId);
      return;
    case "mode_changed":
      switch (e.change.what) {
        case "plan": d.mode = e.change.on ? "plan" : "act"; return;
        case "automode": d.automode = e.change.on; return;
        case "approve_all": d.autoApprove.all = e.change.on; return;
        case "approve_all_tool":
          if (!d.autoApprove.tools.includes(e.change.tool)) d.autoApprove.tools.push(e.change.tool);
          return;
        default: return assertNever(e.change, "mode change");
      }
    case "user_message":
      d.transcript = appendBounded(d.transcript, { kind: "user", text: e.text }, LIMITS.transcript);
      return;
    case "reset":
      // docs/adr/0052: /reset forgets what the session learned (activations, history, approvals, auto-approval,
      // disabled rules); modes, counters, denials and the transcript stay.
      d.activated = [];
      d.disabled = [];
      d.approved = [];
      d.autoApprove = { tools: [], all: false };
      d.monitors = castDraft(freeze(Object.fromEntries(Object.entries(plain(d.monitors as unknown as SessionState["monitors"]))
        .map(([id, values]) => [id, freeze(values.map((v) => (typeof v === "number" ? 0 : false)), false)])), false));
      d.recent = [];
      d.asked = {};
      return;
    default:
      return assertNever(e, "event");
  }
}

/** The plain current value of a state part (its draft's current copy, or the value itself). */
function plain<T>(value: T): T {
  return isDraft(value) ? (current(value as never) as T) : value;
}

/**
 * Pending calls are replaced as one frozen record, never drafted: drafting made immer copy and re-walk up to
 * LIMITS.pending entries on every decision, most of the fold's time. Immer leaves frozen values alone.
 */
function replacePending(d: Draft<SessionState>, entries: readonly (readonly [string, PendingCall])[]): void {
  // Built whole, never edited: `delete` would turn the record into a slow dictionary object.
  d.pending = castDraft(freeze(Object.fromEntries(entries), false));
}

/**
 * Sets one pending call: in place when the id is pending already (a record keeps a key's first position),
 * otherwise last; then the oldest beyond LIMITS.pending are dropped (keys keep insertion order).
 */
function setPending(d: Draft<SessionState>, callId: string, call: PendingCall): void {
  const base = plain(d.pending as unknown as SessionState["pending"]);
  const entries = Object.entries(base).map(([k, v]): [string, PendingCall] => [k, k === callId ? call : v]);
  if (base[callId] === undefined) entries.push([callId, call]);
  replacePending(d, entries.length > LIMITS.pending ? entries.slice(entries.length - LIMITS.pending) : entries);
}

function dropPending(d: Draft<SessionState>, callId: string): void {
  const base = plain(d.pending as unknown as SessionState["pending"]);
  if (base[callId] === undefined) return;
  replacePending(d, Object.entries(base).filter(([k]) => k !== callId));
}

/**
 * Monitor values after one executed operation. Replaced as one frozen record with new arrays for the rules
 * it hit, like pending calls: drafting made immer copy and re-walk every history rule's monitors.
 */
function advanceMonitors(d: Draft<SessionState>, hits: Readonly<Record<string, readonly number[]>>): void {
  let next: Record<string, readonly MonitorValue[]> | null = null;
  for (const [ruleId, ids] of Object.entries(hits)) {
    next ??= { ...plain(d.monitors as unknown as SessionState["monitors"]) };
    const values = next[ruleId];
    if (values === undefined) continue;
    const updated = [...values];
    for (const id of ids) {
      const v = updated[id];
      if (typeof v === "number") updated[id] = v + 1;
      else if (v !== undefined) updated[id] = true;
    }
    next[ruleId] = freeze(updated, false);
  }
  if (next !== null) d.monitors = castDraft(freeze(next, false));
}

/**
 * `list` with `item` appended, keeping the last `limit` items: one new array from the list's current plain
 * value. Splicing or shifting the draft itself goes through immer's array traps once per index moved, which
 * was a third of the fold's time.
 */
function appendBounded<T>(list: Draft<T>[], item: T, limit: number): Draft<T>[] {
  const base = plain(list) as T[];
  const next = base.length + 1 > limit ? [...base.slice(base.length + 1 - limit), item] : [...base, item];
  return next as Draft<T>[]; // plain values where drafts go: immer's castDraft, without its type recursion
}
