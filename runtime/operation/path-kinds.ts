/**
 * Op types that follow from WHICH file is touched rather than how: agent memory files (CLAUDE.md,
 * AGENTS.md, …) are memory_read/memory_write; skill definitions (SKILL.md, anything under a `skills/`
 * folder of an agent config) are skill_modify when written.
 */
import { posix } from "node:path";
import type { OpType } from "../../compiler/index.ts";
import type { PathAccess } from "./types.ts";

const MEMORY_FILES: ReadonlySet<string> = new Set([
  "CLAUDE.md",
  "CLAUDE.local.md",
  "AGENTS.md",
  "MEMORY.md",
  "GEMINI.md",
]);
const SKILL_DIR = /\/\.(?:claude|pi|agents?)\/(?:agent\/)?skills\//;

export function pathKinds(paths: readonly PathAccess[]): OpType[] {
  const out = new Set<OpType>();
  for (const p of paths) {
    const name = posix.basename(p.path);
    const writes = p.mode === "write" || p.mode === "delete";
    if (MEMORY_FILES.has(name) || p.path.includes("/.claude/memory/")) out.add(writes ? "memory_write" : "memory_read");
    if (writes && (name === "SKILL.md" || SKILL_DIR.test(p.path))) out.add("skill_modify");
  }
  return [...out];
}
