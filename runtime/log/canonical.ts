import { hash } from "node:crypto";
import canonicalize from "canonicalize";

/**
 * RFC 8785 canonical JSON and the line hash of SPEC §4. Writing goes through the `canonicalize` package
 * (the reference the spec names); verification takes a fast path that gives the same text: when every
 * object's keys are already in code-unit order and every string is well formed, `JSON.stringify` of the
 * parsed value IS the canonical form (RFC 8785 reuses ECMAScript's number and string serialization).
 * A property test holds the two paths equal.
 */

/** Canonical text of a JSON value; throws on values JSON cannot carry (NaN, lone surrogates, cycles): a bug upstream. */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError("value has no JSON form");
  return text;
}

/** Lowercase hex sha256 of the UTF-8 bytes of `text`. */
export function sha256Hex(text: string): string {
  return hash("sha256", text, "hex");
}

/** Canonical text of a value that came out of JSON.parse, taking the fast path when it can. */
export function canonicalOfParsed(value: unknown): string {
  return inCanonicalOrder(value) ? JSON.stringify(value) : canonicalJson(value);
}

/** True when JSON.stringify would already print `value` canonically. */
function inCanonicalOrder(value: unknown): boolean {
  if (typeof value === "string") return wellFormed(value);
  if (value === null || typeof value !== "object") return true;
  if (Array.isArray(value)) {
    for (const item of value) if (!inCanonicalOrder(item)) return false;
    return true;
  }
  let previous: string | undefined;
  const record = value as Record<string, unknown>;
  // for…in visits integer-like keys first, in numeric order; code-unit order differs ("10" < "9"),
  // so such objects fail the strict ascending check and take the slow path, which is still correct.
  for (const key in record) {
    if (previous !== undefined && !(previous < key)) return false;
    if (!wellFormed(key) || !inCanonicalOrder(record[key])) return false;
    previous = key;
  }
  return true;
}

/** RFC 8785 rejects lone surrogates; String#isWellFormed (Node 20) is native but missing from lib ES2023. */
function wellFormed(text: string): boolean {
  return (text as unknown as { isWellFormed(): boolean }).isWellFormed();
}
