import { findAnnotations } from "../annotation.ts";
import type { SyntaxError } from "../ast.ts";
import { commandOf, commentLabel } from "./comments.ts";
import { headingLabel } from "./headings.ts";
import { linesOf, placed, type Line } from "./lines.ts";
import { tableLabels } from "./tables.ts";
import type { DocLabel, Located, SkillDoc } from "./types.ts";

/**
 * Everything a SKILL.md says about its tool's safety, in the order written: annotations, headings, comments
 * in shell code blocks, tables (docs/adr/0260). Deterministic and total: any text is scanned, never thrown on.
 */
export function scanSkillDoc(markdown: string): { readonly value: SkillDoc; readonly errors: readonly SyntaxError[] } {
  const all = placed(linesOf(markdown));
  const front = frontmatter(all.map((p) => p.line));
  const body = all.slice(front.lines);
  const labels: DocLabel[] = [];
  const annotations = findAnnotations(markdown);
  for (const a of annotations.value) {
    if (a.at.start < front.end) continue;
    labels.push({
      format: "annotation",
      level: { text: a.level, at: a.levelAt, explicit: true },
      command: a.command,
      at: a.at,
    });
  }
  const programs: Located[] = [];
  let continued = false;
  body.forEach(({ line, place }, i) => {
    if (!place.code) {
      const h = headingLabel(line);
      if (h !== null) labels.push(h);
      return;
    }
    const c = commentLabel(line, place, body.slice(i + 1));
    if (c !== null) labels.push(c);
    const command = commandOf(line, place);
    if (command !== null && !continued) {
      const program = programOf(command);
      if (program !== null) programs.push(program);
    }
    continued = command?.text.endsWith("\\") === true;
  });
  labels.push(...tableLabels(outsideCode(body)));
  labels.sort((a, b) => a.at.start - b.at.start);
  return {
    value: { frontmatter: front.keys, labels, programs },
    errors: annotations.errors.filter((e) => e.at.start >= front.end),
  };
}

/** Lines outside code; a code line becomes empty, so a table never spans a code block. */
function outsideCode(body: readonly { readonly line: Line; readonly place: { readonly code: boolean } }[]): Line[] {
  return body.map(({ line, place }) => (place.code ? { text: "", start: line.start } : line));
}

const KEYWORDS = new Set(["if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac"]);

/** The program a command line runs: its first word after `VAR=value` assignments, when it is a plain name. */
function programOf(command: Located): Located | null {
  const m = /^((?:[A-Za-z_][A-Za-z0-9_]*=\S*[ \t]+)*)([A-Za-z0-9_./@+-]+)(?=$|[ \t;|&)])/.exec(command.text);
  const word = m?.[2];
  if (m === null || word === undefined || KEYWORDS.has(word)) return null;
  const start = command.at.start + (m[1] ?? "").length;
  return { text: word, at: { start, end: start + word.length } };
}

/** A YAML frontmatter block (`---` … `---` at the very top): its `name:` and `tool:` scalars. */
function frontmatter(lines: readonly Line[]): {
  readonly lines: number;
  readonly end: number;
  readonly keys: SkillDoc["frontmatter"];
} {
  if (lines[0]?.text.trim() !== "---") return { lines: 0, end: 0, keys: {} };
  const close = lines.findIndex((l, i) => i > 0 && /^(?:---|\.\.\.)[ \t]*$/.test(l.text));
  if (close === -1) return { lines: 0, end: 0, keys: {} };
  const keys: { name?: Located; tool?: Located } = {};
  for (const l of lines.slice(1, close)) {
    const m = /^(name|tool):[ \t]*(["']?)([^"'#\s][^"'#]*?)\2[ \t]*(?:#.*)?$/.exec(l.text);
    if (m === null) continue;
    const value = m[3] ?? "";
    const start = l.start + l.text.indexOf(value, (m[1] ?? "").length + 1);
    keys[m[1] as "name" | "tool"] = { text: value, at: { start, end: start + value.length } };
  }
  const last = lines[close] as Line;
  return { lines: close + 1, end: last.start + last.text.length, keys };
}
