import { looksLikePathLiteral } from "./code-paths.ts";
import type { AccessMode } from "./types.ts";

/**
 * Paths in the input of a tool this runtime does not know (MCP servers, registry tools): `{path: "~/.ssh/id_rsa"}`
 * of `mcp__filesystem__read_file`. The credential list, the protected list, the hard-deny checks and the sandbox
 * apply to them as to any tool's paths; without this an allowed MCP filesystem server could read keys and
 * rewrite agent settings unseen. String values (nested ones too) that look like paths count: absolute, `~`,
 * `./` or `../` ones, dotfiles, and any with a `/.` segment; never text with blanks or URLs.
 */
const MAX_VALUES = 64;
const MAX_DEPTH = 4;

/** Words of a tool name that say it changes files: its paths are writes (the rest are reads). */
export const WRITES: ReadonlySet<string> = new Set([
  "write",
  "edit",
  "create",
  "move",
  "rename",
  "copy",
  "delete",
  "remove",
  "save",
  "put",
  "upload",
  "mkdir",
  "append",
  "patch",
  "replace",
  "update",
  "rewrite",
  "overwrite",
  "modify",
  "insert",
  "truncate",
  "unlink",
  "rm",
  "mv",
  "cp",
  "touch",
  "chmod",
  "restore",
  "extract",
  "unpack",
  "install",
  "set",
]);

/** Words of a tool name that say it only looks: its paths are reads and nothing more. */
const LOOKS: ReadonlySet<string> = new Set([
  "read",
  "get",
  "list",
  "ls",
  "search",
  "find",
  "grep",
  "view",
  "show",
  "fetch",
  "describe",
  "query",
  "stat",
  "info",
  "cat",
  "head",
  "tail",
  "tree",
  "diff",
  "status",
  "inspect",
  "check",
  "count",
  "exists",
  "lookup",
  "open",
  "preview",
  "print",
  "download",
]);

/** `mcp__fs__write_file`, `mcp__fs__writeFile`, `mcp__fs__write-file` → [..., "write", "file"]. */
export function nameWords(tool: string): string[] {
  return tool
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/);
}

export interface InputPaths {
  readonly mode: AccessMode;
  /** Read paths of a tool whose name says neither that it writes nor that it only looks: it may write them. */
  readonly maybeWrite: boolean;
  readonly words: readonly string[];
  /** More values than are looked at (too many, or nested too deep): what was not looked at is unknown. */
  readonly truncated: boolean;
}

export function inputPaths(tool: string, input: unknown): InputPaths {
  const words = nameWords(tool);
  const mode: AccessMode = words.some((w) => WRITES.has(w)) ? "write" : "read";
  const maybeWrite = mode === "read" && !words.some((w) => LOOKS.has(w));
  const out: string[] = [];
  let truncated = false;
  const visit = (v: unknown, depth: number): void => {
    if (out.length >= MAX_VALUES || depth > MAX_DEPTH) {
      truncated = true;
      return;
    }
    if (typeof v === "string") {
      if (v.length <= 4096 && looksLikePathLiteral(v) && !out.includes(v)) out.push(v);
    } else if (Array.isArray(v)) for (const x of v) visit(x, depth + 1);
    else if (typeof v === "object" && v !== null) for (const x of Object.values(v)) visit(x, depth + 1);
  };
  visit(input, 0);
  return { mode, maybeWrite, words: out, truncated };
}
