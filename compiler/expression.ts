import type { Diagnostic } from "../core/index.ts";
import { parseExpression } from "./grammar.ts";
import { checkCondition, type Position } from "./check-expr.ts";
import type { Expr } from "./ir.ts";
import type { ToolCheck } from "./known-tools.ts";
import type { Located } from "./source.ts";
import { syntaxDiagnostics } from "./syntax.ts";

/** Parse, check and lower one expression string of a rule (`match` or `after`). */
export function compileExpression(
  loc: Located<string>,
  where: Position,
  tools: ToolCheck,
): { expr: Expr | null; diagnostics: readonly Diagnostic[] } {
  const { value, errors } = parseExpression(loc.value);
  const syntax = syntaxDiagnostics(errors, loc);
  // A partial tree after a syntax error would only produce follow-on type errors.
  if (value === null || errors.length > 0) return { expr: null, diagnostics: syntax };
  const { expr, diagnostics } = checkCondition(value, loc, where, tools);
  return { expr, diagnostics };
}
