import canonicalize from "canonicalize";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalWithout } from "../../compiler/hash.ts";

function strip(value: unknown, skip: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((v) => strip(v, skip));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !skip.has(k))
        .map(([k, v]) => [k, strip(v, skip)]),
    );
  }
  return value;
}

describe("canonical JSON of the policy hash", () => {
  it("equals the canonicalize package on the value without the skipped keys", () => {
    const skip = new Set(["span", "source"]);
    const key = fc.oneof(
      fc.constantFrom("span", "source", "a", "b", "10", "9", "é", "Z", "aa"),
      fc.string({ maxLength: 4 }),
    );
    const leaf = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
    );
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        leaf,
        fc.array(tie("value"), { maxLength: 4 }),
        fc.dictionary(key, tie("value"), { maxKeys: 5 }),
      ),
    })).value;
    fc.assert(
      fc.property(json, (v) => {
        expect(canonicalWithout(v, skip)).toBe(canonicalize(strip(v, skip)));
      }),
      { numRuns: 500 },
    );
  });
});
