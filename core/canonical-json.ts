import { ownEntry } from "./own.ts";
import canonicalize from "canonicalize";

/**
 * RFC 8785 canonical JSON. The `canonicalize` package is the reference; a fast path gives the same text
 * without it: when every object is plain with its keys already in code-unit order, every number finite and
 * every string well formed, `JSON.stringify` of the value IS the canonical form (RFC 8785 reuses
 * ECMAScript's number and string serialization). Differential tests hold the two paths equal.
 * Returns undefined for a value JSON cannot carry at the top (undefined, a function); throws where
 * `canonicalize` does (NaN, lone surrogates, cycles).
 */
export function canonicalText(value: unknown): string | undefined {
  return inCanonicalOrder(value, 0) ? JSON.stringify(value) : canonicalize(value);
}

const MAX_DEPTH = 64;

/** True when JSON.stringify would already print `value` canonically (deep values take the reference path). */
function inCanonicalOrder(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case "string":
      return wellFormed(value);
    case "number":
      return Number.isFinite(value);
    case "boolean":
      return true;
    case "object":
      break;
    default:
      return false;
  }
  if (value === null) return true;
  if (depth >= MAX_DEPTH) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (!inCanonicalOrder(item, depth + 1)) return false;
    return true;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  let previous: string | undefined;
  const record = value as Record<string, unknown>;
  // for…in visits integer-like keys first, in numeric order; code-unit order differs ("10" < "9"),
  // so such objects fail the strict ascending check and take the reference path, which is still correct.
  for (const key in record) {
    if (previous !== undefined && !(previous < key)) return false;
    if (!wellFormed(key) || !inCanonicalOrder(ownEntry(record, key), depth + 1)) return false;
    previous = key;
  }
  return true;
}

/** RFC 8785 rejects lone surrogates; String#isWellFormed (Node 20) is native but missing from lib ES2023. */
function wellFormed(text: string): boolean {
  return (text as unknown as { isWellFormed(): boolean }).isWellFormed();
}
