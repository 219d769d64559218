import type { DocLabel, Located } from "./types.ts";
import type { Line } from "./lines.ts";

/** An ATX heading: its text without the `#`s and without an optional closing run of `#`. */
const HEADING = /^( {0,3}#{1,6}[ \t]+)(.*?)(?:[ \t]+#+)?[ \t]*$/;
/** The warning sign (with or without the emoji variation selector), then the level word, bold allowed. */
const WARNING = /⚠\uFE0F?[ \t]*\**[ \t]*([A-Za-z][A-Za-z_]*)/u;
/** A parenthesised level at the end, with an optional note after a dash or a colon: `(WRITE — sends mail)`. */
const PARENS = /\([ \t]*\**([A-Za-z][A-Za-z_]*)\**[ \t]*(?:(?:—|–|--?|:)[^()]*)?\)[ \t]*$/;

/**
 * `#### delete ⚠️ DESTRUCTIVE` and `#### label (WRITE — …)`: the text before the marker names the operation.
 * A heading with no marker labels nothing. After ⚠️ the word must be a level (explicit); a parenthesised word
 * only may be one, which the compiler decides (`(optional)` is not a marker).
 */
export function headingLabel(line: Line): DocLabel | null {
  const m = HEADING.exec(line.text);
  if (m === null) return null;
  const body = m[2] ?? "";
  const bodyStart = line.start + (m[1] ?? "").length;
  const warning = WARNING.exec(body);
  const parens = warning === null ? PARENS.exec(body) : null;
  const found = warning ?? parens;
  if (found === null) return null;
  const word = found[1] ?? "";
  const wordAt = bodyStart + found.index + found[0].search(/[A-Za-z]/);
  const name = nameBefore(body.slice(0, found.index), bodyStart);
  return {
    format: "heading",
    level: { text: word, at: { start: wordAt, end: wordAt + word.length }, explicit: warning !== null },
    name,
    at: { start: line.start, end: line.start + line.text.length },
  };
}

/** The heading text before the marker, without the punctuation that joins them (`delete (`, `send —`). */
function nameBefore(text: string, start: number): Located {
  const trimmed = text.replace(/[\s([—–:*-]+$/u, "");
  const lead = trimmed.length - trimmed.trimStart().length;
  return { text: trimmed.trim(), at: { start: start + lead, end: start + trimmed.length } };
}
