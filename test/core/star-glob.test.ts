import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { starGlob } from "../../core/star-glob.ts";

describe("a star glob", () => {
  test.each<[string, boolean, string, boolean]>([
    ["rm *", false, "rm -rf /tmp/x", true],
    ["rm *", false, "rm ../../etc/passwd", true],
    ["rm *", false, "rm", false],
    ["rm*", false, "rm", true],
    ["rm*", false, "rmdir x", true],
    ["*", false, "", true],
    ["a*b*c", false, "abc", true],
    ["a*b*c", false, "a-c-b", false],
    ["a*b*b", false, "ab", false],
    ["*ab*ab*", false, "xabyab", true],
    ["git commit *", false, "git commit -m 'a\nb'", true],
    ["echo [x]?", false, "echo [x]?", true],
    ["echo [x]?", false, "echo xy", false],
    ["npm run lint", true, "npm run lint", true],
    ["npm run lint", true, "npm run lint --fix", true],
    ["npm run lint", true, "npm run linter", false],
    ["npm run lint", true, "npm run lint:fix", false],
    ["git push --force", true, "git push --force origin", true],
    ["git * --force", true, "git push --force", true],
  ])("%j (prefix %s) matches %j: %s", (glob, prefix, text, expected) => {
    expect(starGlob(glob, prefix)(text)).toBe(expected);
  });

  test("lower-cases the glob when asked (the caller lower-cases the text)", () => {
    expect(starGlob("*.Example.COM", false, { lowerCase: true })("docs.example.com")).toBe(true);
  });

  const ALPHABET = ["a", "b", " ", "/", ".", "\n", "*", "?", "["];
  const text = fc
    .array(fc.constantFrom(...ALPHABET.filter((c) => c !== "*")), { maxLength: 14 })
    .map((a) => a.join(""));
  const glob = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 8 }).map((a) => a.join(""));

  /** The obvious, slower implementation: every character literal except `*`, which is any text. */
  const reference = (g: string, prefix: boolean): RegExp => {
    const body = g
      .split("*")
      .map((piece) => piece.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"))
      .join("[\\s\\S]*");
    return new RegExp(`^${body}${prefix ? "(?: [\\s\\S]*)?" : ""}$`);
  };

  test("agrees with a regular-expression implementation on random globs and texts", () => {
    fc.assert(
      fc.property(glob, text, fc.boolean(), (g, t, prefix) => {
        expect(starGlob(g, prefix)(t)).toBe(reference(g, prefix).test(t));
      }),
      { numRuns: 5000 },
    );
  });

  test("stays fast on a long command with many stars", () => {
    const long = "a".repeat(100_000);
    const started = performance.now();
    expect(starGlob("*a*a*a*a*a*a*b")(long)).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
