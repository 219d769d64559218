import { LEVELS, OP_TYPES } from "../../compiler/index.ts";
import { assertNever } from "../../core/index.ts";
import { EVENT_TYPES, STAGES, type Event, type EventType } from "./types.ts";

/**
 * Validates an event read back from disk (the log is data from outside the process). Checks the shape each
 * type needs for the fold; extra keys (the log's seq/prev/hash) are allowed.
 */
type Rec = Readonly<Record<string, unknown>>;

const isRec = (x: unknown): x is Rec => typeof x === "object" && x !== null && !Array.isArray(x);
const str = (x: unknown): x is string => typeof x === "string";
const bool = (x: unknown): x is boolean => typeof x === "boolean";
const strOrNull = (x: unknown) => x === null || str(x);
const strList = (x: unknown) => Array.isArray(x) && x.every(str);
const oneOf =
  <T extends string>(list: readonly T[]) =>
  (x: unknown): x is T =>
    str(x) && (list as readonly string[]).includes(x);
const typeNames = new Set<string>(EVENT_TYPES);

function operation(x: unknown): boolean {
  return (
    isRec(x) &&
    str(x.tool) &&
    (x.type === "unknown" || oneOf(OP_TYPES)(x.type)) &&
    Array.isArray(x.types) &&
    x.types.every(oneOf(OP_TYPES)) &&
    oneOf(LEVELS)(x.level) &&
    strList(x.categories) &&
    str(x.signature)
  );
}

/** MCP tool annotations: only the three boolean hints rulegate reads. */
function labels(x: unknown): boolean {
  if (!isRec(x)) return false;
  return Object.entries(x).every(
    ([k, v]) => ["readOnlyHint", "destructiveHint", "openWorldHint"].includes(k) && typeof v === "boolean",
  );
}

function hits(x: unknown): boolean {
  return isRec(x) && Object.values(x).every((v) => Array.isArray(v) && v.every((n) => Number.isInteger(n)));
}

function execution(e: Rec): boolean {
  return (
    hits(e.hits) &&
    strList(e.triggered) &&
    (e.action === null || isRec(e.action)) &&
    str(e.subject) &&
    (e.planStep === undefined || (isRec(e.planStep) && str(e.planStep.plan) && index(e.planStep.step)))
  );
}

const index = (x: unknown): boolean => Number.isInteger(x) && (x as number) >= 0;
const decisionKind = oneOf(["allow", "ask", "deny"] as const);

function planStep(x: unknown): boolean {
  if (!isRec(x) || !str(x.tool) || !decisionKind(x.outcome)) return false;
  if (x.kind === "call") return str(x.signature) && str(x.subject);
  return x.kind === "pattern" && str(x.pattern);
}

function modeChange(x: unknown): boolean {
  if (!isRec(x)) return false;
  switch (x.what) {
    case "plan":
    case "automode":
    case "approve_all":
      return bool(x.on);
    case "approve_all_tool":
      return str(x.tool);
    default:
      return false;
  }
}

function payload(type: EventType, e: Rec): boolean {
  switch (type) {
    // The IR's own shape is checked where it is used (replay checks its content hash and version).
    case "session_started":
      return (
        str(e.policyHash) &&
        (e.ownDirs === undefined || strList(e.ownDirs)) &&
        (e.home === undefined || str(e.home)) &&
        (e.ir === undefined || isRec(e.ir))
      );
    case "policy_changed":
      return (
        str(e.from) && str(e.to) && (e.ir === undefined || isRec(e.ir)) && (e.learned === undefined || str(e.learned))
      );
    case "session_ended":
      return true;
    case "call_received":
      return (
        str(e.callId) &&
        str(e.tool) &&
        isRec(e.input) &&
        str(e.cwd) &&
        (e.labels === undefined || labels(e.labels)) &&
        (e.root === undefined || str(e.root)) &&
        (e.line === undefined || Number.isInteger(e.line))
      );
    case "operation_derived":
      return str(e.callId) && operation(e.operation);
    case "model_verdict":
      return (
        str(e.callId) &&
        oneOf(["trigger", "effect", "classify", "review"] as const)(e.kind) &&
        strOrNull(e.ruleId) &&
        strOrNull(e.textHash) &&
        str(e.signature) &&
        isRec(e.answer) &&
        str(e.reason) &&
        bool(e.cached) &&
        (e.about === null || Number.isInteger(e.about))
      );
    case "model_failed":
      return str(e.callId) && str(e.cause) && str(e.detail);
    case "rule_activated":
      return str(e.ruleId) && oneOf(["always", "history", "model"] as const)(e.by) && strOrNull(e.callId);
    case "decision":
      return (
        str(e.callId) &&
        str(e.tool) &&
        oneOf(["allow", "ask", "deny"] as const)(e.decision) &&
        oneOf(STAGES)(e.stage) &&
        strList(e.rules) &&
        strOrNull(e.check) &&
        str(e.reason) &&
        operation(e.operation) &&
        Array.isArray(e.gates) &&
        e.gates.every(oneOf(STAGES)) &&
        (e.approval === null || oneOf(["approved", "denied", "timeout"] as const)(e.approval)) &&
        (e.always === undefined || str(e.always)) &&
        Number.isInteger(e.llm_calls) &&
        (e.execution === null || (isRec(e.execution) && execution(e.execution)))
      );
    case "approval_requested":
      return (
        str(e.callId) && str(e.signature) && str(e.tool) && Array.isArray(e.gates) && strList(e.rules) && str(e.reason)
      );
    case "approval_resolved":
      return str(e.callId) && str(e.signature) && oneOf(["approved", "denied", "timeout"] as const)(e.answer);
    case "executed":
      return str(e.callId) && operation(e.operation) && execution(e);
    case "rule_disabled":
    case "rule_enabled":
      return str(e.ruleId);
    case "mode_changed":
      return modeChange(e.change);
    case "user_message":
      return str(e.text);
    case "reset":
    case "plan_cleared":
      return true;
    case "labels_reported":
      return str(e.tool) && Array.isArray(e.labels) && e.labels.every(labelReport);
    case "plan_proposed":
      return (
        str(e.planId) &&
        Array.isArray(e.steps) &&
        e.steps.every(planStep) &&
        (e.callId === undefined || str(e.callId)) &&
        (e.line === undefined || Number.isInteger(e.line))
      );
    case "plan_approved":
      return str(e.planId) && Array.isArray(e.steps) && e.steps.every(index);
    case "failure":
      return strOrNull(e.callId) && str(e.where) && str(e.detail);
    default:
      return assertNever(type);
  }
}

export function isEvent(x: unknown): x is Event {
  if (!isRec(x) || !str(x.type) || !typeNames.has(x.type) || !str(x.at) || !str(x.session)) return false;
  return payload(x.type as EventType, x);
}

/** Why an object is not an event (for log readers that must say which line is bad), or null. */
export function eventProblem(x: unknown): string | null {
  if (!isRec(x)) return "not an object";
  if (!str(x.type) || !typeNames.has(x.type)) return `unknown event type ${JSON.stringify(x.type)}`;
  if (!str(x.at) || !str(x.session)) return "missing 'at' or 'session'";
  return payload(x.type as EventType, x) ? null : `malformed '${x.type}' event`;
}

const KINDS = ["default", "operation", "pattern"];
const OUTCOMES = ["raised", "ignored"];

function labelReport(x: unknown): boolean {
  if (!isRec(x)) return false;
  const level = (v: unknown) => str(v) && (LEVELS as readonly string[]).includes(v);
  return (
    str(x.kind) &&
    KINDS.includes(x.kind) &&
    str(x.name) &&
    level(x.level) &&
    level(x.derived) &&
    str(x.outcome) &&
    OUTCOMES.includes(x.outcome)
  );
}
