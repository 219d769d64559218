import { describe, expect, test } from "vitest";
import { globsOverlap, segmentsOverlap } from "../../../runtime/match/glob-overlap.ts";
import { credentialHit } from "../../../runtime/match/index.ts";
import { bash, builtinPolicy, HOME } from "./support.ts";

describe("two path globs meet when some path matches both (ADR 0212)", () => {
  test.each<[string, string, boolean]>([
    ["/p/.en[v]", "/**/.env", true],
    ["/p/.e?v", "/**/.env", true],
    ["/p/[!a]env", "/**/.env", true],
    ["/h/.ss[h]/id_*", "/h/.ssh/**", true],
    ["/h/**/x.pem", "/**/.pem", false],
    ["/h/**/*.pem", "/**/.pem", true],
    ["/p/**/__pycache__", "/**/.env", false],
    ["/p/src/*.ts", "/**/id_rsa", false],
    ["/p/x*", "/**/.env", false],
    // bash: a wildcard does not match a leading dot; a name of wildcards names nothing in particular.
    ["/p/?env", "/**/.env", false],
    ["/p/*", "/**/.env", false],
    ["/p/dist/*", "/**/id_rsa", false],
    ["/h/.ssh/*", "/h/.ssh/**", true],
    ["/p/a/b", "/p/**", true],
    ["/q/a", "/p/**", false],
  ])("%s and %s → %s", (word, glob, expected) => {
    expect(globsOverlap(word, glob)).toBe(expected);
  });

  test("segments: classes, ranges, escapes, case", () => {
    expect(segmentsOverlap("[a-c]d", "bd")).toBe(true);
    expect(segmentsOverlap("[!a-c]d", "bd")).toBe(false);
    expect(segmentsOverlap("\\*x", "*x")).toBe(true);
    expect(segmentsOverlap("\\*x", "ax")).toBe(false);
    expect(segmentsOverlap(".ENV", ".env")).toBe(true);
    expect(segmentsOverlap(".ENV", ".env", false)).toBe(false);
    // Braces and extglobs on the credential side count as a wildcard: wider, fails closed.
    expect(segmentsOverlap("key.txt", "*.{pem,key}")).toBe(true);
  });
});

describe("a word bash did not expand meets the credential list by what it may name", () => {
  const creds = (): ReturnType<typeof builtinPolicy>["paths"]["credentials"] => builtinPolicy().paths.credentials;
  test.each<[string, boolean]>([
    ["cat .en[v]", true],
    ["cat .e?v", true],
    ["cat ~/.ss[h]/id_*", true],
    ["find ~/keys -name '*.pem' -exec cat {} +", true],
    ["find . -name '.env*' -exec cat {} +", true],
    ["cat ~/.ssh/*.pub", false],
    ["cat src/*.ts", false],
    ["chmod +x bin/*", false],
    ["find . -name '*.txt' -exec rm {} \\;", false],
    ["find . -name '*.pyc' -delete", false],
  ])("%s → %s", (command, hit) => {
    expect(credentialHit(bash(command), creds(), HOME) !== null).toBe(hit);
  });
});
