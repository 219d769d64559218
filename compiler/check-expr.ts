import {
  assertNever,
  diagnostic,
  type Diagnostic,
  type DiagnosticArgs,
  type DiagnosticCode,
  type Range,
  ownEntry,
} from "../core/index.ts";
import type { Expr as Ast } from "../grammar/index.ts";
import { didYouMean } from "./did-you-mean.ts";
import type { Expr } from "./ir.ts";
import type { ToolCheck } from "./known-tools.ts";
import { badGlob } from "./glob-check.ts";
import { checkPathGlob, checkTool, lowerPattern } from "./lower-pattern.ts";
import { valueSpan } from "./scalar-map.ts";
import type { Located } from "./source.ts";
import { canonicalTool } from "./tool-names.ts";
import {
  compatible,
  describe,
  ENUMS,
  enumWhat,
  FIELDS,
  isTextual,
  toValueType,
  type Scalar,
  type Ty,
} from "./types.ts";

/** Where an expression stands: `match` tests the current operation, `after` the session history. */
export type Position = "match" | "after";

interface Ctx {
  readonly loc: Located<string>;
  readonly where: Position;
  readonly inHistory: boolean;
  readonly ids: { next: number };
  readonly diagnostics: Diagnostic[];
  readonly tools: ToolCheck;
}

interface Typed {
  readonly expr: Expr;
  readonly ty: Ty;
  readonly at: Range;
}

/**
 * Name and type checks of one expression, and its lowering to the IR. Enum names are resolved against
 * the type of the other side (`op.type == read_external`), history calls get ids unique in the rule.
 * An operand that already failed has type "error" and raises nothing further.
 */
export function checkCondition(
  ast: Ast<Range>,
  loc: Located<string>,
  where: Position,
  tools: ToolCheck,
): { expr: Expr; diagnostics: Diagnostic[] } {
  const ctx: Ctx = { loc, where, inHistory: false, ids: { next: 0 }, diagnostics: [], tools };
  const t = condition(ast, ctx, where);
  return { expr: t.expr, diagnostics: ctx.diagnostics };
}

function condition(ast: Ast<Range>, ctx: Ctx, what: string): Typed {
  const t = infer(ast, ctx);
  if (t.ty !== "bool" && t.ty !== "error") report(ctx, "RG4004", t.at, { where: what, found: found(t, ctx) });
  return t;
}

function infer(ast: Ast<Range>, ctx: Ctx): Typed {
  const span = valueSpan(ctx.loc, ast.at);
  const typed = (expr: Expr, ty: Ty): Typed => ({ expr, ty, at: ast.at });
  switch (ast.kind) {
    case "and":
    case "or": {
      const items = ast.items.map((i) => condition(i, ctx, `the operand of '${ast.kind}'`));
      return typed({ kind: ast.kind, items: items.map((i) => i.expr), span }, "bool");
    }
    case "not": {
      const inner = condition(ast.expr, ctx, "the operand of 'not'");
      return typed({ kind: "not", expr: inner.expr, span }, "bool");
    }
    case "field":
      return field(ast.path, ast.at, ctx);
    case "lit": {
      const v = ast.value;
      if (v.type === "enum") return typed({ kind: "lit", value: v.value, type: "any", span }, "enum");
      return typed({ kind: "lit", value: v.value, type: v.type, span }, v.type);
    }
    case "list": {
      const items = ast.items.map((i) => infer(i, ctx));
      const first = items.find((i) => typeof i.ty === "string" && i.ty !== "enum" && i.ty !== "error");
      const of: Scalar = first && typeof first.ty === "string" ? (first.ty as Scalar) : "any";
      return typed({ kind: "list", items: items.map((i) => i.expr), span }, { list: of });
    }
    case "pattern": {
      for (const d of [checkTool(ast.pattern, ctx.loc, ctx.tools), checkPathGlob(ast.pattern, ctx.loc)])
        if (d !== null) ctx.diagnostics.push(d);
      return typed({ kind: "pattern", pattern: lowerPattern(ast.pattern, ctx.loc), span }, "bool");
    }
    case "seen":
    case "count": {
      const ty: Ty = ast.kind === "seen" ? "bool" : "number";
      if (ctx.where !== "after") report(ctx, "RG4005", ast.at, { name: ast.kind });
      else if (ctx.inHistory) report(ctx, "RG4006", ast.at, { name: ast.kind });
      const inner = condition(ast.expr, { ...ctx, inHistory: true }, `the argument of '${ast.kind}'`);
      const id = ctx.ids.next++;
      return typed({ kind: ast.kind, id, expr: inner.expr, span }, ty);
    }
    case "cmp":
      return compare(ast.op, ast.left, ast.right, ast.at, ctx);
    case "in":
      return membership(ast.negated, ast.left, ast.right, ast.at, ctx);
    case "contains": {
      const l = infer(ast.left, ctx);
      let r = infer(ast.right, ctx);
      const expr = (): Expr => ({ kind: "contains", left: l.expr, right: r.expr, span });
      if (l.ty === "error" || r.ty === "error") return typed(expr(), "bool");
      if (typeof l.ty === "object") {
        r = resolve(r, l.ty.list, ctx);
        if (r.ty !== "error" && (typeof r.ty === "object" || r.ty === "enum" || !compatible(l.ty.list, r.ty)))
          mismatch("contains", l, r, ast.at, ctx);
      } else if (isTextual(l.ty)) {
        r = resolve(r, "string", ctx);
        if (r.ty !== "error" && !isTextual(r.ty)) mismatch("contains", l, r, ast.at, ctx);
      } else
        report(ctx, "RG4008", l.at, {
          op: "contains",
          expected: "a list or a string on the left",
          found: found(l, ctx),
        });
      return typed(expr(), "bool");
    }
    case "matches":
    case "under": {
      const l = infer(ast.left, ctx);
      const elem = typeof l.ty === "object" ? l.ty.list : l.ty;
      const ok = ast.kind === "matches" ? isTextual(elem) : elem === "path" || elem === "any";
      if (l.ty !== "error" && !ok) {
        report(ctx, "RG4008", l.at, {
          op: ast.kind,
          expected: ast.kind === "matches" ? "a string or a path on the left" : "a path on the left",
          found: found(l, ctx),
        });
      }
      // Paths match as picomatch globs (other text by `*` alone, where brackets are literal).
      if (ast.kind === "matches" && elem === "path") {
        const bad = badGlob(ast.glob, valueSpan(ctx.loc, ast.globAt));
        if (bad !== null) ctx.diagnostics.push(bad);
      }
      return ast.kind === "matches"
        ? typed(
            {
              kind: "matches",
              left: l.expr,
              glob: isToolField(l) ? toolGlob(ast.glob, ast.globAt, ctx) : ast.glob,
              span,
            },
            "bool",
          )
        : typed({ kind: "under", left: l.expr, prefix: ast.prefix, span }, "bool");
    }
    default:
      return assertNever(ast, "expression");
  }
}

function field(path: readonly string[], at: Range, ctx: Ctx): Typed {
  const name = path.join(".");
  const span = valueSpan(ctx.loc, at);
  let ty: Ty | undefined = ownEntry(FIELDS, name);
  if (ty === undefined && path[0] === "op" && path[1] === "args" && path.length >= 3) ty = "any";
  if (ty === undefined) {
    const hint = didYouMean(name, [...Object.keys(FIELDS), "op.args"]);
    report(
      ctx,
      "RG4001",
      at,
      { name },
      hint === undefined ? "fields are " + Object.keys(FIELDS).join(", ") + ", op.args.<key>" : hint,
    );
    ty = "error";
  } else if (ctx.where === "after" && !ctx.inHistory && path[0] === "op") {
    report(ctx, "RG4007", at, { name });
  }
  return { expr: { kind: "field", path, type: toValueType(ty), span }, ty, at };
}

/** A bare name gets its meaning from the other side: `read_external` next to op.type is an operation type. */
function resolve(t: Typed, want: Scalar, ctx: Ctx): Typed {
  if (t.ty !== "enum" || t.expr.kind !== "lit") return t;
  const name = String(t.expr.value);
  const members = ENUMS[want];
  if (members?.includes(name)) return { ...t, ty: want, expr: { ...t.expr, type: toValueType(want) } };
  const other = (Object.keys(ENUMS) as Scalar[]).find((k) => ENUMS[k]?.includes(name));
  if (other !== undefined) return { ...t, ty: other, expr: { ...t.expr, type: toValueType(other) } };
  if (isTextual(want)) return { ...t, ty: "string", expr: { ...t.expr, type: "string" } };
  const hint = members ? didYouMean(name, members) : undefined;
  report(
    ctx,
    "RG4002",
    t.at,
    { value: name, what: enumWhat(want) },
    hint ?? (members ? `expected one of: ${members.join(", ")}` : undefined),
  );
  return { ...t, ty: "error" };
}

function scalarOf(t: Ty): Scalar | null {
  return typeof t === "string" && t !== "enum" && t !== "error" ? t : null;
}

function compare(
  op: "==" | "!=" | "<" | "<=" | ">" | ">=",
  la: Ast<Range>,
  ra: Ast<Range>,
  at: Range,
  ctx: Ctx,
): Typed {
  let l = infer(la, ctx);
  let r = infer(ra, ctx);
  const ls = scalarOf(l.ty);
  const rs = scalarOf(r.ty);
  if (ls !== null) r = resolve(r, ls, ctx);
  if (rs !== null) l = resolve(l, rs, ctx);
  if (isToolField(l)) r = toolName(r, ctx);
  if (isToolField(r)) l = toolName(l, ctx);
  const result: Typed = {
    expr: { kind: "cmp", op, left: l.expr, right: r.expr, span: valueSpan(ctx.loc, at) },
    ty: "bool",
    at,
  };
  if (l.ty === "error" || r.ty === "error") return result;
  if (l.ty === "enum" && r.ty === "enum") {
    report(ctx, "RG4008", at, { op, expected: "a field or a value on one side", found: "two bare names" });
    return result;
  }
  for (const side of [l, r]) {
    if (typeof side.ty === "object") {
      report(
        ctx,
        "RG4008",
        side.at,
        { op, expected: "a single value", found: found(side, ctx) },
        "use 'contains' to test a list",
      );
      return result;
    }
  }
  const a = scalarOf(l.ty);
  const b = scalarOf(r.ty);
  if (a === null || b === null) return result;
  if (op === "==" || op === "!=") {
    if (!compatible(a, b)) mismatch(op, l, r, at, ctx);
  } else if (a !== b && !(a === "any" || b === "any")) mismatch(op, l, r, at, ctx);
  else if (a !== "number" && a !== "level" && a !== "any")
    report(ctx, "RG4008", at, {
      op,
      expected: "numbers or safety levels",
      found: describe(a).replace(/^an? /, "") + "s",
    });
  return result;
}

function membership(negated: boolean, la: Ast<Range>, ra: Ast<Range>, at: Range, ctx: Ctx): Typed {
  let l = infer(la, ctx);
  const op = negated ? "not in" : "in";
  let r: Typed;
  if (ra.kind === "list") {
    let items = ra.items.map((i) => infer(i, ctx));
    const want = scalarOf(l.ty) ?? items.map((i) => scalarOf(i.ty)).find((s) => s !== null) ?? null;
    if (want !== null) {
      items = items.map((i) => resolve(i, want, ctx));
      l = resolve(l, want, ctx);
    }
    if (isToolField(l)) items = items.map((i) => toolName(i, ctx));
    if (typeof l.ty === "string" && l.ty !== "error" && l.ty !== "enum" && want !== null) {
      for (const i of items) {
        const s = scalarOf(i.ty);
        if (s !== null && !compatible(want, s)) mismatch(op, l, i, at, ctx);
      }
    }
    r = {
      expr: { kind: "list", items: items.map((i) => i.expr), span: valueSpan(ctx.loc, ra.at) },
      ty: { list: want ?? "any" },
      at: ra.at,
    };
  } else {
    r = infer(ra, ctx);
    if (typeof r.ty === "object") {
      l = resolve(l, r.ty.list, ctx);
      const s = scalarOf(l.ty);
      if (s !== null && !compatible(s, r.ty.list)) mismatch(op, l, r, at, ctx);
    } else if (r.ty !== "error")
      report(ctx, "RG4008", r.at, { op, expected: "a list on the right", found: found(r, ctx) });
  }
  if (typeof l.ty === "object")
    report(
      ctx,
      "RG4008",
      l.at,
      { op, expected: "a single value on the left", found: found(l, ctx) },
      "use 'contains' to test a list",
    );
  return { expr: { kind: "in", negated, left: l.expr, right: r.expr, span: valueSpan(ctx.loc, at) }, ty: "bool", at };
}

function isToolField(t: Typed): boolean {
  return t.expr.kind === "field" && t.expr.path.length === 2 && t.expr.path[0] === "op" && t.expr.path[1] === "tool";
}

/** A name compared with op.tool must name a known tool; it compares as its canonical name (`Bash` → `bash`), as calls do. */
function toolName(t: Typed, ctx: Ctx): Typed {
  if (t.expr.kind !== "lit" || typeof t.expr.value !== "string") return t;
  const unknown = ctx.tools(t.expr.value, valueSpan(ctx.loc, t.at), "name");
  if (unknown !== null) {
    ctx.diagnostics.push(unknown);
    return t;
  }
  return { ...t, expr: { ...t.expr, value: canonicalTool(t.expr.value) } };
}

/** `op.tool matches "Bash*"`: the glob must be able to match a known tool, and compares in lower case like the names. */
function toolGlob(glob: string, at: Range, ctx: Ctx): string {
  const unknown = ctx.tools(glob, valueSpan(ctx.loc, at), "star");
  if (unknown !== null) ctx.diagnostics.push(unknown);
  return canonicalTool(glob);
}

function mismatch(op: string, l: Typed, r: Typed, at: Range, ctx: Ctx): void {
  report(ctx, "RG4003", at, { op, left: found(l, ctx), right: found(r, ctx) }, quotedName(l, r) ?? quotedName(r, l));
}

/** `op.level == "DESTRUCTIVE"`: a quoted name is a string; levels, types and modes compare as bare names. */
function quotedName(side: Typed, other: Typed): string | undefined {
  const t = typeof side.ty === "object" ? side.ty.list : side.ty;
  const members = t === "enum" || t === "error" ? undefined : ENUMS[t];
  const lit = other.expr;
  if (members === undefined || lit.kind !== "lit" || typeof lit.value !== "string") return undefined;
  const text = lit.value.toLowerCase();
  const name = members.find((m) => m.toLowerCase() === text);
  return name === undefined ? undefined : `${describe(t)} is a name, not a string: write ${name} without quotes`;
}

function found(t: Typed, ctx: Ctx): string {
  return `${ctx.loc.value.slice(t.at.start, t.at.end)} (${describe(t.ty)})`;
}

function report<C extends DiagnosticCode>(ctx: Ctx, code: C, at: Range, args: DiagnosticArgs<C>, hint?: string): void {
  ctx.diagnostics.push(diagnostic(code, valueSpan(ctx.loc, at), args, hint === undefined ? {} : { hint }));
}
