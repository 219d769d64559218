import type { ILexingError, IRecognitionException, IToken } from "chevrotain";
import type { Range } from "../core/index.ts";
import type { SyntaxError } from "./ast.ts";
import { decodeNote, describeToken } from "./error-messages.ts";
import { tokenRange } from "./token-range.ts";
import { OPERATOR_LIST, operatorHint } from "./operator-hints.ts";
import { Identifier, ToolOpen, UnterminatedString } from "./tokens.ts";

/**
 * Lexer and parser errors of the rule grammar as `SyntaxError`s with catalog codes (RG1001-RG1006).
 * Errors come out sorted by position, at most one per code and place (recovery can report a spot twice).
 */

/** Characters no token starts with (RG1004), one error per run of them. */
export function lexErrors(text: string, errors: readonly ILexingError[]): SyntaxError[] {
  return errors.map((e) => {
    const at = { start: e.offset, end: e.offset + e.length };
    const char = text.slice(at.start, at.end);
    const hint = operatorHint(char);
    return { code: "RG1004", args: { char }, at, ...(hint === undefined ? {} : { hint }) };
  });
}

/** Strings whose closing quote is missing (RG1002): from the opening quote to the end of input. */
export function unterminatedStrings(tokens: readonly IToken[]): SyntaxError[] {
  return tokens
    .filter((t) => t.tokenType === UnterminatedString)
    .map((t) => ({ code: "RG1002", args: {}, at: { start: t.startOffset, end: t.startOffset + t.image.length } }));
}

export function parseErrors(
  text: string,
  tokens: readonly IToken[],
  errors: readonly IRecognitionException[],
): SyntaxError[] {
  return errors.map((e) => parseError(text, tokens, e));
}

function parseError(text: string, tokens: readonly IToken[], e: IRecognitionException): SyntaxError {
  const note = decodeNote(e.message);
  const found = note?.found ?? describeToken(e.token, "end of input");
  const at = tokenRange(e.token) ?? endOfInput(tokens);
  // A word where an operator could stand (`op.command startswith "git"`) is most likely a foreign operator.
  const word = e.token.tokenType === Identifier ? e.token.image : undefined;
  const hint = word === undefined ? undefined : operatorHint(word);
  if (note?.kind === "notAllInput") {
    const last = tokenRange(tokens[tokens.length - 1]);
    const trailing = { start: at.start, end: last === null ? at.end : Math.max(at.end, last.end) };
    const shown = hint ?? (word === undefined ? undefined : OPERATOR_LIST);
    return { code: "RG1005", args: { found }, at: trailing, ...(shown === undefined ? {} : { hint: shown }) };
  }
  if (note?.expectedTypes.includes("SpecClose") === true) {
    // The raw spec ran to the end of input, so the open pattern is the last `Tool(` of the token stream.
    const open = [...tokens].reverse().find((t) => t.tokenType === ToolOpen);
    const openAt = tokenRange(open);
    if (open !== undefined && openAt !== null) {
      return { code: "RG1003", args: { tool: open.image.slice(0, -1) }, at: { start: openAt.start, end: text.length } };
    }
  }
  return {
    code: "RG1001",
    args: { found, expected: note?.expected ?? "a value" },
    at,
    ...(hint === undefined ? {} : { hint }),
  };
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
