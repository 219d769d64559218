/**
 * Tool names and aliases (SPEC §1), in one place: the compiler canonicalizes pattern tool names with it
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

/** Tools whose primary argument is a path (SPEC §1); their pattern spec is a path glob. */
export const PATH_TOOLS: readonly string[] = ["read", "write", "edit", "find", "ls", "grep"];

/** Every canonical tool name rulegate knows by itself. */
export const KNOWN_TOOLS: readonly string[] = [...new Set(Object.values(ALIASES))];

/**
 * `Bash` → `bash`, `MultiEdit` → `edit`, `Glob` → `find`. MCP (`mcp__server__tool`) and unknown tools keep
 * their name, lower-cased, since tool names match case-insensitively. Works on tool globs too.
 */
export function canonicalTool(name: string): string {
  const lower = name.toLowerCase();
  return ALIASES[lower] ?? lower;
}

export function isPathTool(canonical: string): boolean {
  return PATH_TOOLS.includes(canonical);
}
