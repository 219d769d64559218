/**
 * Hand-written matchers for the two tokens a regular expression cannot describe: a tool name glued to its
 * `(`, and the raw spec of a permission pattern, which runs to the balanced `)` while quotes hide parentheses.
 * Chevrotain calls them as custom token patterns (`exec(text, offset)`), so they return a match array or null.
 */

/** Words that never start a permission pattern, even when `(` follows directly: `not(x)` is a negation. */
const KEYWORDS: ReadonlySet<string> = new Set([
  "and",
  "or",
  "not",
  "in",
  "contains",
  "matches",
  "under",
  "true",
  "false",
  "seen",
  "count",
  "op",
  "session",
]);

/** First characters of a tool name (for the lexer's first-char optimisation). */
export const TOOL_START_CHARS: readonly string[] = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_"];

function isToolStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

/** Letters, digits, `_`, `-`, and the glob characters `*` and `?` (`mcp__github__*`). */
export function isToolChar(c: number): boolean {
  return isToolStart(c) || (c >= 48 && c <= 57) || c === 45 || c === 42 || c === 63;
}

function match(text: string, start: number, end: number): RegExpExecArray {
  return [text.slice(start, end)] as unknown as RegExpExecArray;
}

/** `Tool(`: a tool name followed directly by `(`, unless the name is a keyword. */
export function execToolOpen(text: string, offset: number): RegExpExecArray | null {
  if (!isToolStart(text.charCodeAt(offset))) return null;
  let i = offset + 1;
  while (i < text.length && isToolChar(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) !== 40 /* ( */) return null;
  if (KEYWORDS.has(text.slice(offset, i))) return null;
  return match(text, offset, i + 1);
}

/**
 * The spec after `Tool(`: everything up to the `)` that balances the opening one, or to the end of input
 * when there is none (the parser then reports the missing `)`). Inside double quotes and outside quotes a
 * backslash escapes the next character; single quotes escape nothing, as in bash.
 */
export function execSpecText(text: string, offset: number): RegExpExecArray | null {
  let depth = 0;
  let i = offset;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 41 /* ) */) {
      if (depth === 0) break;
      depth--;
    } else if (c === 40 /* ( */) {
      depth++;
    } else if (c === 92 /* \ */) {
      i++;
    } else if (c === 34 /* " */ || c === 39 /* ' */) {
      i = closingQuote(text, i, c);
    }
    i++;
  }
  const end = Math.min(i, text.length);
  return end === offset ? null : match(text, offset, end);
}

/** Index of the quote that closes the one at `open`, or the last index when it is never closed. */
function closingQuote(text: string, open: number, quote: number): number {
  let i = open + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === quote) return i;
    if (c === 92 && quote === 34) i++;
    i++;
  }
  return text.length - 1;
}
