import type { Expr, Pattern, SessionMode } from "../../compiler/index.ts";
import type { Operation } from "../operation/index.ts";
import { compiled } from "./compile.ts";

/**
 * Evaluates IR expressions against one operation and the session (docs/reference/expressions.md). Pure; each expression node is
 * compiled once into a closure (compile.ts). `op.type` compares against every type of the call: `==`/`in`
 * hold when any type matches, `!=`/`not in` when none does.
 */
export interface EvalContext {
  readonly op: Operation;
  readonly mode: SessionMode;
  readonly home: string;
  /** Permission patterns used as booleans (deny/ask semantics: any simple command matches). */
  readonly patternHits: (pattern: Pattern, op: Operation) => boolean;
  /** Values of the seen/count nodes of the `after` expression being evaluated, by node id. */
  readonly history?: readonly (boolean | number)[];
}

export function holds(expr: Expr, ctx: EvalContext): boolean {
  return compiled(expr)(ctx) === true;
}
