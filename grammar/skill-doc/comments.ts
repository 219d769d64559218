import type { Line, Place } from "./lines.ts";
import type { DocLabel, Located } from "./types.ts";

/** Code blocks whose lines are shell commands (`console` ones prefix them with `$ `). */
const SHELL = new Set(["", "sh", "bash", "shell", "zsh", "console", "shell-session", "shellsession", "terminal"]);
const PROMPTED = new Set(["console", "shell-session", "shellsession", "terminal"]);

/** `# LEVEL — note` or `# ⚠️ LEVEL — note`: a comment that is a level word, optionally a dash and a note. */
const COMMENT =
  /^([ \t]*#[ \t]*)(⚠\uFE0F?[ \t]*)?(\**)([A-Za-z][A-Za-z_]*)\**[ \t]*(?:(?:—|–|--?|:)[ \t]*(.*?))?[ \t]*$/u;

export function isShell(place: Place): boolean {
  return place.code && !place.fence && SHELL.has(place.info);
}

/** The command of a line of a shell block: without a `$ ` prompt; null for blank lines, comments, and output. */
export function commandOf(line: Line, place: Place): Located | null {
  if (!isShell(place) || !place.code) return null;
  const prompt = /^[ \t]*\$[ \t]+/.exec(line.text);
  if (prompt === null && PROMPTED.has(place.info)) return null;
  const skip = prompt?.[0].length ?? line.text.length - line.text.trimStart().length;
  const text = line.text.slice(skip).trimEnd();
  if (text === "" || text.startsWith("#")) return null;
  return { text, at: { start: line.start + skip, end: line.start + skip + text.length } };
}

/**
 * A label comment in a shell block, with the command line it labels: the next command line of the same block
 * (the caller passes the lines after it, up to the block's end).
 */
export function commentLabel(
  line: Line,
  place: Place,
  rest: readonly { readonly line: Line; readonly place: Place }[],
): DocLabel | null {
  if (!isShell(place)) return null;
  // In a transcript block the comment may follow the prompt: `$ # DESTRUCTIVE — …`.
  const prompt = /^[ \t]*\$(?=[ \t]+#)/.exec(line.text)?.[0].length ?? 0;
  const text = line.text.slice(prompt);
  const m = COMMENT.exec(text);
  if (m === null) return null;
  const word = m[4] ?? "";
  const wordStart = line.start + prompt + (m[1] ?? "").length + (m[2] ?? "").length + (m[3] ?? "").length;
  const noteText = m[5] ?? "";
  const noteStart = line.start + prompt + text.lastIndexOf(noteText);
  let next: Located | null = null;
  for (const r of rest) {
    if (!isShell(r.place)) break;
    next = commandOf(r.line, r.place);
    if (next !== null) break;
  }
  return {
    format: "comment",
    level: { text: word, at: { start: wordStart, end: wordStart + word.length }, explicit: m[2] !== undefined },
    note: noteText === "" ? null : { text: noteText, at: { start: noteStart, end: noteStart + noteText.length } },
    next,
    at: { start: line.start, end: line.start + line.text.length },
  };
}
