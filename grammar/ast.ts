import type { CodedArgs, Range } from "../core/index.ts";

/**
 * The expression language of docs/reference/expressions.md as plain data. `L` is the location type: the grammar produces
 * `Range` (offsets into the expression string); the compiler lowers the same shapes with file `Span`s.
 */
export type CmpOp = "==" | "!=" | "<" | "<=" | ">" | ">=";

export type Literal =
  | { readonly type: "string"; readonly value: string }
  | { readonly type: "number"; readonly value: number }
  | { readonly type: "bool"; readonly value: boolean }
  /** A bare identifier such as `read_external` or `DESTRUCTIVE`; the compiler resolves it against the field's type. */
  | { readonly type: "enum"; readonly value: string };

/** A permission pattern `Tool` or `Tool(spec)`: the spec is raw text, quotes kept verbatim, up to the balanced `)`. */
export interface PatternAst<L = Range> {
  readonly tool: string;
  readonly spec: string | null;
  readonly at: L;
  readonly toolAt: L;
  /** Location of the spec text inside the parentheses (null for a bare tool). */
  readonly specAt: L | null;
}

export type Expr<L = Range> =
  | { readonly kind: "and"; readonly items: readonly Expr<L>[]; readonly at: L }
  | { readonly kind: "or"; readonly items: readonly Expr<L>[]; readonly at: L }
  | { readonly kind: "not"; readonly expr: Expr<L>; readonly at: L }
  | { readonly kind: "cmp"; readonly op: CmpOp; readonly left: Expr<L>; readonly right: Expr<L>; readonly at: L }
  | { readonly kind: "in"; readonly negated: boolean; readonly left: Expr<L>; readonly right: Expr<L>; readonly at: L }
  | { readonly kind: "contains"; readonly left: Expr<L>; readonly right: Expr<L>; readonly at: L }
  | { readonly kind: "matches"; readonly left: Expr<L>; readonly glob: string; readonly globAt: L; readonly at: L }
  | { readonly kind: "under"; readonly left: Expr<L>; readonly prefix: string; readonly prefixAt: L; readonly at: L }
  /** `op.type`, `op.args.key`, `session.mode`: the dotted path without transformation, e.g. ["op","args","key"]. */
  | { readonly kind: "field"; readonly path: readonly string[]; readonly at: L }
  | { readonly kind: "lit"; readonly value: Literal; readonly at: L }
  | { readonly kind: "list"; readonly items: readonly Expr<L>[]; readonly at: L }
  | { readonly kind: "pattern"; readonly pattern: PatternAst<L>; readonly at: L }
  | { readonly kind: "seen"; readonly expr: Expr<L>; readonly at: L }
  | { readonly kind: "count"; readonly expr: Expr<L>; readonly at: L };

/** A syntax error with offsets into the parsed string; the compiler maps it to file:line:col. */
export type SyntaxError = CodedArgs<
  "RG1001" | "RG1002" | "RG1003" | "RG1004" | "RG1005" | "RG1006" | "RG1007" | "RG1008"
> & {
  readonly at: Range;
  /** Replaces the catalog hint, e.g. "did you mean 'matches'?" for `=~`. */
  readonly hint?: string;
};

export interface ParseResult<T> {
  /** Null only when nothing usable could be recovered. With errors, a partial tree may still be returned. */
  readonly value: T | null;
  readonly errors: readonly SyntaxError[];
}

/** One `@safety` style annotation line of a SKILL.md, as the annotation grammar reads it. */
export interface AnnotationAst {
  /** The command prefix the annotation is about, e.g. ["gcloud","compute","instances","delete"]; `*` allowed. */
  readonly command: readonly string[];
  readonly level: string;
  readonly levelAt: Range;
  readonly at: Range;
}
