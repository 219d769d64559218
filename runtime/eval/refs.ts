import type { Expr } from "../../compiler/index.ts";
import { memoByObject } from "../../core/index.ts";

const CLASSIFIED = new Set(["type", "types", "level", "categories"]);

/**
 * Whether an expression reads what only classification knows (type, level, categories). For an unknown
 * tool such a scope is undecidable until the model classifies the call, so its questions are asked anyway.
 */
export const readsClassification: (e: Expr) => boolean = memoByObject(scan);

function scan(e: Expr): boolean {
  switch (e.kind) {
    case "field":
      return e.path[0] === "op" && CLASSIFIED.has(e.path[1] ?? "");
    case "and":
    case "or":
    case "list":
      return e.items.some(scan);
    case "not":
    case "seen":
    case "count":
      return scan(e.expr);
    case "cmp":
    case "in":
    case "contains":
      return scan(e.left) || scan(e.right);
    case "matches":
    case "under":
      return scan(e.left);
    case "lit":
    case "pattern":
      return false;
  }
}
