/**
 * The safety registry (SPEC §2 `skills:`): levels the user declared for a tool, trusted over built-in
 * knowledge. For bash programs: the first `patterns` glob over the command text, else the most severe
 * `operations` entry naming one of its positional words (or a run of them), else `default`. For other
 * tools (MCP): `default`.
 */
import type { Level, SkillEntry } from "../../compiler/ir.ts";
import type { SimpleCommand } from "../shell/types.ts";
import type { CommandWords } from "./command-words.ts";
import { starGlob, type TextMatcher } from "../match/star-glob.ts";
import { maxLevel } from "./severity.ts";

export function skillLevel(cmd: SimpleCommand, words: CommandWords, skills: readonly SkillEntry[]): Level | null {
  let found: Level | null = null;
  for (const s of skills) {
    if (s.tool.toLowerCase() !== cmd.program.toLowerCase()) continue;
    const byPattern = s.patterns.find((p) => globOf(p.glob)(cmd.text));
    if (byPattern !== undefined) return byPattern.level;
    const joined = ` ${words.positionals.join(" ")} `;
    for (const [name, level] of Object.entries(s.operations)) {
      if (joined.includes(` ${name} `)) found = found === null ? level : maxLevel(found, level);
    }
    found ??= s.default;
  }
  return found;
}

/** A tool-level entry (MCP and other non-bash tools): its default level. */
export function toolSkillLevel(tool: string, skills: readonly SkillEntry[]): Level | null {
  const s = skills.find((x) => x.tool.toLowerCase() === tool.toLowerCase());
  return s?.default ?? null;
}

const cache = new Map<string, TextMatcher>();

/**
 * Registry globs are over a command line, matched like bash permission patterns (one matcher for both,
 * runtime/match/star-glob.ts): `*` spans anything, every other character is literal (docs/adr/0090).
 */
function globOf(glob: string): TextMatcher {
  let m = cache.get(glob);
  if (m === undefined) {
    m = starGlob(glob);
    cache.set(glob, m);
  }
  return m;
}
