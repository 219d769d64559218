import type { Operation } from "../operation/types.ts";
import type { OperationSummary } from "./types.ts";

/** The part of an operation that events keep: enough for decisions, monitors and audits; no shell tree, no content. */
export function summarize(op: Operation): OperationSummary {
  return { tool: op.tool, type: op.type, types: op.types, level: op.level, categories: op.categories, signature: op.signature };
}
