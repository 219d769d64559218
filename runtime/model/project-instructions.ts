import { open } from "node:fs/promises";
import { join } from "node:path";
import { LIMITS, truncateMiddle } from "./prompt-data.ts";

/** The instruction files Claude Code and pi read from a project's working directory, in prompt order. */
export const INSTRUCTION_FILES: readonly string[] = [
  "CLAUDE.md",
  "CLAUDE.local.md",
  ".claude/CLAUDE.md",
  "AGENTS.md",
  ".pi/SYSTEM.md",
  ".pi/APPEND_SYSTEM.md",
];

/** Reading stops here: a file larger than this is shown as its first 256 KiB, truncated in the middle. */
const READ_LIMIT_BYTES = 256 * 1024;

/**
 * Loads the project instruction files present in `cwd` (context for the auto-mode classifier), each truncated
 * in the middle to 4,000 characters. Missing or unreadable files are left out; this never throws.
 */
export async function loadProjectInstructions(
  cwd: string,
): Promise<readonly { readonly name: string; readonly text: string }[]> {
  const loaded = await Promise.all(
    INSTRUCTION_FILES.map(async (name) => ({ name, text: await readPrefix(join(cwd, name)) })),
  );
  return loaded.flatMap(({ name, text }) =>
    text === null || text.trim().length === 0 ? [] : [{ name, text: truncateMiddle(text, LIMITS.instructionChars) }],
  );
}

async function readPrefix(path: string): Promise<string | null> {
  try {
    const handle = await open(path, "r");
    try {
      if (!(await handle.stat()).isFile()) return null;
      const buffer = Buffer.alloc(READ_LIMIT_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, READ_LIMIT_BYTES, 0);
      return buffer.subarray(0, bytesRead).toString("utf8");
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
}
