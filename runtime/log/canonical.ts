import { hash } from "node:crypto";
import { canonicalText } from "../../core/index.ts";

/** RFC 8785 canonical JSON (core/canonical-json.ts) and the line hash of docs/reference/event-log.md. */

/** Canonical text of a JSON value; throws on values JSON cannot carry (NaN, lone surrogates, cycles): a bug upstream. */
export function canonicalJson(value: unknown): string {
  const text = canonicalText(value);
  if (text === undefined) throw new TypeError("value has no JSON form");
  return text;
}

/** Lowercase hex sha256 of the UTF-8 bytes of `text`. */
export function sha256Hex(text: string): string {
  return hash("sha256", text, "hex");
}
