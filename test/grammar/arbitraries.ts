import fc from "fast-check";
import type { CmpOp, Expr, Literal } from "../../grammar/index.ts";

/** Random rule expressions as ASTs (ranges are dummies) and a printer that writes them back as text. */

const KEYWORDS = [
  "and",
  "or",
  "not",
  "in",
  "contains",
  "matches",
  "under",
  "true",
  "false",
  "seen",
  "count",
  "op",
  "session",
];
const NO_AT = { start: 0, end: 0 };

const name = fc.stringMatching(/^[a-z_][a-z0-9_]{0,7}$/).filter((s) => !KEYWORDS.includes(s));
const toolName = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_*-]{0,9}$/).filter((s) => !KEYWORDS.includes(s));
/** Spec text whose parentheses balance outside quotes, with quotes and escapes that hide parentheses. */
export const specText = fc
  .array(
    fc.constantFrom(
      "git",
      "push",
      " ",
      "*",
      ":*",
      "(a b)",
      "((x))",
      '"x)"',
      "'(y'",
      "\\)",
      "--force",
      "~/.ssh/**",
      "domain:example.com",
      '"it\'s"',
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(""));
const stringValue = fc.string({ maxLength: 12 });

const literal: fc.Arbitrary<Literal> = fc.oneof(
  stringValue.map((value): Literal => ({ type: "string", value })),
  fc.integer({ min: -999, max: 999 }).map((value): Literal => ({ type: "number", value })),
  fc.boolean().map((value): Literal => ({ type: "bool", value })),
  name.map((value): Literal => ({ type: "enum", value })),
);

const field: fc.Arbitrary<Expr> = fc.oneof(
  fc
    .array(fc.oneof(name, fc.constantFrom(...KEYWORDS)), { minLength: 1, maxLength: 3 })
    .map((rest): Expr => ({ kind: "field", path: ["op", ...rest], at: NO_AT })),
  name.map((n): Expr => ({ kind: "field", path: ["session", n], at: NO_AT })),
);

const pattern: fc.Arbitrary<Expr> = fc.record({ tool: toolName, spec: specText }).map(
  ({ tool, spec }): Expr => ({
    kind: "pattern",
    pattern: { tool, spec, at: NO_AT, toolAt: NO_AT, specAt: NO_AT },
    at: NO_AT,
  }),
);

const leaf: fc.Arbitrary<Expr> = fc.oneof(
  literal.map((value): Expr => ({ kind: "lit", value, at: NO_AT })),
  field,
  pattern,
);
const list: fc.Arbitrary<Expr> = fc
  .array(leaf, { maxLength: 3 })
  .map((items): Expr => ({ kind: "list", items, at: NO_AT }));
const value: fc.Arbitrary<Expr> = fc.oneof({ weight: 4, arbitrary: leaf }, { weight: 1, arbitrary: list });

export const expr: fc.Arbitrary<Expr> = fc.letrec<{ e: Expr }>((tie) => ({
  e: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    value,
    fc
      .record({ op: fc.constantFrom<CmpOp>("==", "!=", "<", "<=", ">", ">="), left: value, right: value })
      .map((r): Expr => ({ kind: "cmp", ...r, at: NO_AT })),
    fc.record({ negated: fc.boolean(), left: value, right: value }).map((r): Expr => ({ kind: "in", ...r, at: NO_AT })),
    fc.record({ left: value, right: value }).map((r): Expr => ({ kind: "contains", ...r, at: NO_AT })),
    fc
      .record({ left: value, glob: stringValue })
      .map((r): Expr => ({ kind: "matches", ...r, globAt: NO_AT, at: NO_AT })),
    fc
      .record({ left: value, prefix: stringValue })
      .map((r): Expr => ({ kind: "under", ...r, prefixAt: NO_AT, at: NO_AT })),
    tie("e").map((e): Expr => ({ kind: "not", expr: e, at: NO_AT })),
    fc
      .record({
        kind: fc.constantFrom<"and" | "or">("and", "or"),
        items: fc.array(tie("e"), { minLength: 2, maxLength: 3 }),
      })
      .map((r): Expr => ({ ...r, at: NO_AT })),
    fc
      .record({ kind: fc.constantFrom<"seen" | "count">("seen", "count"), expr: tie("e") })
      .map((r): Expr => ({ ...r, at: NO_AT })),
  ),
})).e;

function quote(s: string): string {
  return `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** Writes an expression back as text, parenthesising every compound operand so the tree is unambiguous. */
export function print(e: Expr): string {
  const p = (x: Expr): string =>
    ["and", "or", "not", "cmp", "in", "contains", "matches", "under"].includes(x.kind) ? `(${print(x)})` : print(x);
  switch (e.kind) {
    case "and":
    case "or":
      return e.items.map(p).join(` ${e.kind} `);
    case "not":
      return `not ${p(e.expr)}`;
    case "cmp":
      return `${p(e.left)} ${e.op} ${p(e.right)}`;
    case "in":
      return `${p(e.left)} ${e.negated ? "not in" : "in"} ${p(e.right)}`;
    case "contains":
      return `${p(e.left)} contains ${p(e.right)}`;
    case "matches":
      return `${p(e.left)} matches ${quote(e.glob)}`;
    case "under":
      return `${p(e.left)} under ${quote(e.prefix)}`;
    case "field":
      return e.path.join(".");
    case "lit":
      return e.value.type === "string" ? quote(e.value.value) : String(e.value.value);
    case "list":
      return `[${e.items.map(p).join(", ")}]`;
    case "pattern":
      return `${e.pattern.tool}(${e.pattern.spec ?? ""})`;
    case "seen":
    case "count":
      return `${e.kind}(${print(e.expr)})`;
  }
}

/** Strings made of the grammar's own tokens in random order: near misses that exercise recovery. */
export const grammarShaped: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        "and",
        "or",
        "not",
        "in",
        "contains",
        "matches",
        "under",
        "true",
        "false",
        "seen",
        "count",
        "op",
        "session",
        "(",
        ")",
        "[",
        "]",
        ",",
        ".",
        "==",
        "!=",
        "<",
        "<=",
        ">",
        ">=",
        '"',
        "'",
        "\\",
        "bash(",
        "read(",
        "mcp__x__*(",
        "op.type",
        "op.args.key",
        "session.mode",
        "DESTRUCTIVE",
        "read_external",
        '"s"',
        "'t'",
        "42",
        "-1.5",
        "@",
        "#",
        "\n",
        "<!--",
        "-->",
        "@safety",
        "READ",
      ),
      name,
    ),
    { maxLength: 14 },
  )
  .chain((parts) =>
    fc
      .array(fc.constantFrom("", " ", "  "), { minLength: parts.length, maxLength: parts.length })
      .map((gaps) => parts.map((p, i) => p + (gaps[i] ?? "")).join("")),
  );
