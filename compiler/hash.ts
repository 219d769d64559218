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
 * sort by UTF-16 code units, which is what Array#sort does by default.
 */
export function canonicalWithout(value: unknown, skip: ReadonlySet<string>): string {
  const out: string[] = [];
  write(value, skip, out);
  return out.join("");
}

function write(value: unknown, skip: ReadonlySet<string>, out: string[]): void {
  if (value === null || typeof value !== "object") {
    out.push(value === undefined ? "null" : JSON.stringify(value));
    return;
  }
  if (Array.isArray(value)) {
    out.push("[");
    value.forEach((item, i) => {
      if (i > 0) out.push(",");
      write(item === undefined ? null : item, skip, out);
    });
    out.push("]");
    return;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).filter((k) => !skip.has(k) && record[k] !== undefined).sort();
  out.push("{");
  keys.forEach((k, i) => {
    if (i > 0) out.push(",");
    out.push(JSON.stringify(k), ":");
    write(record[k], skip, out);
  });
  out.push("}");
}
