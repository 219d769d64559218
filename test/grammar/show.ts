import type { Expr, Literal } from "../../grammar/index.ts";
import { assertNever } from "../../core/assert-never.ts";

/** A compact S-expression of an AST, so that precedence and shape read at a glance in test tables. */
export function show(e: Expr): string {
  switch (e.kind) {
    case "and":
    case "or":
      return `(${e.kind} ${e.items.map(show).join(" ")})`;
    case "not":
      return `(not ${show(e.expr)})`;
    case "cmp":
      return `(${e.op} ${show(e.left)} ${show(e.right)})`;
    case "in":
      return `(${e.negated ? "not-in" : "in"} ${show(e.left)} ${show(e.right)})`;
    case "contains":
      return `(contains ${show(e.left)} ${show(e.right)})`;
    case "matches":
      return `(matches ${show(e.left)} ${JSON.stringify(e.glob)})`;
    case "under":
      return `(under ${show(e.left)} ${JSON.stringify(e.prefix)})`;
    case "field":
      return e.path.join(".");
    case "lit":
      return literal(e.value);
    case "list":
      return `[${e.items.map(show).join(" ")}]`;
    case "pattern":
      return e.pattern.spec === null ? `<${e.pattern.tool}>` : `<${e.pattern.tool}(${e.pattern.spec})>`;
    case "seen":
    case "count":
      return `(${e.kind} ${show(e.expr)})`;
    default:
      return assertNever(e);
  }
}

function literal(v: Literal): string {
  switch (v.type) {
    case "string":
      return JSON.stringify(v.value);
    case "number":
      return String(v.value);
    case "bool":
      return String(v.value);
    case "enum":
      return v.value;
    default:
      return assertNever(v);
  }
}
