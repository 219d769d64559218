import type { AccessMode } from "./types.ts";

/**
 * Paths in the input of a tool this runtime does not know (MCP servers, registry tools): `{path: "~/.ssh/id_rsa"}`
 * of `mcp__filesystem__read_file`. The credential list, the protected list, the hard-deny checks and the sandbox
 * apply to them as to any tool's paths; without this an allowed MCP filesystem server could read keys and
 * rewrite agent settings unseen. String values (nested ones too) that look like paths count: absolute, `~`,
 * `./` or `../` ones, dotfiles, and any with a `/.` segment; never text with blanks or URLs.
 */
const PATHISH = /^(?:~|\.{1,2})?\/|^\.[A-Za-z0-9_-]+|\/\.[A-Za-z0-9_-]+/;
const MAX_VALUES = 64;
const MAX_DEPTH = 4;

/** Tool names that say they change files: their paths are writes (the rest are reads). */
const WRITES = /(?:^|[_\W])(?:write|edit|create|move|rename|copy|delete|remove|save|put|upload|mkdir|append|patch|replace|update)(?:$|[_\W])/i;

export interface InputPaths {
  readonly mode: AccessMode;
  readonly words: readonly string[];
  /** More values than are looked at (too many, or nested too deep): what was not looked at is unknown. */
  readonly truncated: boolean;
}

export function inputPaths(tool: string, input: unknown): InputPaths {
  const mode: AccessMode = WRITES.test(tool) ? "write" : "read";
  const out: string[] = [];
  let truncated = false;
  const visit = (v: unknown, depth: number): void => {
    if (out.length >= MAX_VALUES || depth > MAX_DEPTH) {
      truncated = true;
      return;
    }
    if (typeof v === "string") {
      if (v.length <= 4096 && !/\s/.test(v) && !v.includes("://") && PATHISH.test(v) && !out.includes(v)) out.push(v);
    } else if (Array.isArray(v)) for (const x of v) visit(x, depth + 1);
    else if (typeof v === "object" && v !== null) for (const x of Object.values(v)) visit(x, depth + 1);
  };
  visit(input, 0);
  return { mode, words: out, truncated };
}
