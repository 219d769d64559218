import { ownEntry } from "../core/index.ts";
/**
 * One session's log as the UI's timeline: a row per tool call (what it received, how it was decided, whether
 * it ran), per user prompt, per session command (`/rulegate disable`, `/plan on`, …), per change of rules and
 * per failure. An approval is a row of its own that names its call, so the page can link the two. A pure
 * function of the events (with their seq), so the page shows what the log holds and nothing else.
 */

export type TimelineRow =
  | {
      readonly kind: "call";
      readonly seq: number;
      readonly at: string;
      readonly callId: string;
      readonly tool: string;
      /** The command, path, URL or pattern; the input as JSON when it has none of these. */
      readonly subject: string;
      /** null while the call is received but not decided (or its decision is before the window). */
      readonly decision: string | null;
      /** The seq (line) of the decision event, which `rules replay` and the what-if name the call by. */
      readonly decisionSeq: number | null;
      readonly stage: string | null;
      readonly reason: string | null;
      readonly rules: readonly string[];
      readonly gates: readonly string[];
      /** Model requests made to decide it (the decision's `llm_calls`). */
      readonly modelRequests: number;
      readonly approval: string | null;
      readonly executed: boolean;
    }
  | {
      readonly kind: "approval";
      readonly seq: number;
      readonly at: string;
      readonly callId: string;
      readonly tool: string;
      /** "requested" or the answer (approved, denied, timeout). */
      readonly state: string;
      readonly reason: string;
      readonly gates: readonly string[];
    }
  | { readonly kind: "prompt"; readonly seq: number; readonly at: string; readonly text: string }
  | { readonly kind: "command"; readonly seq: number; readonly at: string; readonly text: string }
  | { readonly kind: "rules"; readonly seq: number; readonly at: string; readonly text: string }
  | { readonly kind: "failure"; readonly seq: number; readonly at: string; readonly text: string };

type Logged = Readonly<Record<string, unknown>> & { readonly seq: number };

const SUBJECT_KEYS = ["command", "file_path", "path", "url", "pattern", "notebook_path"];
const MAX_SUBJECT = 500;

export function timelineRows(events: readonly Logged[]): TimelineRow[] {
  const rows: TimelineRow[] = [];
  /** Calls by id, newest occurrence: a reused tool_use_id starts a new row (ADR 0132). */
  const calls = new Map<string, number>();
  const tools = new Map<string, string>();
  const call = (id: unknown) => {
    const at = typeof id === "string" ? calls.get(id) : undefined;
    const row = at === undefined ? undefined : rows[at];
    return row?.kind === "call" ? { at: at as number, row } : null;
  };

  for (const e of events) {
    const seq = e.seq;
    const at = str(e["at"]);
    switch (e["type"]) {
      case "call_received": {
        const callId = str(e["callId"]);
        tools.set(callId, str(e["tool"]));
        calls.set(callId, rows.length);
        rows.push({
          kind: "call",
          seq,
          at,
          callId,
          tool: str(e["tool"]),
          subject: subjectOf(e["input"]),
          decision: null,
          decisionSeq: null,
          stage: null,
          reason: null,
          rules: [],
          gates: [],
          modelRequests: 0,
          approval: null,
          executed: false,
        });
        break;
      }
      case "decision": {
        const found = call(e["callId"]);
        const decided = {
          decision: str(e["decision"]),
          decisionSeq: seq,
          stage: str(e["stage"]),
          reason: str(e["reason"]),
          rules: strs(e["rules"]),
          gates: strs(e["gates"]),
          modelRequests: typeof e["llm_calls"] === "number" ? e["llm_calls"] : 0,
          approval: typeof e["approval"] === "string" ? e["approval"] : null,
        };
        if (found !== null) rows[found.at] = { ...found.row, ...decided };
        else {
          // Its call_received is before the window: the decision alone still says what was decided.
          const callId = str(e["callId"]);
          calls.set(callId, rows.length);
          rows.push({ kind: "call", seq, at, callId, tool: str(e["tool"]), subject: "", executed: false, ...decided });
        }
        break;
      }
      case "executed": {
        const found = call(e["callId"]);
        if (found !== null) rows[found.at] = { ...found.row, executed: true };
        break;
      }
      case "approval_requested":
      case "approval_resolved": {
        const callId = str(e["callId"]);
        const requested = e["type"] === "approval_requested";
        rows.push({
          kind: "approval",
          seq,
          at,
          callId,
          tool: tools.get(callId) || str(e["tool"]),
          state: requested ? "requested" : str(e["answer"]),
          reason: requested ? str(e["reason"]) : "",
          gates: strs(e["gates"]),
        });
        break;
      }
      case "user_message":
        rows.push({ kind: "prompt", seq, at, text: str(e["text"]) });
        break;
      case "rule_disabled":
      case "rule_enabled":
      case "mode_changed":
      case "reset":
        rows.push({ kind: "command", seq, at, text: commandText(e) });
        break;
      case "session_started":
        rows.push({ kind: "rules", seq, at, text: `session started under ${str(e["policyHash"])}` });
        break;
      case "policy_changed":
        rows.push({ kind: "rules", seq, at, text: `rules changed: ${str(e["from"])} → ${str(e["to"])}` });
        break;
      case "session_ended":
        rows.push({ kind: "rules", seq, at, text: "session ended" });
        break;
      case "failure":
        rows.push({ kind: "failure", seq, at, text: `${str(e["where"])}: ${str(e["detail"])}` });
        break;
      default:
        // operation_derived, model_verdict, model_failed, rule_activated: parts of a call's decision.
        break;
    }
  }
  return rows;
}

/** A session command as the user typed it (docs/reference/eval-jsonl.md). */
function commandText(e: Readonly<Record<string, unknown>>): string {
  switch (e["type"]) {
    case "rule_disabled":
      return `/disable ${str(e["ruleId"])}`;
    case "rule_enabled":
      return `/enable ${str(e["ruleId"])}`;
    case "reset":
      return "/reset";
    default: {
      const c = (e["change"] ?? {}) as Readonly<Record<string, unknown>>;
      if (c["what"] === "approve_all_tool") return `/approve-all ${str(c["tool"])}`;
      if (c["what"] === "approve_all") return `/approve-all ${c["on"] === true ? "on" : "off"}`;
      return `/${str(c["what"])} ${c["on"] === true ? "on" : "off"}`;
    }
  }
}

function subjectOf(input: unknown): string {
  if (typeof input !== "object" || input === null) return "";
  const record = input as Readonly<Record<string, unknown>>;
  for (const key of SUBJECT_KEYS) {
    const v = ownEntry(record, key);
    if (typeof v === "string") return clip(v);
  }
  return clip(JSON.stringify(record));
}

function clip(text: string): string {
  return text.length > MAX_SUBJECT ? `${text.slice(0, MAX_SUBJECT)}…` : text;
}

function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

function strs(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}
