import { describe, expect, it } from "vitest";
import { compileText } from "../../compiler/index.ts";
import { checkExamples } from "../../runtime/examples/index.ts";
import { loadShellAnalyzer } from "../../runtime/shell/index.ts";

/** Tool names a policy writes must name a tool that can exist: a misspelt one would never apply (issue 12 §8). */
function diagnostics(text: string, trust: "trusted" | "project" = "trusted"): string[] {
  return compileText(text, "t.yaml", { dir: "/nowhere", trust }).diagnostics.map(
    (d) => `${d.code}@${d.span.line}:${d.span.column} ${d.hint ?? ""}`,
  );
}

const rule = (match: string, extra = "") =>
  `version: 1\nrules:\n  - id: r\n    match: '${match}'\n    mode: block\n${extra}`;

describe("tool names in a policy", () => {
  it.each([
    ["a deny pattern", 'version: 1\npermissions:\n  deny: ["bahs(terraform apply*)"]\n', "RG4009@3:11", "'bash'"],
    ["a path pattern", 'version: 1\npermissions:\n  deny: ["raed(~/.ssh/**)"]\n', "RG4009@3:11", "'read'"],
    ["an allow pattern", 'version: 1\npermissions:\n  allow: ["Wirte(./src/**)"]\n', "RG4009@3:12", "'write'"],
    ["op.tool == in a match", rule('op.tool == "bsh"'), "RG4009@4:24", "'bash'"],
    ["a list of op.tool in", rule('op.tool in ["read", "gerp"]'), "RG4009@4:33", "'grep'"],
    ["a bare name compared with op.tool", rule("op.tool != Wrte"), "RG4009@4:24", "'write'"],
    ["a pattern inside a match", rule("bsh(git push*) and op.level >= WRITE"), "RG4009@4:13", "'bash'"],
    [
      "a pattern inside after",
      `version: 1\nrules:\n  - id: r\n    after: seen(WebFecth(domain:x.example))\n    match: op.type == write_local\n    mode: block\n`,
      "RG4009@4:17",
      "'webfetch'",
    ],
    [
      "a rule example",
      rule('op.tool == "write"', '    examples:\n      hit: ["wirte(./z)"]\n'),
      "RG4009@7:14",
      "'write'",
    ],
    ["read_only_tools", "version: 1\nread_only_tools: [$defaults, gerp]\n", "RG4009@2:30", "'grep'"],
    [
      "an MCP name without its tool part",
      'version: 1\npermissions:\n  deny: ["mcp__github"]\n',
      "RG4009@3:11",
      "mcp__github__*",
    ],
    ["a tool glob that matches no tool", 'version: 1\npermissions:\n  ask: ["bsh*(x)"]\n', "RG4010@3:10", "'bash'"],
    [
      "a tool glob over an alias (globs see canonical names)",
      'version: 1\npermissions:\n  ask: ["Glob*(x)"]\n',
      "RG4010@3:10",
      "'glob' is 'find'",
    ],
    ["op.tool matches a glob no tool has", rule('op.tool matches "rd*"'), "RG4010@4:30", "'read'"],
  ])("rejects an unknown tool in %s, with a did-you-mean", (_, text, at, hint) => {
    const found = diagnostics(text);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(at);
    expect(found[0]).toContain(hint);
  });

  it.each([
    [
      "Claude Code names and aliases in any case",
      'deny: ["Bash(rm *)", "MultiEdit(x)", "NotebookEdit(x)", "GLOB(x)", "LS(x)", "WebSearch(x)"]',
    ],
    ["pi names", 'deny: ["bash(rm *)", "find(x)", "ls(x)", "grep(x)", "edit(x)"]'],
    ["MCP tools and MCP globs", 'deny: ["mcp__github__create_issue(*x*)", "mcp__github__*(*x*)", "mcp*(*x*)"]'],
    ["tool globs that match a tool", 'deny: ["Bash*(rm *)", "Web*(domain:x.example)", "?s(x)"]'],
  ])("accepts %s", (_, permissions) => {
    expect(diagnostics(`version: 1\npermissions:\n  ${permissions}\n`).filter((d) => d.startsWith("RG40"))).toEqual([]);
  });

  it("knows the tools a policy declares under skills, in any case", () => {
    const text = `version: 1\nskills:\n  - tool: deploy_service\n    default: DESTRUCTIVE\npermissions:\n  deny: ["Deploy_Service(*prod*)", "deploy*(*x*)"]\nread_only_tools: [$defaults, deploy_service]\n`;
    expect(diagnostics(text)).toEqual([]);
    expect(diagnostics(text.replace("tool: deploy_service", "tool: other"))).toHaveLength(3);
  });

  it("accepts any name with settings.unknown_tools: allow-names, and keeps the setting in the IR", () => {
    const text =
      'version: 1\nsettings:\n  unknown_tools: allow-names\npermissions:\n  deny: ["my_tool(x)", "bsh*(x)"]\n';
    const r = compileText(text, "t.yaml", { dir: "/nowhere" });
    expect(r.diagnostics).toEqual([]);
    expect(r.policy?.settings.unknownTools).toBe("allow-names");
    expect(diagnostics(text.replace("allow-names", "allow-all"))[0]).toContain("RG2006@3:18");
  });

  it("does not let a project file accept unknown names", () => {
    expect(diagnostics("version: 1\nsettings:\n  unknown_tools: allow-names\n", "project")[0]).toContain("RG3004@3:18");
  });

  it('compares op.tool with the canonical name, as calls are named (op.tool == "Bash" applies to a Bash call)', async () => {
    const text = rule(
      'op.tool == "Bash" or op.tool in ["Glob"] or op.tool matches "Web*"',
      '    examples:\n      hit: ["Bash(ls)", "Glob(./src)", "WebFetch(https://x.example)"]\n      miss: ["Read(./a)"]\n',
    );
    const r = compileText(text, "t.yaml", { dir: "/nowhere" });
    expect(r.diagnostics).toEqual([]);
    if (r.policy === null) throw new Error("no policy");
    expect(checkExamples(r.policy, await loadShellAnalyzer())).toEqual([]);
  });
});
