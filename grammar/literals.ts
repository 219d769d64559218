import { ownEntry } from "../core/index.ts";
import type { IToken } from "chevrotain";
import type { Range } from "../core/index.ts";

const ESCAPES: Readonly<Record<string, string>> = { n: "\n", t: "\t", r: "\r", "0": "\0" };

/**
 * The value of a quoted string token and the range of its content (quotes excluded). A backslash escapes
 * the next character (`\n`, `\t`, `\r`, `\0` are control characters). An unterminated string's content
 * runs to the end of input.
 */
export function stringValue(token: IToken): { value: string; contentAt: Range } {
  const image = token.image;
  const quote = image[0];
  const closed = image.length >= 2 && image[image.length - 1] === quote && !endsEscaped(image);
  const body = image.slice(1, closed ? -1 : undefined);
  const start = token.startOffset + 1;
  return { value: unescape(body), contentAt: { start, end: start + body.length } };
}

function unescape(body: string): string {
  if (!body.includes("\\")) return body;
  let out = "";
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c !== "\\") {
      out += c;
      continue;
    }
    const next = body[++i];
    if (next !== undefined) out += ownEntry(ESCAPES, next) ?? next;
  }
  return out;
}

/** True when the last character of `image` is escaped by an odd run of backslashes before it. */
function endsEscaped(image: string): boolean {
  let n = 0;
  for (let i = image.length - 2; i >= 1 && image[i] === "\\"; i--) n++;
  return n % 2 === 1;
}
