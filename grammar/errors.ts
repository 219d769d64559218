import type { ILexingError, IRecognitionException, IToken } from "chevrotain";
import type { Range } from "../core/span.ts";
import type { SyntaxError } from "./ast.ts";
import { decodeNote, describeToken } from "./error-messages.ts";
import { tokenRange } from "./token-range.ts";
import { ToolOpen, UnterminatedString } from "./tokens.ts";

/**
 * Lexer and parser errors of the rule grammar as `SyntaxError`s with catalog codes (RG1001-RG1006).
 * Errors come out sorted by position, at most one per code and place (recovery can report a spot twice).
 */

/** Characters no token starts with (RG1004), one error per run of them. */
export function lexErrors(text: string, errors: readonly ILexingError[]): SyntaxError[] {
  return errors.map((e) => {
    const at = { start: e.offset, end: e.offset + e.length };
    return { code: "RG1004", args: { char: text.slice(at.start, at.end) }, at };
  });
}

/** Strings whose closing quote is missing (RG1002): from the opening quote to the end of input. */
export function unterminatedStrings(tokens: readonly IToken[]): SyntaxError[] {
  return tokens
    .filter((t) => t.tokenType === UnterminatedString)
    .map((t) => ({ code: "RG1002", args: {}, at: { start: t.startOffset, end: t.startOffset + t.image.length } }));
}

export function parseErrors(text: string, tokens: readonly IToken[], errors: readonly IRecognitionException[]): SyntaxError[] {
  return errors.map((e) => parseError(text, tokens, e));
}

function parseError(text: string, tokens: readonly IToken[], e: IRecognitionException): SyntaxError {
  const note = decodeNote(e.message);
  const found = note?.found ?? describeToken(e.token, "end of input");
  const at = tokenRange(e.token) ?? endOfInput(tokens);
  if (note?.kind === "notAllInput") {
    const last = tokenRange(tokens[tokens.length - 1]);
    return { code: "RG1005", args: { found }, at: last === null ? at : { start: at.start, end: Math.max(at.end, last.end) } };
  }
  if (note?.expectedTypes.includes("SpecClose") === true) {
    // The raw spec ran to the end of input, so the open pattern is the last `Tool(` of the token stream.
    const open = [...tokens].reverse().find((t) => t.tokenType === ToolOpen);
    const openAt = tokenRange(open);
    if (open !== undefined && openAt !== null) {
      return { code: "RG1003", args: { tool: open.image.slice(0, -1) }, at: { start: openAt.start, end: text.length } };
    }
  }
  return { code: "RG1001", args: { found, expected: note?.expected ?? "a value" }, at };
}

/** Errors at the end of input point just after the last token (trailing blanks and newlines are not shown). */
function endOfInput(tokens: readonly IToken[]): Range {
  const last = tokenRange(tokens[tokens.length - 1]);
  const end = last?.end ?? 0;
  return { start: end, end };
}

export function sortErrors(errors: readonly SyntaxError[]): SyntaxError[] {
  const seen = new Set<string>();
  return [...errors]
    .sort((a, b) => a.at.start - b.at.start || a.at.end - b.at.end)
    .filter((e) => {
      const key = `${e.code}:${e.at.start}:${e.at.end}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
