import { describe, expect, test } from "vitest";
import { allowedBy, patternHits } from "../../../runtime/match/index.ts";
import type { Operation } from "../../../runtime/operation/types.ts";
import { bash, fetch, HOME, op, pattern, read } from "./support.ts";

const issue = (title: string): Operation => op("mcp__github__create_issue", { title, body: "b" });

describe("tool names and bare patterns", () => {
  test.each<[string, string, Operation, boolean]>([
    ["Bash", "`ls`", bash("ls"), true],
    ["bash", "`rm -rf x`", bash("rm -rf x"), true],
    ["Read", "a Read", read("/x"), true],
    ["Glob", "a Glob", op("Glob", { pattern: "*" }), true],
    ["find", "a Glob", op("Glob", { pattern: "*" }), true],
    ["MultiEdit", "an Edit", op("Edit", { file_path: "a", old_string: "x", new_string: "y" }), true],
    ["Read", "`cat x`", bash("cat x"), false],
    ["mcp__github__*", "mcp__github__create_issue", issue("t"), true],
    ["mcp__github__*", "mcp__gitlab__create_issue", op("mcp__gitlab__create_issue", { title: "t" }), false],
    ["mcp__GitHub__create_issue", "mcp__github__create_issue", issue("t"), true],
    ["mcp__*", "mcp__github__create_issue", issue("t"), true],
    ["mcp__*", "`ls`", bash("ls"), false],
    ["WebFetch", "a WebFetch", fetch("https://x.test/"), true],
  ])("%s matches %s: %s", (p, _what, call, expected) => {
    expect(patternHits(pattern(p), call, HOME)).toBe(expected);
    expect(allowedBy([pattern(p)], call, HOME) !== null).toBe(expected);
  });
});

describe("JSON specs of other tools", () => {
  test.each<[string, string, Operation, boolean]>([
    ["mcp__github__*(*title*release*)", "an issue titled release 1.0", issue("release 1.0"), true],
    ["mcp__github__*(*title*release*)", "an issue titled bug", issue("bug"), false],
    ["mcp__github__create_issue(*)", "any issue", issue("x"), true],
    ["websearch(*password*)", "a search for `reset password`", op("WebSearch", { query: "reset password" }), true],
  ])("%s matches %s: %s", (p, _what, call, expected) => {
    expect(patternHits(pattern(p), call, HOME)).toBe(expected);
    expect(allowedBy([pattern(p)], call, HOME) !== null).toBe(expected);
  });
});

describe("allowedBy", () => {
  test("returns null when no pattern names the tool", () => {
    expect(allowedBy([pattern("bash(ls)"), pattern("read")], issue("x"), HOME)).toBeNull();
  });

  test("returns the first pattern that covers a single-argument call", () => {
    const ps = [pattern("mcp__github__*(*bug*)"), pattern("mcp__github__*"), pattern("mcp__*")];
    expect(allowedBy(ps, issue("x"), HOME)?.map((p) => p.text)).toEqual(["mcp__github__*"]);
  });
});
