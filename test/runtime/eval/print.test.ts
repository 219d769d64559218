import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { Expr } from "../../../compiler/ir.ts";
import { exprText } from "../../../runtime/eval/index.ts";
import { afterExprOf, exprArb, scopeOf } from "./random-expressions.ts";

/** `exprText` prints rule syntax back (for `rules explain`): compiling what it prints gives the same IR. */
const withoutSpans = (e: Expr): unknown =>
  JSON.parse(JSON.stringify(e, (k, v: unknown) => (k === "span" ? undefined : v)));

describe("exprText", () => {
  test("round-trips random match expressions through the compiler", () => {
    fc.assert(
      fc.property(exprArb, (text) => {
        const scope = scopeOf(text);
        expect(withoutSpans(scopeOf(exprText(scope)))).toEqual(withoutSpans(scope));
      }),
      { numRuns: 300 },
    );
  });

  test("round-trips history expressions", () => {
    for (const text of [
      "seen(op.type == read_external)",
      'count(op.tool == "bash") >= 3 and not seen(op.path matches "**/SKILL.md")',
      "seen(op.level >= DESTRUCTIVE) or count(op.type == execute) > 1",
    ]) {
      const expr = afterExprOf(text);
      expect(withoutSpans(afterExprOf(exprText(expr)))).toEqual(withoutSpans(expr));
    }
  });
});
