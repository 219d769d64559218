import { describe, expect, it } from "vitest";
import { compileText } from "../../compiler/index.ts";
import type { Expr, Policy } from "../../compiler/ir.ts";

function compile(text: string): Policy {
  const r = compileText(text, "t.yaml", { dir: "/nowhere" });
  expect(r.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.message}`)).toEqual([]);
  if (!r.policy) throw new Error("no policy");
  return r.policy;
}

function codesOf(text: string): string[] {
  return compileText(text, "t.yaml", { dir: "/nowhere" }).diagnostics.map(
    (d) => `${d.code}@${d.span.line}:${d.span.column}`,
  );
}

const rule = (fields: string) => `version: 1\nrules:\n  - id: r\n${fields.replace(/^/gm, "    ")}\n`;

describe("compiling rules.yaml to the IR", () => {
  it("applies the SPEC defaults to an empty file", () => {
    const p = compile("version: 1\n");
    expect(p.settings).toEqual({
      default: "ask",
      fail: "deny",
      approvalTimeoutMs: 300_000,
      denialHistory: 12,
      model: { name: "claude-haiku-4-5", maxTokens: 700, timeoutMs: 20_000 },
      unknownTools: "error",
      readOnlyBash: true,
    });
    expect(p.levels.plan).toEqual({
      READ: "allow",
      WRITE: "log",
      DESTRUCTIVE: "deny",
      EXPENSIVE: "deny",
      SECURITY: "deny",
      FORBIDDEN: "deny",
    });
    expect(p.levels.act).toEqual({ DESTRUCTIVE: "ask", EXPENSIVE: "ask", SECURITY: "ask", FORBIDDEN: "deny" });
    expect(p.readOnlyTools).toEqual(["read", "grep", "find", "ls"]);
    expect(p.hash).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it.each([
    ["Bash(git push --force*)", "bash", { kind: "bash", glob: "git push --force*", prefix: false }],
    ["Bash(npm run lint:*)", "bash", { kind: "bash", glob: "npm run lint", prefix: true }],
    ["bash(git status *)", "bash", { kind: "bash", glob: "git status", prefix: true }],
    ["Read(~/.ssh/**)", "read", { kind: "path", glob: "~/.ssh/**" }],
    ["MultiEdit(src/**)", "edit", { kind: "path", glob: "src/**" }],
    ["NotebookEdit(*.ipynb)", "edit", { kind: "path", glob: "*.ipynb" }],
    ["Glob(**/*.ts)", "find", { kind: "path", glob: "**/*.ts" }],
    ["LS(/etc)", "ls", { kind: "path", glob: "/etc" }],
    ["Grep(password)", "grep", { kind: "path", glob: "password" }],
    ["WebFetch(domain:example.com)", "webfetch", { kind: "domain", domain: "example.com" }],
    ["WebFetch(https://x.example/*)", "webfetch", { kind: "url", glob: "https://x.example/*" }],
    ["WebSearch(anything)", "websearch", { kind: "json", glob: "anything" }],
    ["mcp__github__create_issue(*repo*)", "mcp__github__create_issue", { kind: "json", glob: "*repo*" }],
    ["mcp__github__*", "mcp__github__*", null],
  ])("lowers the pattern %s", (text, tool, spec) => {
    const p = compile(`version: 1\npermissions:\n  ask: ["${text}"]\n`);
    expect(p.permissions.ask[0]).toMatchObject({ text, tool, spec });
  });

  it("resolves enum names and types fields in a rule", () => {
    const p = compile(
      rule(
        "after: seen(op.type == read_external) and count(op.level >= DESTRUCTIVE) > 2\nmatch: op.type in [write_local]\nmode: approve",
      ),
    );
    const r = p.rules[0];
    expect(r?.activation.kind).toBe("history");
    const hist = r?.activation.kind === "history" ? r.activation.expr : null;
    expect(hist?.kind).toBe("and");
    const ids =
      hist?.kind === "and"
        ? hist.items.map((e: Expr) =>
            e.kind === "seen" ? e.id : e.kind === "cmp" && e.left.kind === "count" ? e.left.id : -1,
          )
        : [];
    expect(ids).toEqual([0, 1]);
    expect(r?.scope).toMatchObject({
      kind: "in",
      left: { kind: "field", path: ["op", "type"], type: "optype" },
      right: { kind: "list", items: [{ kind: "lit", value: "write_local", type: "optype" }] },
    });
  });

  it("turns a plain-English trigger into a model activation with a text hash", () => {
    const p = compile(rule('trigger: "the agent read customer data"\nmatch: op.type == write_external\nmode: approve'));
    expect(p.rules[0]?.activation).toMatchObject({
      kind: "model",
      text: "the agent read customer data",
      textHash: expect.stringMatching(/^sha256:/),
    });
  });

  it("keeps rule examples as calls in pattern form", () => {
    const p = compile(
      rule(
        'match: op.type == execute\nmode: approve\nexamples:\n  hit: ["Bash(npm install x)"]\n  miss: ["read(./README.md)"]',
      ),
    );
    expect(p.rules[0]?.examples?.hit[0]).toMatchObject({
      tool: "bash",
      arg: "npm install x",
      span: { line: 7, column: 14 },
    });
    expect(p.rules[0]?.examples?.miss[0]).toMatchObject({ tool: "read", arg: "./README.md" });
  });

  it.each([
    ["an unknown field", rule("match: op.typ == execute\nmode: log"), ["RG4001@4:12"]],
    ["a misspelt operation type", rule("match: op.type == read_externall\nmode: log"), ["RG4002@4:23"]],
    ["a level compared with a number", rule("match: op.level >= 3\nmode: log"), ["RG4003@4:12"]],
    ["an operation type ordered against a level", rule("match: op.type >= WRITE\nmode: log"), ["RG4003@4:12"]],
    ["seen outside after", rule("match: seen(op.type == execute)\nmode: log"), ["RG4005@4:12"]],
    ["neither match nor effect", rule("mode: log"), ["RG5003@3:9"]],
    [
      "trigger with after",
      rule('trigger: "x happened"\nafter: seen(op.type == execute)\nmatch: op.type == execute\nmode: log'),
      ["RG5004@4:5"],
    ],
    ["a plain-English rule without match", rule('effect: "anything rude"\nmode: approve'), ["RG5007@3:9"]],
    [
      "an id that is not kebab-case",
      "version: 1\nrules:\n  - id: Bad_Id\n    match: op.type == execute\n    mode: log\n",
      ["RG5002@3:9"],
    ],
    ["an unknown hard-deny check", "version: 1\nhard_deny: [$defaults, fork-bom]\n", ["RG5005@2:24"]],
    ["a pattern that matches everything", 'version: 1\npermissions:\n  allow: ["Bash"]\n', ["RG5008@3:12"]],
  ])("reports %s", (_name, text, expected) => {
    expect(codesOf(text)).toEqual(expected);
  });

  it("points a duplicate id at both places", () => {
    const r = compileText(
      "version: 1\nrules:\n  - { id: a, match: op.type == execute, mode: log }\n  - { id: a, match: op.type == execute, mode: log }\n",
      "t.yaml",
      { dir: "/nowhere" },
    );
    const d = r.diagnostics.find((x) => x.code === "RG5001");
    expect([d?.span.line, d?.related?.[0]?.line]).toEqual([4, 3]);
  });

  it("does not report a rule as unreachable when the deny pattern is only similar", () => {
    expect(
      codesOf(
        'version: 1\npermissions:\n  deny: ["bash(git push --force*)"]\nrules:\n  - { id: a, match: "bash(git push*)", mode: approve }\n',
      ),
    ).toEqual([]);
  });

  it("reports a rule as unreachable when permissions.deny already denies its whole match", () => {
    expect(
      codesOf(
        'version: 1\npermissions:\n  deny: ["Bash"]\nrules:\n  - { id: a, match: "bash(git push*) and op.level >= WRITE", mode: approve }\n',
      ),
    ).toEqual(["RG5008@3:11", "RG5006@5:5"]);
  });

  it("yields no policy when there is an error, and a policy with only warnings", () => {
    expect(compileText("version: 2\n", "t.yaml").policy).toBeNull();
    expect(compileText('version: 1\npermissions:\n  allow: ["bash(*)"]\n', "t.yaml").policy).not.toBeNull();
  });
});
