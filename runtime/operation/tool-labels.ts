/**
 * The level of a tool rulegate has no knowledge of, from the labels its MCP server put on it (readOnlyHint,
 * destructiveHint, openWorldHint; docs/adr/0231). A server is untrusted: its labels give the level of a tool
 * nobody described, but never one below what the tool's name already says (a `delete_*` stays DESTRUCTIVE,
 * a `write_*` at least WRITE), and beside a level the user declared (`skills:`) they can only raise it.
 */
import type { Level, OpType } from "../../compiler/index.ts";
import { nameWords, WRITES } from "./input-paths.ts";
import { maxLevel } from "./severity.ts";
import type { ToolLabels } from "./types.ts";

/** Words of a tool name that say it destroys what it touches. */
const DESTROYS: ReadonlySet<string> = new Set([
  "delete",
  "remove",
  "rm",
  "unlink",
  "truncate",
  "overwrite",
  "drop",
  "destroy",
  "purge",
  "wipe",
  "erase",
  "reset",
  "kill",
  "terminate",
]);

export interface LabelledParts {
  readonly level: Level;
  readonly types: readonly OpType[];
  readonly categories: readonly string[];
}

/**
 * MCP's defaults apply to a hint left out (readOnlyHint false, destructiveHint true, openWorldHint true): a
 * label says as little as the protocol lets it.
 */
export function labelledParts(tool: string, labels: ToolLabels, declared: Level | null): LabelledParts {
  const said: Level =
    labels.readOnlyHint === true ? "READ" : labels.destructiveHint === false ? "WRITE" : "DESTRUCTIVE";
  const level = maxLevel(said, declared ?? nameLevel(tool));
  const open = labels.openWorldHint !== false;
  const type: OpType =
    level === "READ" ? (open ? "read_external" : "read_local") : open ? "write_external" : "write_local";
  return { level, types: [type], categories: open ? ["mcp", "network"] : ["mcp"] };
}

/** What a tool's name alone says: destroys, writes, or (whatever else it says) at least reads. */
export function nameLevel(tool: string): Level {
  const words = nameWords(tool);
  if (words.some((w) => DESTROYS.has(w))) return "DESTRUCTIVE";
  if (words.some((w) => WRITES.has(w))) return "WRITE";
  return "READ";
}
