import { ownEntry } from "../core/index.ts";
import { createHash } from "node:crypto";

/** `sha256:<hex>` of a text, e.g. a plain-English trigger (its model answers are keyed by it). */
export function textHash(text: string): string {
  return `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}`;
}

/** Where a node came from is not what it means: spans are left out, so reformatting YAML keeps the hash. */
const LOCATION_KEYS: ReadonlySet<string> = new Set(["span", "source", "hash"]);

/** Content hash of a policy: canonical JSON (RFC 8785) of everything except locations and the hash itself. */
export function contentHash(policy: object): string {
  return textHash(canonicalWithout(policy, LOCATION_KEYS));
}

/**
 * RFC 8785 canonical JSON of plain JSON data, leaving out the keys in `skip` at every depth. It is the
 * `canonicalize` package's output on the stripped value (a differential test holds them equal), in one
 * pass without building the stripped copy: on a 1,000-rule policy that copy and the package's checks
 * were most of the compile time. RFC 8785 reuses ECMAScript's string and number forms, and object keys
 * sort by UTF-16 code units, which is what Array#sort does by default. Strings are concatenated (V8 ropes)
 * rather than pushed and joined: a third faster on a 1,000-rule policy.
 */
export function canonicalWithout(value: unknown, skip: ReadonlySet<string>): string {
  if (value === null || typeof value !== "object") return value === undefined ? "null" : JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      out += (i > 0 ? "," : "") + canonicalWithout(item === undefined ? null : item, skip);
    }
    return out + "]";
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let out = "{";
  let first = true;
  for (const key of keys) {
    const v = ownEntry(record, key);
    if (v === undefined || skip.has(key)) continue;
    out += (first ? "" : ",") + quotedKey(key) + canonicalWithout(v, skip);
    first = false;
  }
  return out + "}";
}

/** `"key":`, quoted once per distinct key: an IR repeats a few dozen keys hundreds of thousands of times. */
const quoted = new Map<string, string>();
function quotedKey(key: string): string {
  let q = quoted.get(key);
  if (q === undefined) {
    q = `${JSON.stringify(key)}:`;
    if (quoted.size < 10_000) quoted.set(key, q);
  }
  return q;
}
