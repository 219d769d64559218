import { isAbsolute, resolve } from "node:path";
import picomatch from "picomatch";
import type { Expr, Value } from "../../compiler/index.ts";
import { assertNever, ownEntry } from "../../core/index.ts";
import { starGlob } from "../match/index.ts";
import type { EvalContext } from "./evaluate.ts";
import { argValue, equal, normalizePrefix, ordered, rank, type V } from "./values.ts";

/**
 * The reference interpreter: re-dispatches over the IR on every call. The runtime evaluates through
 * closures compiled once per node (compile.ts); this stays only as the other side of their differential test.
 */
export function holdsByInterpretation(expr: Expr, ctx: EvalContext): boolean {
  return value(expr, ctx) === true;
}

const holds = holdsByInterpretation;

function value(e: Expr, ctx: EvalContext): V {
  switch (e.kind) {
    case "and":
      for (const item of e.items) if (!holds(item, ctx)) return false;
      return true;
    case "or":
      for (const item of e.items) if (holds(item, ctx)) return true;
      return false;
    case "not":
      return !holds(e.expr, ctx);
    case "cmp":
      return compare(e, ctx);
    case "in":
      return membership(e.left, e.right, ctx) !== e.negated;
    case "contains":
      return contains(value(e.left, ctx), value(e.right, ctx));
    case "matches":
      return anyString(value(e.left, ctx), globOf(e, e.left));
    case "under": {
      const v = value(e.left, ctx);
      // Most operations have no path: do not resolve the prefix for nothing.
      return v === null || (Array.isArray(v) && v.length === 0) ? false : anyString(v, underOf(e.prefix, ctx));
    }
    case "field":
      return field(e.path, ctx);
    case "lit":
      return e.value;
    case "list":
      return e.items.map((i) => value(i, ctx)).filter((v): v is Value => v !== null);
    case "pattern":
      return ctx.patternHits(e.pattern, ctx.op);
    case "seen":
    case "count": {
      const h = ctx.history?.[e.id];
      if (h === undefined) throw new Error(`history node ${e.id} evaluated without its monitor`);
      return h;
    }
    default:
      return assertNever(e, "expression");
  }
}

const isOpType = (e: Expr) => e.kind === "field" && e.path.length === 2 && e.path[0] === "op" && e.path[1] === "type";

function compare(e: Extract<Expr, { kind: "cmp" }>, ctx: EvalContext): boolean {
  if ((e.op === "==" || e.op === "!=") && (isOpType(e.left) || isOpType(e.right))) {
    const other = value(isOpType(e.left) ? e.right : e.left, ctx);
    const any = ctx.op.types.some((t) => t === other) || ctx.op.type === other;
    return e.op === "==" ? any : !any;
  }
  const l = value(e.left, ctx);
  const r = value(e.right, ctx);
  if (l === null || r === null) return e.op === "!=";
  if (
    (e.left.kind === "field" && e.left.type === "level") ||
    (e.right.kind === "field" && e.right.type === "level") ||
    isLevelLit(e.left) ||
    isLevelLit(e.right)
  ) {
    if (e.op === "==" || e.op === "!=") return (l === r) === (e.op === "==");
    return ordered(e.op, rank(l), rank(r));
  }
  if (e.op === "==") return equal(l, r);
  if (e.op === "!=") return !equal(l, r);
  if (typeof l === "number" && typeof r === "number") return ordered(e.op, l, r);
  if (typeof l === "string" && typeof r === "string") return ordered(e.op, l < r ? -1 : l > r ? 1 : 0, 0);
  return false;
}

const isLevelLit = (e: Expr) => e.kind === "lit" && e.type === "level";

function membership(left: Expr, right: Expr, ctx: EvalContext): boolean {
  const list = value(right, ctx);
  if (!Array.isArray(list)) return false;
  if (isOpType(left)) return ctx.op.types.some((t) => list.includes(t)) || list.includes(ctx.op.type);
  const l = value(left, ctx);
  if (l === null) return false;
  // A list on the left (op.categories in [...]) holds when any of its items is in the list.
  if (Array.isArray(l)) return l.some((x) => list.some((y) => equal(x, y)));
  return list.some((y) => equal(l, y));
}

function contains(l: V, r: V): boolean {
  if (l === null || r === null) return false;
  if (Array.isArray(l)) return l.some((x) => equal(x, r));
  if (typeof l === "string" && typeof r === "string") return l.includes(r);
  return false;
}

/** A string or a list of strings: holds when the test holds for the string or any item. */
function anyString(v: V, test: (s: string) => boolean): boolean {
  if (typeof v === "string") return test(v);
  if (Array.isArray(v)) return v.some((x) => typeof x === "string" && test(x));
  return false;
}

const globCache = new WeakMap<Expr, (s: string) => boolean>();

/**
 * Paths match as path globs (picomatch: `*` stays within a segment, `**` crosses them). Other strings
 * (commands, URLs, hosts) have no segments: `*` and `**` span any text, as in bash patterns (docs/adr/0051).
 */
function globOf(e: Expr & { kind: "matches" }, left: Expr): (s: string) => boolean {
  let m = globCache.get(e);
  if (m === undefined) {
    const pathLike =
      left.kind === "field" && (left.type === "path" || left.path[1] === "path" || left.path[1] === "paths");
    if (pathLike) {
      const pm = picomatch(e.glob, { dot: true });
      m = (s) => pm(s);
    } else {
      m = starGlob(e.glob);
    }
    globCache.set(e, m);
  }
  return m;
}

function underOf(prefix: string, ctx: EvalContext): (s: string) => boolean {
  const base = normalizePrefix(prefix, ctx.home, ctx.op.call.cwd);
  return (s) => {
    const p = isAbsolute(s) ? resolve(s) : resolve(ctx.op.call.cwd, s);
    return p === base || p.startsWith(base.endsWith("/") ? base : `${base}/`);
  };
}

function field(path: readonly string[], ctx: EvalContext): V {
  const [root, name, key] = path;
  if (root === "session") return name === "mode" ? ctx.mode : null;
  const op = ctx.op;
  switch (name) {
    case "tool":
      return op.tool;
    case "type":
      return op.type;
    case "types":
      return op.types;
    case "level":
      return op.level;
    case "categories":
      return op.categories;
    case "command":
      return op.command;
    case "programs":
      return op.programs;
    case "path":
      return op.path;
    case "paths":
      return op.paths.map((p) => p.path);
    case "url":
      return op.url;
    case "host":
      return op.host;
    case "args":
      return key === undefined ? null : argValue(ownEntry(op.call.input, key));
    default:
      return null;
  }
}
