import { ownEntry } from "../../core/index.ts";
/**
 * MCP tool annotations (readOnlyHint, destructiveHint, openWorldHint) as rulegate reads them: hints from an
 * untrusted server, which may raise the level rulegate derives for a tool, never lower it (docs/explanation/decision-order.md).
 */
import type { ToolLabels } from "../../runtime/operation/index.ts";

export type { ToolLabels };

/** The hints of a tools/list entry, or null when it has none (the tool stays unknown). */
export function labelsOf(annotations: unknown): ToolLabels | null {
  if (typeof annotations !== "object" || annotations === null) return null;
  const a = annotations as Record<string, unknown>;
  const flag = (k: string) => (typeof ownEntry(a, k) === "boolean" ? { [k]: ownEntry(a, k) as boolean } : {});
  const labels = { ...flag("readOnlyHint"), ...flag("destructiveHint"), ...flag("openWorldHint") };
  return Object.keys(labels).length === 0 ? null : labels;
}
