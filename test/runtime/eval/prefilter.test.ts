import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { holds, type EvalContext } from "../../../runtime/eval/index.ts";
import { fixedKeysOf, keysOf, mayHold, opKeys } from "../../../runtime/eval/prefilter.ts";
import type { Level, OpType } from "../../../compiler/ir.ts";
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
        if (holds(scopeOf(atom), ctx))
          expect(admitted(atom, ctx), `${atom} holds on ${ctx.op.primary} (${ctx.op.call.cwd})`).toBe(true);
      }
    }
  });

  test("for random expressions", () => {
    fc.assert(
      fc.property(exprArb, fc.nat(), (match, k) => {
        const ctx = contexts[k % contexts.length] as EvalContext;
        if (holds(scopeOf(match), ctx))
          expect(admitted(match, ctx), `${match} on ${ctx.op.primary} (${ctx.op.call.cwd})`).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  test("fixed keys hold whatever the classification: an expression that holds for some classification of a call has them", () => {
    const TYPES: readonly OpType[] = ["read_local", "write_local", "read_external", "write_external", "execute"];
    const LEVELS: readonly Level[] = ["READ", "WRITE", "DESTRUCTIVE", "EXPENSIVE", "SECURITY", "FORBIDDEN"];
    fc.assert(
      fc.property(
        exprArb,
        fc.nat(),
        fc.subarray([...TYPES], { minLength: 1 }),
        fc.constantFrom(...LEVELS),
        fc.subarray(["git", "network", "filesystem", "registry"]),
        (match, k, types, level, categories) => {
          const ctx = contexts[k % contexts.length] as EvalContext;
          const classified = {
            ...ctx,
            op: { ...ctx.op, types, type: types[types.length - 1] as OpType, level, categories, unknown: false },
          };
          const expr = scopeOf(match);
          if (holds(expr, classified))
            expect(mayHold(fixedKeysOf(expr), opKeys(ctx.op)), `${match} on ${ctx.op.primary}`).toBe(true);
        },
      ),
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
