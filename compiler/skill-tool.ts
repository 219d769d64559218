import type { Range } from "../core/index.ts";
import type { SkillDoc } from "./grammar.ts";

/** The tool a skill documents, or why it cannot be told. */
export type SkillTool = { readonly tool: string; readonly at: Range } | { readonly why: string };

/**
 * A skill's tool is the CLI it documents (docs/adr/0261): `tool:` in the frontmatter; else `name:` when the
 * code blocks run it (or run nothing); else the one program the code blocks run, or the one that starts more
 * than half of their command lines. Anything else is ambiguous: the compiler says so rather than guess.
 */
export function skillTool(doc: SkillDoc): SkillTool {
  const { name, tool } = doc.frontmatter;
  if (tool !== undefined) return { tool: tool.text, at: tool.at };
  const runs = new Map<string, { count: number; at: Range }>();
  for (const p of doc.programs) {
    const r = runs.get(p.text);
    runs.set(p.text, { count: (r?.count ?? 0) + 1, at: r?.at ?? p.at });
  }
  if (name !== undefined && (runs.size === 0 || runs.has(name.text))) return { tool: name.text, at: name.at };
  const ranked = [...runs].sort((a, b) => b[1].count - a[1].count);
  const [top] = ranked;
  if (top !== undefined && top[1].count * 2 > doc.programs.length) return { tool: top[0], at: top[1].at };
  if (ranked.length === 0) return { why: "it has no 'tool:' or 'name:' in its frontmatter and runs no command" };
  return { why: `its code blocks run ${ranked.map(([p]) => p).join(", ")}, none in most of its commands` };
}
