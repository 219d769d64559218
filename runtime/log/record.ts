import { canonicalJson, sha256Hex } from "./canonical.ts";

/**
 * One line of the event log (docs/reference/event-log.md): the event's own fields plus `seq`, `prev` and `hash`. The log layer
 * never looks at an event's type or payload: it seals, parses and checks lines as plain JSON objects.
 *
 * A line is written as the canonical text of the record without `hash`, with `"hash"` appended as the last
 * member. Keys therefore appear sorted (hash last), and a reader can recover the hashed bytes by cutting
 * the hash member off the end (see docs/adr/0061-canonical-line-order.md).
 */

/** Where a log ends: the last line's seq and hash, and the byte offset just after its newline. */
export interface LogHead {
  readonly seq: number;
  readonly hash: string | null;
  readonly end: number;
}

export const EMPTY_HEAD: LogHead = { seq: 0, hash: null, end: 0 };

/** A parsed line without its `hash` (the hashed object). `seq` and `prev` are still in it. */
export type LineBody = Readonly<Record<string, unknown>>;

/**
 * Why a line is rejected. The scanner adds `truncated-tail` (a last line without its newline) and
 * `invalid-event` (a sound chain link whose content the reader, e.g. replay, does not accept).
 */
export type LineFault = "invalid-json" | "not-an-object" | "bad-seq" | "bad-prev" | "bad-hash";
export type LogFault = LineFault | "truncated-tail" | "invalid-event";

export type LineCheck =
  | { readonly ok: true; readonly seq: number; readonly hash: string; readonly body: LineBody }
  | { readonly ok: false; readonly reason: LineFault; readonly detail: string };

const RESERVED = ["seq", "prev", "hash"] as const;
const HASH_MEMBER = ',"hash":"';
const SUFFIX_LENGTH = HASH_MEMBER.length + 64 + '"}'.length;
const HEX64 = /^[0-9a-f]{64}$/;

/** Seals one event as line `seq` after `prev`; returns the line (no newline) and its hash. */
export function sealLine(
  event: object,
  seq: number,
  prev: string | null,
): { readonly line: string; readonly hash: string } {
  for (const key of RESERVED) {
    // A payload field named like a chain field would be silently overwritten: a bug in the caller.
    if (Object.hasOwn(event, key)) throw new TypeError(`event must not carry a '${key}' field`);
  }
  const body = canonicalJson({ ...event, seq, prev });
  const hash = sha256Hex(body);
  return { line: `${body.slice(0, -1)},"hash":"${hash}"}`, hash };
}

/**
 * Checks one line on its own and, when `expect` is given, against its place in the chain.
 * The hash is always recomputed from the canonical form of what the line parses to (never trusted from
 * the bytes), so a line in any key order or spacing verifies exactly as the spec defines it.
 */
export function checkLine(
  text: string,
  expect: { readonly seq: number; readonly prev: string | null } | null,
): LineCheck {
  const parsed = parseLine(text);
  if (parsed === null) return fault("invalid-json", "the line is not valid JSON");
  if (parsed === "not-object") return fault("not-an-object", "the line is not a JSON object");
  const { body, hash } = parsed;
  const seq = body.seq;
  if (typeof seq !== "number" || !Number.isSafeInteger(seq) || seq < 1)
    return fault("bad-seq", `seq ${show(seq)} is not a positive integer`);
  if (expect !== null && seq !== expect.seq) return fault("bad-seq", `seq ${seq} where ${expect.seq} was expected`);
  const prev = body.prev;
  // In a chain, `expect.prev` is a checked hash (or null), so equality implies the format.
  if (expect !== null ? prev !== expect.prev : !(prev === null || (typeof prev === "string" && HEX64.test(prev)))) {
    return fault(
      "bad-prev",
      expect !== null
        ? `prev does not match the hash of line ${expect.seq - 1}`
        : `prev ${show(prev)} is neither null nor a sha256 hex`,
    );
  }
  if (!parsed.hashChecked && (typeof hash !== "string" || !HEX64.test(hash)))
    return fault("bad-hash", `hash ${show(hash)} is not a lowercase sha256 hex`);
  let canonical: string;
  try {
    canonical = canonicalJson(body);
  } catch (err) {
    return fault("bad-hash", `the line has no canonical form: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (sha256Hex(canonical) !== hash) return fault("bad-hash", "hash does not match the line's content");
  return { ok: true, seq, hash, body };
}

/** The event a line records: the body without the chain fields. */
export function eventOf(body: LineBody): Record<string, unknown> {
  const { seq: _seq, prev: _prev, ...event } = body;
  return event;
}

function parseLine(text: string): { body: LineBody; hash: unknown; hashChecked: boolean } | "not-object" | null {
  const at = text.length - SUFFIX_LENGTH;
  // `{` + suffix alone would parse as `{}` below although the line itself is not JSON: require a member.
  const hash =
    at > 1 && text.startsWith(HASH_MEMBER, at) && text.endsWith('"}') ? text.slice(at + HASH_MEMBER.length, -2) : null;
  try {
    if (hash !== null && HEX64.test(hash)) {
      // Fast path for lines as this writer prints them: parse the hashed object directly.
      const body: unknown = JSON.parse(`${text.slice(0, at)}}`);
      if (isObject(body) && !Object.hasOwn(body, "hash")) return { body, hash, hashChecked: true };
    }
    const whole: unknown = JSON.parse(text);
    if (!isObject(whole)) return "not-object";
    const { hash: recorded, ...body } = whole;
    return { body, hash: recorded, hashChecked: false };
  } catch {
    return null;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function fault(reason: LineFault, detail: string): LineCheck {
  return { ok: false, reason, detail };
}

function show(value: unknown): string {
  return value === undefined ? "(missing)" : JSON.stringify(value);
}
