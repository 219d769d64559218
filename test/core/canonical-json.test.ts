import canonicalize from "canonicalize";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { canonicalText } from "../../core/canonical-json.ts";

/** Differential test (STYLE, Zod): the fast path of canonicalText must print exactly what the reference package prints. */
function outcome(f: () => string | undefined): string | undefined {
  try {
    return f();
  } catch {
    return "threw";
  }
}

/** Objects rebuilt with sorted keys, so the fast path is taken as often as the reference one. */
function sortedDeep(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedDeep);
  if (v !== null && typeof v === "object") {
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortedDeep((v as Record<string, unknown>)[k])]),
    );
  }
  return v;
}

describe("canonical JSON", () => {
  test("equals the canonicalize package on arbitrary JSON values, keys in any order or sorted", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(canonicalText(v)).toBe(canonicalize(v));
        expect(canonicalText(sortedDeep(v))).toBe(canonicalize(sortedDeep(v)));
      }),
      { numRuns: 1000 },
    );
  });

  test("equals it, or throws with it, on values JSON cannot carry as they are", () => {
    const odd: unknown[] = [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      -0,
      1e21,
      5e-7,
      "\ud800",
      { a: "\udc00" },
      { "\ud800": 1 },
      [undefined, 1],
      { a: undefined, b: 1 },
      { b: 1, a: 2 },
      { 10: 1, 9: 2 },
      new Date(0),
      { a: new Date(0) },
      [[[[]]]],
      Object.create(null),
      { toJSON: () => "x" },
      "é\u2028\u0000",
    ];
    for (const v of odd)
      expect(
        outcome(() => canonicalText(v)),
        String(JSON.stringify(v)),
      ).toBe(outcome(() => canonicalize(v)));
  });

  test("takes the reference path past a nesting depth instead of recursing without end", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200; i++) deep = { a: deep };
    expect(canonicalText(deep)).toBe(canonicalize(deep));
  });
});
