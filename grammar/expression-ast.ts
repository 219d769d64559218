import type { IToken } from "chevrotain";
import type { Range } from "../core/index.ts";
import type { CmpOp, Expr, PatternAst } from "./ast.ts";
import type * as C from "./expression-cst.ts";
import { stringValue } from "./literals.ts";
import { span, tokenRange } from "./token-range.ts";

/**
 * The CST → AST visitor of rule expressions: one typed function per grammar rule. After a syntax error
 * recovery may leave nodes incomplete; a function then returns null for what it cannot build, and the
 * callers keep what they can (a partial tree), so building never throws. The generated CST types call
 * some children required; a recovered node can still lack them, hence `first(…)` and `?? []` throughout.
 */

function first<T>(items: readonly T[] | undefined): T | undefined {
  return items?.[0];
}

export function expressionAst(node: C.ExpressionCstNode | undefined): Expr | null {
  return node === undefined ? null : orExpression(first(node.children.orExpression));
}

function orExpression(node: C.OrExpressionCstNode | undefined): Expr | null {
  if (node === undefined) return null;
  return nary(
    "or",
    (node.children.operands ?? []).map((n) => andExpression(n)),
  );
}

function andExpression(node: C.AndExpressionCstNode | undefined): Expr | null {
  if (node === undefined) return null;
  return nary(
    "and",
    (node.children.operands ?? []).map((n) => notExpression(n)),
  );
}

function nary(kind: "and" | "or", built: readonly (Expr | null)[]): Expr | null {
  const items = built.filter((e): e is Expr => e !== null);
  const head = items[0];
  const last = items[items.length - 1];
  if (head === undefined || last === undefined) return null;
  return items.length === 1 ? head : { kind, items, at: span(head.at, last.at) };
}

function notExpression(node: C.NotExpressionCstNode | undefined): Expr | null {
  if (node === undefined) return null;
  const { Not, notExpression: inner, test: t } = node.children;
  const notAt = tokenRange(first(Not));
  if (notAt === null) return test(first(t));
  const expr = notExpression(first(inner));
  return expr === null ? null : { kind: "not", expr, at: span(notAt, expr.at) };
}

function test(node: C.TestCstNode | undefined): Expr | null {
  if (node === undefined) return null;
  const c = node.children;
  const left = value(first(c.left));
  if (left === null) return null;
  if (c.CmpOperator !== undefined) {
    const right = value(first(c.right));
    const op = first(c.CmpOperator)?.image as CmpOp;
    return right === null ? null : { kind: "cmp", op, left, right, at: span(left.at, right.at) };
  }
  if (c.In !== undefined) {
    const right = value(first(c.right));
    return right === null
      ? null
      : { kind: "in", negated: c.Not !== undefined, left, right, at: span(left.at, right.at) };
  }
  if (c.Contains !== undefined) {
    const right = value(first(c.right));
    return right === null ? null : { kind: "contains", left, right, at: span(left.at, right.at) };
  }
  if (c.Matches !== undefined || c.Under !== undefined) {
    const glob = first(c.glob);
    const globAt = tokenRange(glob);
    if (glob === undefined || globAt === null) return null;
    const { value: text, contentAt } = stringValue(glob);
    const at = span(left.at, globAt);
    return c.Matches !== undefined
      ? { kind: "matches", left, glob: text, globAt: contentAt, at }
      : { kind: "under", left, prefix: text, prefixAt: contentAt, at };
  }
  return left;
}

function value(node: C.ValueCstNode | undefined): Expr | null {
  if (node === undefined) return null;
  const c = node.children;
  const token = c.StringLiteral ?? c.NumberLiteral ?? c.True ?? c.False ?? c.Identifier;
  if (token !== undefined) return literal(c, first(token));
  if (c.field !== undefined) return field(first(c.field));
  if (c.call !== undefined) return call(first(c.call));
  if (c.pattern !== undefined) {
    const p = patternAst(first(c.pattern));
    return p === null ? null : { kind: "pattern", pattern: p, at: p.at };
  }
  if (c.list !== undefined) return list(first(c.list));
  return parenthesized(first(c.parenthesized));
}

function literal(c: C.ValueCstChildren, token: IToken | undefined): Expr | null {
  const at = tokenRange(token);
  if (token === undefined || at === null) return null;
  if (c.StringLiteral !== undefined)
    return { kind: "lit", value: { type: "string", value: stringValue(token).value }, at };
  if (c.NumberLiteral !== undefined) return { kind: "lit", value: { type: "number", value: Number(token.image) }, at };
  if (c.Identifier !== undefined) return { kind: "lit", value: { type: "enum", value: token.image }, at };
  return { kind: "lit", value: { type: "bool", value: c.True !== undefined }, at };
}

function field(node: C.FieldCstNode | undefined): Expr | null {
  if (node === undefined) return null;
  const root = first(node.children.root);
  const rootAt = tokenRange(root);
  if (root === undefined || rootAt === null) return null;
  const path = [root.image];
  let at: Range = rootAt;
  for (const seg of node.children.segments ?? []) {
    const segAt = tokenRange(seg);
    if (segAt === null) return null;
    path.push(seg.image);
    at = span(rootAt, segAt);
  }
  return path.length < 2 ? null : { kind: "field", path, at };
}

function call(node: C.CallCstNode | undefined): Expr | null {
  if (node === undefined) return null;
  const callee = first(node.children.callee);
  const from = tokenRange(callee);
  const to = tokenRange(first(node.children.RParen));
  const expr = orExpression(first(node.children.orExpression));
  if (callee === undefined || from === null || to === null || expr === null) return null;
  return { kind: callee.image === "seen" ? "seen" : "count", expr, at: span(from, to) };
}

function list(node: C.ListCstNode | undefined): Expr | null {
  if (node === undefined) return null;
  const from = tokenRange(first(node.children.LBracket));
  const to = tokenRange(first(node.children.RBracket));
  if (from === null || to === null) return null;
  const items = (node.children.items ?? []).map((n) => value(n));
  if (items.some((e) => e === null)) return null;
  return { kind: "list", items: items as Expr[], at: span(from, to) };
}

/** Parentheses leave no node of their own; the inner expression's range grows to include them. */
function parenthesized(node: C.ParenthesizedCstNode | undefined): Expr | null {
  if (node === undefined) return null;
  const from = tokenRange(first(node.children.LParen));
  const to = tokenRange(first(node.children.RParen));
  const inner = orExpression(first(node.children.orExpression));
  if (from === null || to === null || inner === null) return inner;
  return { ...inner, at: span(from, to) };
}

export function patternAst(node: C.PatternCstNode | undefined): PatternAst | null {
  if (node === undefined) return null;
  const open = first(node.children.ToolOpen);
  const openAt = tokenRange(open);
  const closeAt = tokenRange(first(node.children.SpecClose));
  if (open === undefined || openAt === null || closeAt === null) return null;
  const toolAt = { start: openAt.start, end: openAt.end - 1 };
  const text = first(node.children.SpecText);
  const specAt = tokenRange(text) ?? { start: openAt.end, end: openAt.end };
  return { tool: open.image.slice(0, -1), spec: text?.image ?? "", at: span(openAt, closeAt), toolAt, specAt };
}

export function standalonePatternAst(node: C.StandalonePatternCstNode | undefined): PatternAst | null {
  if (node === undefined) return null;
  const { pattern, ToolName } = node.children;
  if (pattern !== undefined) return patternAst(first(pattern));
  const name = first(ToolName);
  const at = tokenRange(name);
  if (name === undefined || at === null) return null;
  return { tool: name.image, spec: null, at, toolAt: at, specAt: null };
}
