import { describe, expect, test } from "vitest";
import { readLoopVariable } from "../../../runtime/shell/read-loop-paths.ts";

describe("the variable a while loop reads whole lines into (ADR 0799)", () => {
  test.each<[string, string, string | null]>([
    ["while", "read f", "f"],
    ["while", "read -r f;", "f"],
    ["while", "IFS= read -r file_1", "file_1"],
    ["while", "IFS='' read -r f", "f"],
    ["until", "read -r f", null],
    ["while", "read -a f", null],
    ["while", "read -r f g", null],
    ["while", "read -d '' f", null],
    ["while", "read -n 1 f", null],
    ["while", "IFS=/ read -r f", null],
    ["while", 'read -r f || [ -n "$f" ]', null],
    ["while", "read", null],
  ])("%s %s", (keyword, condition, want) => {
    expect(readLoopVariable(keyword, condition)).toBe(want);
  });
});
