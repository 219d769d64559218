import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { holds, type EvalContext } from "../../../runtime/eval/index.ts";
import { keysOf, opKeys } from "../../../runtime/eval/prefilter.ts";
import { ATOMS, evalContexts, exprArb, scopeOf } from "./random-expressions.ts";

/**
 * The prefilter (docs/adr/0059) may skip an expression for an operation only if it cannot hold there: whenever
 * an expression holds, it has no keys (always evaluated) or the operation has one of its keys.
 */
let contexts: EvalContext[] = [];
beforeAll(async () => {
  contexts = await evalContexts();
});

function admitted(match: string, ctx: EvalContext): boolean {
  const keys = keysOf(scopeOf(match));
  if (keys === null) return true;
  const have = new Set(opKeys(ctx.op));
  return keys.some((k) => have.has(k));
}

describe("the prefilter never skips an expression that holds", () => {
  test("for every atom on every operation, setting and mode", () => {
    for (const atom of ATOMS) {
      for (const ctx of contexts) {
        if (holds(scopeOf(atom), ctx)) expect(admitted(atom, ctx), `${atom} holds on ${ctx.op.primary} (${ctx.op.call.cwd})`).toBe(true);
      }
    }
  });

  test("for random expressions", () => {
    fc.assert(
      fc.property(exprArb, fc.nat(), (match, k) => {
        const ctx = contexts[k % contexts.length] as EvalContext;
        if (holds(scopeOf(match), ctx)) expect(admitted(match, ctx), `${match} on ${ctx.op.primary} (${ctx.op.call.cwd})`).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  test("it does skip: most keyed atoms are ruled out for most operations", () => {
    const keyed = ATOMS.filter((a) => keysOf(scopeOf(a)) !== null);
    expect(keyed.length).toBeGreaterThan(ATOMS.length / 3);
    let skipped = 0;
    for (const atom of keyed) for (const ctx of contexts) if (!admitted(atom, ctx)) skipped++;
    expect(skipped / (keyed.length * contexts.length)).toBeGreaterThan(0.5);
  });
});
