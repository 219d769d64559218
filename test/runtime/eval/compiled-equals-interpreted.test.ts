import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { historyNodes, holds, type EvalContext } from "../../../runtime/eval/index.ts";
import { holdsByInterpretation } from "../../../runtime/eval/interpret.ts";
import { afterExprOf, ATOMS, evalContexts, exprArb, scopeOf } from "./random-expressions.ts";

/**
 * Differential test (STYLE, Zod): `holds` runs closures compiled once per IR node; `holdsByInterpretation`
 * is the plain interpreter it replaced. On random expressions (compiled by the real compiler) over operations
 * derived by the real derivation, in several cwd/home/mode settings visited in random order, both must agree,
 * and both must refuse a history node evaluated without its monitor.
 */
let contexts: EvalContext[] = [];
beforeAll(async () => {
  contexts = await evalContexts();
});

/** What an evaluation did: its result, or the message it threw. */
function outcome(f: () => boolean): boolean | string {
  try {
    return f();
  } catch (e) {
    return e instanceof Error ? `threw: ${e.message}` : "threw";
  }
}

const picksArb = fc.array(fc.nat(), { minLength: 1, maxLength: 40 });

describe("compiled evaluation equals the reference interpreter", () => {
  test.each(ATOMS)("the atom %s compiles", (atom) => {
    expect(scopeOf(atom).kind).toBeTypeOf("string");
  });

  test("every atom agrees on every operation, setting and mode", () => {
    for (const atom of ATOMS) {
      const expr = scopeOf(atom);
      for (const ctx of contexts)
        expect(holds(expr, ctx), `${atom} on ${ctx.op.primary} (${ctx.op.call.cwd})`).toBe(
          holdsByInterpretation(expr, ctx),
        );
    }
  });

  test("random expressions agree on random sequences of operations", () => {
    fc.assert(
      fc.property(exprArb, picksArb, (match, picks) => {
        const expr = scopeOf(match);
        for (const k of picks) {
          const ctx = contexts[k % contexts.length] as EvalContext;
          expect(holds(expr, ctx), `${match} on ${ctx.op.primary} (${ctx.op.call.cwd})`).toBe(
            holdsByInterpretation(expr, ctx),
          );
        }
      }),
      { numRuns: 400 },
    );
  });

  test("history expressions agree on random monitor values, and both throw without a monitor", () => {
    const termArb = fc.oneof(
      exprArb.map((e) => `seen(${e})`),
      fc
        .tuple(exprArb, fc.constantFrom("==", "!=", "<", ">="), fc.nat(3))
        .map(([e, op, n]) => `count(${e}) ${op} ${n}`),
    );
    const afterArb = fc
      .tuple(termArb, fc.constantFrom("and", "or"), termArb)
      .map(([a, op, b]) => `${a} ${op} not (${b})`);
    fc.assert(
      fc.property(afterArb, fc.array(fc.nat(3), { minLength: 8, maxLength: 8 }), fc.nat(), (after, counts, k) => {
        const expr = afterExprOf(after);
        const ctx = contexts[k % contexts.length] as EvalContext;
        const history = historyNodes(expr).reduce<(boolean | number)[]>((h, n) => {
          const c = counts[n.id % counts.length] ?? 0;
          h[n.id] = n.kind === "count" ? c : c % 2 === 1;
          return h;
        }, []);
        const withHistory = { ...ctx, history };
        expect(holds(expr, withHistory), after).toBe(holdsByInterpretation(expr, withHistory));
        expect(outcome(() => holds(expr, ctx))).toBe(outcome(() => holdsByInterpretation(expr, ctx)));
        expect(outcome(() => holds(expr, ctx))).toMatch(/^threw: history node \d+ evaluated without its monitor$/);
      }),
      { numRuns: 200 },
    );
  });
});
