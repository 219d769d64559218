import { describe, expect, it } from "vitest";
import { parsePattern, type PatternAst } from "../../grammar/index.ts";

describe("parsePattern", () => {
  it.each([
    ["Bash", "Bash", null],
    ["WebFetch", "WebFetch", null],
    ["mcp__github__*", "mcp__github__*", null],
    ["mcp__my-server__do?", "mcp__my-server__do?", null],
    ["bash(npm test)", "bash", "npm test"],
    ["bash(npm run lint:*)", "bash", "npm run lint:*"],
    ["bash(git push --force*)", "bash", "git push --force*"],
    ["read(~/.ssh/**)", "read", "~/.ssh/**"],
    ["WebFetch(domain:example.com)", "WebFetch", "domain:example.com"],
    ['bash(echo "a)b")', "bash", 'echo "a)b"'],
    ["bash(echo 'a)b')", "bash", "echo 'a)b'"],
    ["bash(echo \\))", "bash", "echo \\)"],
    ["bash(f() { :; })", "bash", "f() { :; }"],
    ["bash($(date) (x))", "bash", "$(date) (x)"],
    ["bash(echo 'it''s)')", "bash", "echo 'it''s)'"],
    ["bash()", "bash", ""],
    ["  bash(x)  ", "bash", "x"],
  ])("reads %s as tool %s with spec %s", (text, tool, spec) => {
    const r = parsePattern(text);
    expect(r.errors).toEqual([]);
    expect(r.value?.tool).toBe(tool);
    expect(r.value?.spec).toBe(spec);
  });

  it.each<[string, PatternAst]>([
    ["Bash", { tool: "Bash", spec: null, at: { start: 0, end: 4 }, toolAt: { start: 0, end: 4 }, specAt: null }],
    [
      " bash(git push*) ",
      {
        tool: "bash",
        spec: "git push*",
        at: { start: 1, end: 16 },
        toolAt: { start: 1, end: 5 },
        specAt: { start: 6, end: 15 },
      },
    ],
    [
      "bash()",
      { tool: "bash", spec: "", at: { start: 0, end: 6 }, toolAt: { start: 0, end: 4 }, specAt: { start: 5, end: 5 } },
    ],
  ])("locates the parts of %j", (text, ast) => {
    expect(parsePattern(text)).toEqual({ value: ast, errors: [] });
  });

  it("keeps the spec text verbatim so it can be sliced back from the input", () => {
    const text = 'bash(printf "%s\\n" \'(\' "a\\")")';
    const p = parsePattern(text).value;
    expect(p?.spec).toBe('printf "%s\\n" \'(\' "a\\")"');
    expect(p?.specAt === null || p?.specAt === undefined ? null : text.slice(p.specAt.start, p.specAt.end)).toBe(
      p?.spec,
    );
  });
});
