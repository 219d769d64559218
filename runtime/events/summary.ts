import { memoByObject } from "../../core/index.ts";
import type { Operation } from "../operation/index.ts";
import type { OperationSummary } from "./types.ts";

/**
 * The part of an operation that events keep: enough for decisions, monitors and audits; no shell tree, no
 * content. One summary per operation: a decision's events (derived, decision, executed) share it.
 */
export const summarize: (op: Operation) => OperationSummary = memoByObject((op) => ({
  tool: op.tool,
  type: op.type,
  types: op.types,
  level: op.level,
  categories: op.categories,
  signature: op.signature,
}));
