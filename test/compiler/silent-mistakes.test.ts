import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileSources, compileText } from "../../compiler/index.ts";
import { runCli } from "../cli/run-cli.ts";

/** Mistakes that compiled clean and changed nothing (issue 12 §9): each is now an error that says what to write. */
function found(text: string): { code: string; at: string; hint: string }[] {
  return compileText(text, "t.yaml", { dir: "/nowhere" }).diagnostics.map((d) => ({
    code: d.code,
    at: `${d.span.line}:${d.span.column}`,
    hint: d.hint ?? "",
  }));
}

const rule = (match: string) => `version: 1\nrules:\n  - id: r\n    match: '${match}'\n    mode: block\n`;

describe("mistakes a rules file must not get away with", () => {
  it.each([
    ["an empty file", "", "RG2011", "1:1", "version: 1"],
    ["a file of comments only", "# my rules\n", "RG2011", "1:1", "version: 1"],
    ["an empty mapping", "{}\n", "RG2011", "1:1", "version: 1"],
    ["a file without version", 'permissions:\n  deny: ["bash(rm *)"]\n', "RG2004", "1:1", "version: 1"],
    ["an unclosed [ in a path pattern", 'version: 1\npermissions:\n  deny: ["read([)"]\n', "RG1009", "3:16", "\\["],
    [
      "an unclosed { in a path list",
      'version: 1\npaths:\n  credentials: [$defaults, "secrets/{a,b"]\n',
      "RG1009",
      "3:28",
      "\\{",
    ],
    ["a stray ] in a sandbox directory", 'version: 1\nsandbox:\n  directories: [".", "x]"]\n', "RG1009", "3:22", "\\]"],
    ["an unclosed ( in a path glob of matches", rule('op.path matches "src/(x"'), "RG1009", "4:30", "\\("],
    ["an unclosed [ in a path pattern inside a match", rule("read(~/[x)"), "RG1009", "4:18", "\\["],
    ["=~ for matches", rule('op.command =~ "git*"'), "RG1004", "4:24", "did you mean 'matches'?"],
    ["startswith for matches", rule('op.command startswith "git"'), "RG1005", "4:24", "did you mean 'matches'?"],
    ["&& for and", rule('op.level >= WRITE && op.tool == "bash"'), "RG1004", "4:31", "did you mean 'and'?"],
    [
      "a near miss of an operator word",
      rule('op.categories containz "git"'),
      "RG1005",
      "4:27",
      "did you mean 'contains'?",
    ],
    ["any other word after a value", rule("op.level >= WRITE DESTRUCTIVE"), "RG1005", "4:31", "operators are ==, !="],
    ["a quoted level", rule('op.level == "DESTRUCTIVE"'), "RG4003", "4:13", "write DESTRUCTIVE without quotes"],
    [
      "a quoted operation type in a list",
      rule('op.type in ["read_external"]'),
      "RG4003",
      "4:13",
      "write read_external without quotes",
    ],
  ])("reports %s", (_, text, code, at, hint) => {
    const all = found(text);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ code, at });
    expect(all[0]?.hint).toContain(hint);
  });

  it("accepts escaped brackets and well-formed globs", () => {
    expect(
      found('version: 1\npermissions:\n  deny: ["read(./\\\\[x)", "read(src/{a,b}/*.[jt]s)", "bash(echo [)"]\n'),
    ).toEqual([]);
  });

  it("lets RULEGATE_RULES_JSON, an override snippet, leave out version", () => {
    expect(compileSources({ envJson: '{"permissions":{"deny":["bash(rm *)"]}}' }).diagnostics).toEqual([]);
    expect(compileSources({ envJson: "{}" }).diagnostics).toEqual([]);
  });
});

describe("rule examples with other errors in the file", () => {
  const dir = mkdtempSync(join(tmpdir(), "rulegate-examples-"));

  it("are still checked for every rule whose match compiled (RG6001), in reading order", async () => {
    const path = join(dir, "rules.yaml");
    writeFileSync(
      path,
      [
        "version: 1",
        "permissions:",
        '  deny: ["bahs(terraform apply*)"]',
        "rules:",
        "  - id: shell-only",
        '    match: op.tool == "bash"',
        "    mode: block",
        "    examples:",
        '      hit: ["read(./x)"]',
        "  - id: broken",
        '    match: op.tool == "bsh"',
        "    mode: block",
        "    examples:",
        '      hit: ["read(./y)"]',
        "",
      ].join("\n"),
    );
    const r = await runCli(["compile", "--check", path]);
    expect(r.code).toBe(3);
    const lines = r.stderr
      .split("\n")
      .filter((l) => / error RG\d{4}:/.test(l))
      .map((l) => l.replace(`${path}:`, ""));
    expect(lines.map((l) => l.slice(0, l.indexOf(":", l.indexOf("RG")) + 0))).toEqual([
      "3:11: error RG4009",
      "9:14: error RG6001",
      "11:23: error RG4009",
    ]);
    expect(lines[1]).toContain("rule 'shell-only' lists 'read(./x)' as a hit example");
  });
});
