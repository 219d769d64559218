import { describe, expect, it } from "vitest";
import { CATALOG } from "../../core/catalog.ts";
import { parseExpression, parsePattern, type SyntaxError } from "../../grammar/index.ts";
import { OPERATOR_LIST } from "../../grammar/operator-hints.ts";

type Case = readonly [what: string, text: string, errors: readonly SyntaxError[]];

const at = (start: number, end: number) => ({ start, end });

const EXPRESSION_ERRORS: readonly Case[] = [
  [
    "an unterminated double-quoted string",
    'op.path matches "**/SKILL.md',
    [{ code: "RG1002", args: {}, at: at(16, 28) }],
  ],
  ["an unterminated single-quoted string", "op.x == 'a\\'", [{ code: "RG1002", args: {}, at: at(8, 12) }]],
  [
    "a pattern missing its )",
    "op.x == 1 or bash(git push -f",
    [{ code: "RG1003", args: { tool: "bash" }, at: at(13, 29) }],
  ],
  ["a pattern whose ) is inside quotes", 'bash(echo ")"', [{ code: "RG1003", args: { tool: "bash" }, at: at(0, 13) }]],
  [
    "a comparison with no value",
    "op.type ==",
    [{ code: "RG1001", args: { found: "end of input", expected: "a value" }, at: at(10, 10) }],
  ],
  [
    "a comparison with no value before trailing blanks",
    "op.type ==  \n",
    [{ code: "RG1001", args: { found: "end of input", expected: "a value" }, at: at(10, 10) }],
  ],
  [
    "an operator where a value belongs",
    "op.type == == x",
    [{ code: "RG1001", args: { found: "'=='", expected: "a value" }, at: at(11, 13) }],
  ],
  ["trailing garbage", "op.type in [a,\n b] )", [{ code: "RG1005", args: { found: "')'" }, at: at(19, 20) }]],
  ["several trailing tokens", "a b c", [{ code: "RG1005", args: { found: "'b'" }, at: at(2, 5), hint: OPERATOR_LIST }]],
  // A foreign operator gets its replacement; the operand after it is no second mistake.
  [
    "an unknown character",
    "op.x == 1 & op.y == 2",
    [{ code: "RG1004", args: { char: "&" }, at: at(10, 11), hint: "did you mean 'and'?" }],
  ],
  ["a run of unknown characters", "a §§ ", [{ code: "RG1004", args: { char: "§§" }, at: at(2, 4) }]],
  ["an empty expression", "  ", [{ code: "RG1006", args: {}, at: at(0, 2) }]],
  [
    "a glob that is not a string",
    "op.path matches 3",
    [{ code: "RG1001", args: { found: "'3'", expected: "a string" }, at: at(16, 17) }],
  ],
  [
    "in without a right side",
    "op.type not in",
    [{ code: "RG1001", args: { found: "end of input", expected: "a value" }, at: at(14, 14) }],
  ],
  [
    "a list missing its comma",
    "op.type in [a b]",
    [{ code: "RG1001", args: { found: "'b'", expected: "',' or ']'" }, at: at(14, 15) }],
  ],
  [
    "a field without a name",
    "op.",
    [{ code: "RG1001", args: { found: "end of input", expected: "a field name" }, at: at(3, 3) }],
  ],
  [
    "a bare op",
    "op == 1",
    [{ code: "RG1001", args: { found: "'=='", expected: "'.' and a field name" }, at: at(3, 5) }],
  ],
  [
    "an unclosed history call",
    "seen(op.x == 1",
    [{ code: "RG1001", args: { found: "end of input", expected: "')'" }, at: at(14, 14) }],
  ],
  [
    "an unclosed parenthesis",
    "(a or b",
    [{ code: "RG1001", args: { found: "end of input", expected: "')'" }, at: at(7, 7) }],
  ],
  ["a lone not", "not", [{ code: "RG1001", args: { found: "end of input", expected: "a value" }, at: at(3, 3) }]],
];

describe("parseExpression errors", () => {
  it.each(EXPRESSION_ERRORS)("reports %s with its code and exact range", (_what, text, errors) => {
    expect(parseExpression(text).errors).toEqual(errors);
  });

  it("reports several errors of one input together, in order", () => {
    const r = parseExpression('op.type == and session.mode == or "abc');
    expect(r.errors).toEqual([
      { code: "RG1001", args: { found: "'and'", expected: "a value" }, at: at(11, 14) },
      { code: "RG1001", args: { found: "'or'", expected: "a value" }, at: at(31, 33) },
      { code: "RG1002", args: {}, at: at(34, 38) },
    ]);
  });

  it("reports an unknown character and a missing value in the same run", () => {
    const r = parseExpression("op.x == # and op.y ==");
    expect(r.errors.map((e) => [e.code, e.at.start])).toEqual([
      ["RG1004", 8],
      ["RG1001", 10],
      ["RG1001", 21],
    ]);
  });

  it.each(EXPRESSION_ERRORS)("fills every placeholder of the catalog message for %s", (_what, text) => {
    for (const e of parseExpression(text).errors) {
      const names = [...CATALOG[e.code].message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(Object.keys(e.args).sort()).toEqual([...names].sort());
    }
  });

  it.each(EXPRESSION_ERRORS)("names tokens in words, never by token type, for %s", (_what, text) => {
    for (const e of parseExpression(text).errors) {
      expect(Object.values(e.args).join(" ")).not.toMatch(
        /StringLiteral|NumberLiteral|Identifier|RParen|RBracket|SpecClose|EOF/,
      );
    }
  });
});

describe("parsePattern errors", () => {
  it.each([
    ["a pattern missing its )", "bash(git push -f", { code: "RG1003", args: { tool: "bash" }, at: at(0, 16) }],
    ["a missing ) after nested parentheses", "  bash(a (b)", { code: "RG1003", args: { tool: "bash" }, at: at(2, 12) }],
    ["text after the pattern", " bash(x) y ", { code: "RG1007", args: { text: "bash(x) y" }, at: at(1, 10) }],
    ["a space between tool and (", "bash (x)", { code: "RG1007", args: { text: "bash (x)" }, at: at(0, 8) }],
    ["two tools", "Bash Read", { code: "RG1007", args: { text: "Bash Read" }, at: at(0, 9) }],
    ["a character that starts no tool", "!bash", { code: "RG1007", args: { text: "!bash" }, at: at(0, 5) }],
    ["an empty string", "", { code: "RG1007", args: { text: "" }, at: at(0, 0) }],
  ] as const)("reports %s", (_what, text, error) => {
    expect(parsePattern(text)).toEqual({ value: null, errors: [error] });
  });
});
