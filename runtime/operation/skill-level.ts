/**
 * The safety registry (docs/reference/rules-yaml.md `skills:`): levels the user declared for a tool, trusted over built-in
 * knowledge. For bash programs: the first `patterns` glob over the command text, else the most severe
 * `operations` entry naming one of its positional words (or a run of them), else `default`. For other
 * tools (MCP): `default`.
 */
import type { Level, SkillEntry } from "../../compiler/index.ts";
import { normalizeProgram, type SimpleCommand } from "../shell/index.ts";
import type { CommandWords } from "./command-words.ts";
import { starGlob, type TextMatcher } from "../../core/index.ts";
import { maxLevel } from "./severity.ts";

export function skillLevel(cmd: SimpleCommand, words: CommandWords, skills: readonly SkillEntry[]): Level | null {
  let found: Level | null = null;
  for (const s of skills) {
    if (programName(s.tool) !== cmd.program.toLowerCase()) continue;
    const byPattern = s.patterns.find((p) => globOf(commandGlob(p.glob))(cmd.text));
    if (byPattern !== undefined) return byPattern.level;
    const joined = ` ${words.positionals.join(" ")} `;
    for (const [name, level] of Object.entries(s.operations)) {
      if (joined.includes(` ${name} `)) found = found === null ? level : maxLevel(found, level);
    }
    found ??= s.default;
  }
  return found;
}

/**
 * A registry name as the shell analysis names programs: by the last segment of its path, so
 * `@safety DESTRUCTIVE ./scripts/deploy.sh` applies to `./scripts/deploy.sh staging`, `scripts/deploy.sh` and
 * `bash -c ./scripts/deploy.sh` alike (docs/adr/0111). Matching by name can only catch more commands, and a
 * label only raises a level.
 */
function programName(tool: string): string {
  return normalizeProgram(tool.trim()).toLowerCase();
}

/** A pattern's first word named the same way (`./scripts/deploy.sh *` → `deploy.sh *`): the command text starts with the program name. */
function commandGlob(glob: string): string {
  const space = glob.indexOf(" ");
  const head = space === -1 ? glob : glob.slice(0, space);
  return head.includes("/") ? normalizeProgram(head) + (space === -1 ? "" : glob.slice(space)) : glob;
}

/** A tool-level entry (MCP and other non-bash tools): its default level. */
export function toolSkillLevel(tool: string, skills: readonly SkillEntry[]): Level | null {
  const s = skills.find((x) => x.tool.toLowerCase() === tool.toLowerCase());
  return s?.default ?? null;
}

const cache = new Map<string, TextMatcher>();

/**
 * Registry globs are over a command line, matched like bash permission patterns (one matcher for both,
 * core/star-glob.ts): `*` spans anything, every other character is literal (docs/adr/0090).
 */
function globOf(glob: string): TextMatcher {
  let m = cache.get(glob);
  if (m === undefined) {
    m = starGlob(glob);
    cache.set(glob, m);
  }
  return m;
}
