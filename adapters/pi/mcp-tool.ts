/**
 * The name a pi tool call is decided under. pi 1.x registers the tools of an MCP server as
 * `mcp__<server>__<tool>` with every character other than `[A-Za-z0-9_]` turned into `_`: a server
 * configured as `my-fs` gives `mcp__my_fs__read_file`. Rules name MCP tools as Claude Code and
 * `rules mcp-proxy` do, with the server's configured name (`mcp__my-fs__*`), so the server part is put
 * back from the tool's namespace, whose alias is the configured name. Anything that does not fit that
 * shape exactly keeps pi's own name: a rule written for it still matches, and nothing is guessed.
 *
 * The hints the server put on the tool (`readOnlyHint`, `destructiveHint`, `openWorldHint`), which pi reports
 * with the tool, go with the call as its labels, as `rules mcp-proxy` sends them: they give the level of a tool
 * rulegate does not know, never below what its name says (runtime/operation/tool-labels.ts).
 */
import type { ToolLabels } from "../../runtime/operation/index.ts";

const HINTS = ["readOnlyHint", "destructiveHint", "openWorldHint"] as const;

/** The parts of pi's ToolInfo (`pi.getAllTools()`) read here. */
export interface ToolLike {
  readonly name: string;
  readonly namespace?: { readonly name: string; readonly aliases?: readonly string[] } | undefined;
  readonly annotations?: { readonly [K in (typeof HINTS)[number]]?: unknown } | undefined;
}

/** pi's rule for server names in mcp.json: letters, digits, `_` and `-`. */
const SERVER_NAME = /^[A-Za-z0-9_-]+$/;

export function policyToolName(toolName: string, tools: readonly ToolLike[]): string {
  if (!toolName.startsWith("mcp__")) return toolName;
  const info = tools.find((t) => t.name === toolName);
  const namespace = info?.namespace;
  if (namespace === undefined) return toolName;
  const prefix = `${namespace.name}__`;
  if (!toolName.startsWith(prefix) || toolName.length === prefix.length) return toolName;
  // The namespace pi's MCP support gives a server: name `mcp__<sanitized server>`, one alias `<server>`.
  const servers = (namespace.aliases ?? []).filter(
    (alias) => SERVER_NAME.test(alias) && `mcp__${alias.replace(/-/g, "_")}` === namespace.name,
  );
  const [server] = servers;
  if (servers.length !== 1 || server === undefined) return toolName;
  return `mcp__${server}__${toolName.slice(prefix.length)}`;
}

/** The MCP hints of an `mcp__` tool pi's MCP support registered (it has a namespace), or undefined. */
export function mcpLabels(toolName: string, tools: readonly ToolLike[]): ToolLabels | undefined {
  if (!toolName.startsWith("mcp__")) return undefined;
  const info = tools.find((t) => t.name === toolName);
  if (info?.namespace === undefined || info.annotations === undefined) return undefined;
  const labels: { -readonly [K in keyof ToolLabels]: ToolLabels[K] } = {};
  for (const hint of HINTS) {
    const value = info.annotations[hint];
    if (typeof value === "boolean") labels[hint] = value;
  }
  return labels;
}
