import { isAbsolute, resolve } from "node:path";
import picomatch from "picomatch";
import type { Expr, Value } from "../../compiler/index.ts";
import { assertNever, memoByObject, ownEntry } from "../../core/index.ts";
import { starGlob } from "../match/index.ts";
import type { PathAccess } from "../operation/index.ts";
import type { EvalContext } from "./evaluate.ts";
import { argValue, equal, normalizePrefix, ordered, rank, type V } from "./values.ts";

/**
 * Each IR expression node compiled once into a closure (cached by node: IR nodes are immutable and live as
 * long as their policy). What the IR fixes is decided here, not per call: which comparisons are level or
 * `op.type` comparisons, which field a path names, the glob kind of `matches`, constant list literals (as
 * Sets). Same semantics as the reference interpreter (interpret.ts), checked by a differential test.
 */
export type Compiled = (ctx: EvalContext) => V;

export const compiled: (e: Expr) => Compiled = memoByObject((e) => compile(e));

function compile(e: Expr): Compiled {
  switch (e.kind) {
    case "and": {
      const items = e.items.map(compiled);
      return (ctx) => {
        for (const f of items) if (f(ctx) !== true) return false;
        return true;
      };
    }
    case "or": {
      const items = e.items.map(compiled);
      return (ctx) => {
        for (const f of items) if (f(ctx) === true) return true;
        return false;
      };
    }
    case "not": {
      const f = compiled(e.expr);
      return (ctx) => f(ctx) !== true;
    }
    case "cmp":
      return compileCmp(e);
    case "in":
      return compileIn(e);
    case "contains":
      return compileContains(e);
    case "matches": {
      const left = compiled(e.left);
      const test = globOf(e);
      return (ctx) => anyString(left(ctx), test);
    }
    case "under":
      return compileUnder(e);
    case "field":
      return compileField(e.path);
    case "lit": {
      const v = e.value;
      return () => v;
    }
    case "list": {
      const constant = constantList(e);
      if (constant !== null) return () => constant;
      const items = e.items.map(compiled);
      return (ctx) => {
        const out: Value[] = [];
        for (const f of items) {
          const v = f(ctx);
          if (v !== null) out.push(v);
        }
        return out;
      };
    }
    case "pattern": {
      const pattern = e.pattern;
      return (ctx) => ctx.patternHits(pattern, ctx.op);
    }
    case "seen":
    case "count": {
      const id = e.id;
      return (ctx) => {
        const h = ctx.history?.[id];
        if (h === undefined) throw new Error(`history node ${id} evaluated without its monitor`);
        return h;
      };
    }
    default:
      return assertNever(e, "expression");
  }
}

const isOpType = (e: Expr) => e.kind === "field" && e.path.length === 2 && e.path[0] === "op" && e.path[1] === "type";
const isLevel = (e: Expr) => (e.kind === "field" || e.kind === "lit") && e.type === "level";

function compileCmp(e: Extract<Expr, { kind: "cmp" }>): Compiled {
  const op = e.op;
  const ne = op === "!=";
  if ((op === "==" || ne) && (isOpType(e.left) || isOpType(e.right))) {
    // `op.type ==` holds when any type of the call is the other side (or the most severe one is).
    const other = compiled(isOpType(e.left) ? e.right : e.left);
    return (ctx) => {
      const v = other(ctx);
      const o = ctx.op;
      if (o.type === v) return !ne;
      for (const t of o.types) if (t === v) return !ne;
      return ne;
    };
  }
  const left = compiled(e.left);
  const right = compiled(e.right);
  if (isLevel(e.left) || isLevel(e.right)) {
    if (op === "==" || ne) {
      return (ctx) => {
        const l = left(ctx);
        const r = right(ctx);
        return l === null || r === null ? ne : (l === r) !== ne;
      };
    }
    return (ctx) => {
      const l = left(ctx);
      const r = right(ctx);
      return l === null || r === null ? false : ordered(op, rank(l), rank(r));
    };
  }
  if (op === "==" || ne) {
    return (ctx) => {
      const l = left(ctx);
      const r = right(ctx);
      return l === null || r === null ? ne : equal(l, r) !== ne;
    };
  }
  return (ctx) => {
    const l = left(ctx);
    const r = right(ctx);
    if (typeof l === "number" && typeof r === "number") return ordered(op, l, r);
    if (typeof l === "string" && typeof r === "string") return ordered(op, l < r ? -1 : l > r ? 1 : 0, 0);
    return false;
  };
}

function compileIn(e: Extract<Expr, { kind: "in" }>): Compiled {
  const neg = e.negated;
  const set = constantSet(e.right);
  if (set !== null) {
    // Set.has and Array.includes agree (SameValueZero), and on these scalars (no NaN) so does `===`.
    if (isOpType(e.left)) {
      return (ctx) => {
        const o = ctx.op;
        if (set.has(o.type)) return !neg;
        for (const t of o.types) if (set.has(t)) return !neg;
        return neg;
      };
    }
    const left = compiled(e.left);
    return (ctx) => {
      const l = left(ctx);
      if (l === null) return neg;
      if (Array.isArray(l)) {
        for (const x of l) if (set.has(x)) return !neg;
        return neg;
      }
      return set.has(l) !== neg;
    };
  }
  const right = compiled(e.right);
  if (isOpType(e.left)) {
    return (ctx) => {
      const list = right(ctx);
      if (!Array.isArray(list)) return neg;
      const o = ctx.op;
      return (o.types.some((t) => list.includes(t)) || list.includes(o.type)) !== neg;
    };
  }
  const left = compiled(e.left);
  return (ctx) => {
    const list = right(ctx);
    if (!Array.isArray(list)) return neg;
    const l = left(ctx);
    if (l === null) return neg;
    // A list on the left (op.categories in [...]) holds when any of its items is in the list.
    if (Array.isArray(l)) return l.some((x) => list.some((y) => equal(x, y))) !== neg;
    return list.some((y) => equal(l, y)) !== neg;
  };
}

function compileContains(e: Extract<Expr, { kind: "contains" }>): Compiled {
  const left = compiled(e.left);
  const right = compiled(e.right);
  const scalar = e.right.kind === "lit" && isScalar(e.right.value);
  return (ctx) => {
    const l = left(ctx);
    const r = right(ctx);
    if (l === null || r === null) return false;
    if (Array.isArray(l)) {
      // A scalar equals only the same scalar: no need for the structural `equal`.
      if (scalar) {
        for (const x of l) if (x === r) return true;
        return false;
      }
      return l.some((x) => equal(x, r));
    }
    if (typeof l === "string" && typeof r === "string") return l.includes(r);
    return false;
  };
}

function compileUnder(e: Extract<Expr, { kind: "under" }>): Compiled {
  const left = compiled(e.left);
  const base = prefixOf(e.prefix);
  return (ctx) => {
    const v = left(ctx);
    // Most operations have no path: do not resolve the prefix for nothing.
    if (typeof v === "string") return inside(v, base(ctx), ctx.op.call.cwd);
    if (!Array.isArray(v) || v.length === 0) return false;
    const b = base(ctx);
    const cwd = ctx.op.call.cwd;
    for (const x of v) if (typeof x === "string" && inside(x, b, cwd)) return true;
    return false;
  };
}

interface Base {
  readonly dir: string;
  readonly slashed: string;
}

const baseOf = (dir: string): Base => ({ dir, slashed: dir.endsWith("/") ? dir : `${dir}/` });

/** The prefix's directory: fixed for an absolute prefix, per home for `~`, per cwd otherwise. */
function prefixOf(prefix: string): (ctx: EvalContext) => Base {
  const tilde = prefix === "~" || prefix.startsWith("~/");
  if (!tilde && isAbsolute(prefix)) {
    const fixed = baseOf(resolve(prefix));
    return () => fixed;
  }
  let last: { key: string; base: Base } | null = null;
  return (ctx) => {
    const key = tilde ? ctx.home : ctx.op.call.cwd;
    if (last === null || last.key !== key)
      last = { key, base: baseOf(normalizePrefix(prefix, ctx.home, ctx.op.call.cwd)) };
    return last.base;
  };
}

function inside(s: string, base: Base, cwd: string): boolean {
  const p = isAbsolute(s) ? resolve(s) : resolve(cwd, s);
  return p === base.dir || p.startsWith(base.slashed);
}

/**
 * Paths match as path globs (picomatch: `*` stays within a segment, `**` crosses them). Other strings
 * (commands, URLs, hosts) have no segments: `*` and `**` span any text, as in bash patterns (docs/adr/0051).
 */
function globOf(e: Extract<Expr, { kind: "matches" }>): (s: string) => boolean {
  const left = e.left;
  const pathLike =
    left.kind === "field" && (left.type === "path" || left.path[1] === "path" || left.path[1] === "paths");
  if (!pathLike) return starGlob(e.glob);
  const pm = picomatch(e.glob, { dot: true });
  return (s) => pm(s);
}

/** A string or a list of strings: holds when the test holds for the string or any item. */
function anyString(v: V, test: (s: string) => boolean): boolean {
  if (typeof v === "string") return test(v);
  if (Array.isArray(v)) {
    for (const x of v) if (typeof x === "string" && test(x)) return true;
  }
  return false;
}

function compileField(path: readonly string[]): Compiled {
  const [root, name, key] = path;
  if (root === "session") return name === "mode" ? (ctx) => ctx.mode : () => null;
  switch (name) {
    case "tool":
      return (ctx) => ctx.op.tool;
    case "type":
      return (ctx) => ctx.op.type;
    case "types":
      return (ctx) => ctx.op.types;
    case "level":
      return (ctx) => ctx.op.level;
    case "categories":
      return (ctx) => ctx.op.categories;
    case "command":
      return (ctx) => ctx.op.command;
    case "programs":
      return (ctx) => ctx.op.programs;
    case "path":
      return (ctx) => ctx.op.path;
    case "paths":
      return (ctx) => pathsOf(ctx.op.paths);
    case "url":
      return (ctx) => ctx.op.url;
    case "host":
      return (ctx) => ctx.op.host;
    case "args":
      return key === undefined ? () => null : (ctx) => argValue(ownEntry(ctx.op.call.input, key));
    default:
      return () => null;
  }
}

const NO_PATHS: readonly string[] = Object.freeze([]);
const pathLists = new WeakMap<readonly PathAccess[], readonly string[]>();

/** `op.paths` as strings, built once per operation (many rules read it for the same call). */
function pathsOf(paths: readonly PathAccess[]): readonly string[] {
  if (paths.length === 0) return NO_PATHS;
  let out = pathLists.get(paths);
  if (out === undefined) {
    out = Object.freeze(paths.map((p) => p.path));
    pathLists.set(paths, out);
  }
  return out;
}

const isScalar = (v: unknown): v is string | number | boolean =>
  typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && !Number.isNaN(v));

/** The value of a list literal whose items are all literals (null when any item depends on the call). */
function constantList(e: Extract<Expr, { kind: "list" }>): readonly Value[] | null {
  const out: Value[] = [];
  for (const i of e.items) {
    if (i.kind !== "lit") return null;
    if ((i.value as V) !== null) out.push(i.value);
  }
  return Object.freeze(out);
}

/** A constant list of scalars as a Set, for `in`; null when the list is not constant or holds lists. */
function constantSet(e: Expr): ReadonlySet<Value> | null {
  const items =
    e.kind === "list"
      ? constantList(e)
      : e.kind === "lit" && Array.isArray(e.value)
        ? (e.value as readonly Value[])
        : null;
  return items?.every(isScalar) ? new Set(items) : null;
}
