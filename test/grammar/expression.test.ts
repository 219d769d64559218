import { describe, expect, it } from "vitest";
import { parseExpression, type Expr } from "../../grammar/index.ts";
import { show } from "./show.ts";

function parsed(text: string): Expr {
  const r = parseExpression(text);
  expect(r.errors).toEqual([]);
  if (r.value === null) throw new Error(`no value for ${text}`);
  return r.value;
}

describe("parseExpression shapes", () => {
  it.each([
    // precedence: not > and > or, n-ary and/or
    ["a or b and c", "(or a (and b c))"],
    ["a and b or c", "(or (and a b) c)"],
    ["a or b or c", "(or a b c)"],
    ["a and b and c and d", "(and a b c d)"],
    ["not a and b", "(and (not a) b)"],
    ["not not a", "(not (not a))"],
    ["not a or not b and c", "(or (not a) (and (not b) c))"],
    ["(a or b) and c", "(and (or a b) c)"],
    ["not (a or b)", "(not (or a b))"],
    ["((a))", "a"],
    // comparisons
    ['op.tool == "bash"', '(== op.tool "bash")'],
    ["op.type != read_local", "(!= op.type read_local)"],
    ["op.level >= DESTRUCTIVE", "(>= op.level DESTRUCTIVE)"],
    ["op.level > READ", "(> op.level READ)"],
    ["op.level <= WRITE", "(<= op.level WRITE)"],
    ["op.level < FORBIDDEN", "(< op.level FORBIDDEN)"],
    ["session.mode == plan", "(== session.mode plan)"],
    ["op.args.file_path == 'x'", '(== op.args.file_path "x")'],
    ["op.args.in == 1", "(== op.args.in 1)"],
    ["op.x == 1.5 and op.y == -2", "(and (== op.x 1.5) (== op.y -2))"],
    ["op.flag == true or op.flag == false", "(or (== op.flag true) (== op.flag false))"],
    // membership, contains, globs
    ["op.type in [write_local, write_external]", "(in op.type [write_local write_external])"],
    ["op.type not in [read_local]", "(not-in op.type [read_local])"],
    ["op.type in []", "(in op.type [])"],
    ["not op.type in [a]", "(not (in op.type [a]))"],
    ['"git" in op.categories', '(in "git" op.categories)'],
    ['op.categories contains "git"', '(contains op.categories "git")'],
    ['op.path matches "**/SKILL.md"', '(matches op.path "**/SKILL.md")'],
    ["op.path under '~/.ssh'", '(under op.path "~/.ssh")'],
    ['op.command matches "a\\"b\\\\c"', '(matches op.command "a\\"b\\\\c")'],
    // history calls
    ["seen(op.type == read_external)", "(seen (== op.type read_external))"],
    ['count(op.tool == "bash") > 2', '(> (count (== op.tool "bash")) 2)'],
    ["seen(a) and not seen(b or c)", "(and (seen a) (not (seen (or b c))))"],
    // patterns as literals
    ["bash(git push*) or op.level >= DESTRUCTIVE", "(or <bash(git push*)> (>= op.level DESTRUCTIVE))"],
    ['bash(echo "a)b")', '<bash(echo "a)b")>'],
    ["bash(echo 'a)b' (c))", "<bash(echo 'a)b' (c))>"],
    ["bash(npm run lint:*)", "<bash(npm run lint:*)>"],
    ["read(~/.ssh/**)", "<read(~/.ssh/**)>"],
    ["WebFetch(domain:example.com)", "<WebFetch(domain:example.com)>"],
    ["mcp__github__*(x)", "<mcp__github__*(x)>"],
    ["bash() and not read(a (b) c)", "(and <bash()> (not <read(a (b) c)>))"],
    ["bash(x)==true", "(== <bash(x)> true)"],
    // bare names are enum literals, keywords as calls stay keywords
    ["read_external", "read_external"],
    ["not(a)", "(not a)"],
    ["bash (x)", null],
  ])("%s parses as %s", (text, expected) => {
    const r = parseExpression(text);
    if (expected === null) {
      expect(r.errors.length).toBeGreaterThan(0);
      return;
    }
    expect(r.errors).toEqual([]);
    expect(r.value === null ? null : show(r.value)).toBe(expected);
  });
});

describe("parseExpression ranges", () => {
  it("gives every node the offsets of its text, end exclusive", () => {
    const text = 'op.type in [a, b] and op.path matches "x/*"';
    expect(parsed(text)).toEqual({
      kind: "and",
      at: { start: 0, end: 43 },
      items: [
        {
          kind: "in",
          negated: false,
          at: { start: 0, end: 17 },
          left: { kind: "field", path: ["op", "type"], at: { start: 0, end: 7 } },
          right: {
            kind: "list",
            at: { start: 11, end: 17 },
            items: [
              { kind: "lit", value: { type: "enum", value: "a" }, at: { start: 12, end: 13 } },
              { kind: "lit", value: { type: "enum", value: "b" }, at: { start: 15, end: 16 } },
            ],
          },
        },
        {
          kind: "matches",
          at: { start: 22, end: 43 },
          left: { kind: "field", path: ["op", "path"], at: { start: 22, end: 29 } },
          glob: "x/*",
          globAt: { start: 39, end: 42 },
        },
      ],
    });
  });

  it("locates the tool and the raw spec of an embedded pattern", () => {
    const text = 'x or  bash(echo "a)b")';
    const e = parsed(text);
    expect(e.kind).toBe("or");
    const p = e.kind === "or" ? e.items[1] : undefined;
    expect(p).toEqual({
      kind: "pattern",
      at: { start: 6, end: 22 },
      pattern: {
        tool: "bash",
        spec: 'echo "a)b"',
        at: { start: 6, end: 22 },
        toolAt: { start: 6, end: 10 },
        specAt: { start: 11, end: 21 },
      },
    });
  });

  it("widens a parenthesised expression to its parentheses and a not to its operand", () => {
    const e = parsed("not (a or b)");
    expect(e).toMatchObject({
      kind: "not",
      at: { start: 0, end: 12 },
      expr: { kind: "or", at: { start: 4, end: 12 } },
    });
  });

  it("unescapes string literals and keeps the range of the quoted text", () => {
    const e = parsed(String.raw`op.x == 'it\'s\n'`);
    expect(e).toMatchObject({
      right: { kind: "lit", value: { type: "string", value: "it's\n" }, at: { start: 8, end: 17 } },
    });
  });

  it("gives the content range of an under prefix", () => {
    expect(parsed('op.path under "/etc"')).toMatchObject({
      prefix: "/etc",
      prefixAt: { start: 15, end: 19 },
      at: { start: 0, end: 20 },
    });
  });
});
