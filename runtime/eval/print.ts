import type { Expr, Value } from "../../compiler/index.ts";

/**
 * An IR expression as rule syntax again (`op.type in [write_local, write_external]`), for explanations. The
 * IR keeps spans, not text; this prints the resolved form (enum names canonical, strings quoted).
 */
export function exprText(e: Expr): string {
  switch (e.kind) {
    case "and":
      return e.items.map((i) => group(i, "and")).join(" and ");
    case "or":
      return e.items.map((i) => group(i, "or")).join(" or ");
    case "not":
      return `not ${group(e.expr, "not")}`;
    case "cmp":
      return `${exprText(e.left)} ${e.op} ${exprText(e.right)}`;
    case "in":
      return `${exprText(e.left)} ${e.negated ? "not in" : "in"} ${exprText(e.right)}`;
    case "contains":
      return `${exprText(e.left)} contains ${exprText(e.right)}`;
    case "matches":
      return `${exprText(e.left)} matches ${JSON.stringify(e.glob)}`;
    case "under":
      return `${exprText(e.left)} under ${JSON.stringify(e.prefix)}`;
    case "field":
      return e.path.join(".");
    case "lit":
      return valueText(e.value, e.type === "string" || e.type === "path");
    case "list":
      return `[${e.items.map(exprText).join(", ")}]`;
    case "pattern":
      return e.pattern.text;
    case "seen":
      return `seen(${exprText(e.expr)})`;
    case "count":
      return `count(${exprText(e.expr)})`;
  }
}

/** Parentheses around a nested `and`/`or` (the IR keeps the nesting as written) and anything compound after `not`. */
function group(e: Expr, inside: "and" | "or" | "not"): string {
  const atom =
    e.kind === "field" ||
    e.kind === "lit" ||
    e.kind === "list" ||
    e.kind === "pattern" ||
    e.kind === "seen" ||
    e.kind === "count";
  const compound = inside === "not" ? !atom : e.kind === "or" || e.kind === "and";
  return compound ? `(${exprText(e)})` : exprText(e);
}

function valueText(v: Value, quoted: boolean): string {
  if (Array.isArray(v)) return `[${v.map((x) => valueText(x, quoted)).join(", ")}]`;
  return quoted && typeof v === "string" ? JSON.stringify(v) : String(v);
}
