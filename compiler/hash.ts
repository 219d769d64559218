import { createHash } from "node:crypto";
import canonicalize from "canonicalize";

/** `sha256:<hex>` of a text, e.g. a plain-English trigger (its model answers are keyed by it). */
export function textHash(text: string): string {
  return `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}`;
}

/** Where a node came from is not what it means: spans are left out, so reformatting YAML keeps the hash. */
const LOCATION_KEYS = new Set(["span", "source"]);

/** Content hash of a policy: canonical JSON (RFC 8785) of everything except locations and the hash itself. */
export function contentHash(policyWithoutHash: object): string {
  const text = canonicalize(strip(policyWithoutHash)) ?? "";
  return textHash(text);
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).filter(([k]) => !LOCATION_KEYS.has(k) && k !== "hash").map(([k, v]) => [k, strip(v)]));
  }
  return value;
}
