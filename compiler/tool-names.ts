import { ownEntry } from "../core/index.ts";
import picomatch from "picomatch";

/**
 * Tool names and aliases (docs/reference/operations.md), in one place: the compiler canonicalizes pattern tool names with it
 * and the runtime canonicalizes the tool of each call with the same table.
 */
const ALIASES: Readonly<Record<string, string>> = {
  bash: "bash",
  read: "read",
  write: "write",
  edit: "edit",
  multiedit: "edit",
  notebookedit: "edit",
  glob: "find",
  find: "find",
  ls: "ls",
  grep: "grep",
  webfetch: "webfetch",
  websearch: "websearch",
};

/** Tools whose primary argument is a path (docs/reference/operations.md); their pattern spec is a path glob. */
export const PATH_TOOLS: readonly string[] = ["read", "write", "edit", "find", "ls", "grep"];

/** Every canonical tool name rulegate knows by itself. */
export const KNOWN_TOOLS: readonly string[] = [...new Set(Object.values(ALIASES))];

/** Every spelling of a built-in tool (lower case): canonical names and the Claude Code and pi aliases. */
export const TOOL_SPELLINGS: readonly string[] = Object.keys(ALIASES);

/** Characters that make a name or a path segment a glob (picomatch's syntax, extglobs included). */
export const GLOB_CHARS = /[*?[\]{}()!+@]/;

const toolMatchers = new Map<string, (name: string) => boolean>();

/**
 * Whether a pattern's tool (canonical: a name or a glob) names the canonical tool `name`. `bash` compares
 * equal; `mcp__github__*` is a glob over the name (`*` stays inside the name: there is no `/` in it).
 * The runtime matches calls with it and the compiler checks that a tool glob can match some tool.
 */
export function toolNameMatcher(tool: string): (name: string) => boolean {
  let m = toolMatchers.get(tool);
  if (m === undefined) {
    m = GLOB_CHARS.test(tool) ? picomatch(tool, { dot: true }) : (name) => name === tool;
    toolMatchers.set(tool, m);
  }
  return m;
}

/**
 * `Bash` → `bash`, `MultiEdit` → `edit`, `Glob` → `find`. MCP (`mcp__server__tool`) and unknown tools keep
 * their name, lower-cased, since tool names match case-insensitively. Works on tool globs too.
 */
export function canonicalTool(name: string): string {
  const lower = name.toLowerCase();
  return ownEntry(ALIASES, lower) ?? lower;
}

export function isPathTool(canonical: string): boolean {
  return PATH_TOOLS.includes(canonical);
}
