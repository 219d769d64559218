import type { Expr, ParseResult, PatternAst, SyntaxError } from "./ast.ts";
import { lexErrors, parseErrors, sortErrors, unterminatedStrings } from "./errors.ts";
import { expressionAst, standalonePatternAst } from "./expression-ast.ts";
import type { ExpressionCstNode, StandalonePatternCstNode } from "./expression-cst.ts";
import { expressionParser } from "./expression-parser.ts";
import { MODES, ruleLexer } from "./tokens.ts";

/**
 * Parses a rule expression (docs/reference/expressions.md). Never throws: every lexical and syntax error of the input is in
 * `errors`, and `value` is the tree built from what could be recovered (null when nothing could).
 */
export function parseExpression(text: string): ParseResult<Expr> {
  const lexed = ruleLexer().tokenize(text, MODES.expression);
  const lexical = [...lexErrors(text, lexed.errors), ...unterminatedStrings(lexed.tokens)];
  if (lexed.tokens.length === 0) {
    const empty: SyntaxError[] =
      lexical.length > 0 ? [] : [{ code: "RG1006", args: {}, at: { start: 0, end: text.length } }];
    return { value: null, errors: [...lexical, ...empty] };
  }
  const parser = expressionParser();
  parser.input = lexed.tokens;
  const cst = parser.expression() as ExpressionCstNode;
  const errors = sortErrors([
    ...lexical,
    ...withoutFollowOns(text, lexical, parseErrors(text, lexed.tokens, parser.errors)),
  ]);
  return { value: expressionAst(cst), errors };
}

/**
 * A foreign operator (`=~`, `&&`) is reported with its replacement; the operand after it is then no new
 * mistake, so the parse error that starts right after it is dropped.
 */
function withoutFollowOns(text: string, lexical: readonly SyntaxError[], parse: readonly SyntaxError[]): SyntaxError[] {
  const slips = lexical.filter((e) => e.code === "RG1004" && e.hint !== undefined);
  return parse.filter(
    (p) => !slips.some((s) => p.at.start >= s.at.end && text.slice(s.at.end, p.at.start).trim() === ""),
  );
}

/**
 * Parses a standalone permission pattern (docs/reference/patterns.md): `Tool` or `Tool(spec)`, as written in
 * `permissions.deny/ask/allow` and in rule examples. Anything else is RG1007 over the whole text, except a
 * spec whose `)` is missing (RG1003).
 */
export function parsePattern(text: string): ParseResult<PatternAst> {
  const lexed = ruleLexer().tokenize(text, MODES.pattern);
  const parser = expressionParser();
  parser.input = lexed.tokens;
  const cst = parser.standalonePattern() as StandalonePatternCstNode;
  const syntax = parseErrors(text, lexed.tokens, parser.errors);
  const unbalanced = syntax.filter((e) => e.code === "RG1003");
  if (lexed.errors.length === 0 && syntax.length === 0) return { value: standalonePatternAst(cst), errors: [] };
  if (lexed.errors.length === 0 && unbalanced.length === syntax.length) return { value: null, errors: unbalanced };
  return { value: null, errors: [notAPattern(text)] };
}

function notAPattern(text: string): SyntaxError {
  const start = text.length - text.trimStart().length;
  const end = Math.max(start, text.trimEnd().length);
  return { code: "RG1007", args: { text: text.slice(start, end) }, at: { start, end } };
}
