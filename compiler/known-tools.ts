import picomatch from "picomatch";
import { diagnostic, type Diagnostic, type Span } from "../core/index.ts";
import { didYouMean } from "./did-you-mean.ts";
import type { Merged } from "./merged.ts";
import { canonicalTool, GLOB_CHARS, KNOWN_TOOLS, TOOL_SPELLINGS } from "./tool-names.ts";

/**
 * Every tool name a policy writes (a pattern's tool, `op.tool == "x"`, a rule example, read_only_tools)
 * must name a tool that can exist, or the rule silently never applies (`bahs(terraform apply*)`).
 * Known: the built-in tools and their aliases (docs/reference/operations.md), MCP tools `mcp__server__tool`, and the tools the
 * policy declares under `skills` (`- tool: NAME`). `settings.unknown_tools: allow-names` accepts any name.
 */
export type ToolCheck = (written: string, span: Span, form?: ToolForm) => Diagnostic | null;

/**
 * How the name is compared with a call's tool: `name` for equality, `glob` for a pattern's tool glob
 * (picomatch, as the runtime matches it), `star` for `op.tool matches "…"` (only `*` is special).
 */
export type ToolForm = "name" | "glob" | "star";

/** An MCP tool name: `mcp__<server>__<tool>`, both parts non-empty. */
const MCP_NAME = /^mcp__.+__.+$/;
const MCP_PREFIX = "mcp__";

/** The check for one policy: its declared tools and its `settings.unknown_tools`. */
export function toolCheck(merged: Pick<Merged, "skills" | "settings">): ToolCheck {
  if (merged.settings.unknownTools === "allow-names") return () => null;
  return knownToolCheck(declaredTools(merged));
}

/** The check against the built-in tools, MCP tools and `declared` (lower case). */
export function knownToolCheck(declared: readonly string[] = []): ToolCheck {
  const names = [...new Set([...KNOWN_TOOLS, ...declared])];
  const spellings = [...new Set([...TOOL_SPELLINGS, ...declared])];
  return (written, span, form = GLOB_CHARS.test(written) ? "glob" : "name") => {
    const lower = written.toLowerCase();
    if (form === "name") {
      if (lower.startsWith(MCP_PREFIX)) {
        if (MCP_NAME.test(lower)) return null;
        const suggestion = `an MCP tool is named mcp__server__tool; ${MCP_PREFIX}${lower.slice(MCP_PREFIX.length).replace(/_+$/, "")}__* names every tool of a server.`;
        return diagnostic("RG4009", span, { name: written, suggestion });
      }
      if (spellings.includes(lower)) return null;
      return diagnostic("RG4009", span, { name: written, suggestion: suggest(written, spellings) });
    }
    if (mayNameMcp(lower, form)) return null;
    const matches = form === "glob" ? picomatch(lower, { dot: true }) : starMatcher(lower);
    if (names.some((n) => matches(n))) return null;
    const alias = TOOL_SPELLINGS.find((s) => matches(s));
    const suggestion =
      alias === undefined
        ? suggest(written, spellings)
        : `a tool glob is matched against canonical tool names (${KNOWN_TOOLS.join(", ")}): '${alias}' is '${canonicalTool(alias)}'.`;
    return diagnostic("RG4010", span, { name: written, suggestion });
  };
}

/** Tool names the policy declares: the `tool:` entries of `skills` (they give a tool its level). */
function declaredTools(merged: Pick<Merged, "skills">): string[] {
  return merged.skills.flatMap(({ raw }) => {
    if (raw.tag !== "tool") return [];
    const tool = (raw.value as { tool?: { value: string } }).tool?.value;
    return tool === undefined || tool === "" ? [] : [tool.toLowerCase()];
  });
}

/**
 * A glob that may match some MCP tool: its literal start is compatible with `mcp__` (`mcp__github__*`,
 * `m*`, `*_issue`). MCP tools cannot be listed at compile time, so these are taken as written.
 */
function mayNameMcp(glob: string, form: ToolForm): boolean {
  const wild = form === "star" ? /\*/ : GLOB_CHARS;
  const at = glob.search(wild);
  const literal = at === -1 ? glob : glob.slice(0, at);
  return literal.startsWith(MCP_PREFIX) || MCP_PREFIX.startsWith(literal);
}

/** `op.tool matches "…"` compares as the runtime's star glob does: `*` spans anything, the rest is literal. */
function starMatcher(glob: string): (name: string) => boolean {
  const re = new RegExp(
    `^${glob
      .split("*")
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
  );
  return (name) => re.test(name);
}

function suggest(written: string, spellings: readonly string[]): string {
  const stripped = written.replace(new RegExp(GLOB_CHARS.source, "g"), "");
  return (
    didYouMean(written, spellings) ??
    (stripped === written ? undefined : didYouMean(stripped, spellings)) ??
    `known tools are ${KNOWN_TOOLS.join(", ")} (and their Claude Code and pi names) and MCP tools mcp__server__tool.`
  );
}
