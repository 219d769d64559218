import { describe, expect, test } from "vitest";
import { inputPaths } from "../../../runtime/operation/input-paths.ts";

describe("paths in the input of an unknown tool", () => {
  test.each([
    ["mcp__filesystem__read_file", { path: "/etc/hosts" }, [["/etc/hosts", "read"]]],
    [
      "mcp__filesystem__write_file",
      { path: "./notes.md", content: "some text with /slashes/ and blanks" },
      [["./notes.md", "write"]],
    ],
    [
      "mcp__fs__move_file",
      { source: "~/a", destination: "~/.ssh/config" },
      [
        ["~/a", "write"],
        ["~/.ssh/config", "write"],
      ],
    ],
    [
      "mcp__files__get",
      { options: { files: [".env", "src/a.ts", "config/.npmrc"] } },
      [
        [".env", "read"],
        ["config/.npmrc", "read"],
      ],
    ],
    ["mcp__web__fetch", { url: "https://example.com/a/.b" }, []],
    ["mcp__github__create_issue", { title: "x", body: "see /etc/hosts" }, []],
    ["mcp__fs__writeFile", { path: "/tmp/x" }, [["/tmp/x", "write"]]],
    ["mcp__fs__readFile", { path: "/tmp/x" }, [["/tmp/x", "read"]]],
    ["mcp__notes__rewrite-notes", { path: "/tmp/x" }, [["/tmp/x", "write"]]],
    ["mcp__notes__list_notes", { dir: "~/notes" }, [["~/notes", "read"]]],
  ])("%s %j", (tool, input, expected) => {
    const found = inputPaths(tool, input);
    expect(found.words.map((w) => [w, found.mode])).toEqual(expected);
    expect(found.truncated).toBe(false);
  });

  test.each([
    ["mcp__filesystem__read_file", false],
    ["mcp__files__get", false],
    ["mcp__notes__list_notes", false],
    ["mcp__fs__write_file", false],
    ["mcp__tools__process_file", true],
    ["mcp__x__y", true],
    ["mcp__formatter__format", true],
  ])("%s: reads that the name does not say only look may be writes → %s", (tool, maybe) => {
    expect(inputPaths(tool, { path: "/tmp/x" }).maybeWrite).toBe(maybe);
  });

  test("a deep or wide input is bounded, and says so (what was not looked at gates as unknown)", () => {
    let deep: unknown = "/etc/shadow";
    for (let i = 0; i < 10; i++) deep = { x: deep };
    expect(inputPaths("mcp__x__y", deep)).toEqual({ mode: "read", maybeWrite: true, words: [], truncated: true });
    const wide = inputPaths("mcp__x__y", { files: Array.from({ length: 500 }, (_, i) => `/tmp/f${i}`) });
    expect(wide.words).toHaveLength(64);
    expect(wide.truncated).toBe(true);
  });
});
