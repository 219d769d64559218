import type { Expr } from "../../compiler/ir.ts";

const cache = new WeakMap<Expr, boolean>();
const CLASSIFIED = new Set(["type", "types", "level", "categories"]);

/**
 * Whether an expression reads what only classification knows (type, level, categories). For an unknown
 * tool such a scope is undecidable until the model classifies the call, so its questions are asked anyway.
 */
export function readsClassification(e: Expr): boolean {
  let r = cache.get(e);
  if (r === undefined) {
    r = scan(e);
    cache.set(e, r);
  }
  return r;
}

function scan(e: Expr): boolean {
  switch (e.kind) {
    case "field": return e.path[0] === "op" && CLASSIFIED.has(e.path[1] ?? "");
    case "and": case "or": case "list": return e.items.some(scan);
    case "not": case "seen": case "count": return scan(e.expr);
    case "cmp": case "in": case "contains": return scan(e.left) || scan(e.right);
    case "matches": case "under": return scan(e.left);
    case "lit": case "pattern": return false;
  }
}
