import type { Line } from "./lines.ts";
import type { DocLabel, Located } from "./types.ts";

/** The delimiter row under a table's header: `|---|:---:|`. */
const DELIMITER = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const BACKTICKED = /`([^`]+)`/g;
const WORD = /[A-Za-z][A-Za-z_]*/;

/**
 * The labels of the markdown tables among `lines` (all outside code): a body row whose first cell holds a
 * word (bold and emoji allowed) and whose other cells hold backticked words. The compiler decides whether the
 * word is a level; a table of anything else labels nothing.
 */
export function tableLabels(lines: readonly Line[]): DocLabel[] {
  const out: DocLabel[] = [];
  for (let i = 1; i < lines.length; i++) {
    const header = lines[i - 1] as Line;
    if (!DELIMITER.test((lines[i] as Line).text) || !header.text.includes("|")) continue;
    for (i++; i < lines.length && (lines[i] as Line).text.includes("|"); i++) {
      const label = rowLabel(lines[i] as Line);
      if (label !== null) out.push(label);
    }
  }
  return out;
}

function rowLabel(line: Line): DocLabel | null {
  const [first, ...others] = cells(line);
  if (first === undefined) return null;
  const word = WORD.exec(first.text);
  if (word === null) return null;
  const operations: Located[] = [];
  for (const c of others)
    for (const m of c.text.matchAll(BACKTICKED)) {
      const text = (m[1] ?? "").trim();
      // An option in a note (`--force`) is not an operation.
      if (text === "" || text.startsWith("-")) continue;
      const start = c.at.start + m.index + 1 + ((m[1] ?? "").length - (m[1] ?? "").trimStart().length);
      operations.push({ text, at: { start, end: start + text.length } });
    }
  if (operations.length === 0) return null;
  const at = first.at.start + word.index;
  return {
    format: "table",
    level: { text: word[0], at: { start: at, end: at + word[0].length }, explicit: false },
    operations,
    at: { start: line.start, end: line.start + line.text.length },
  };
}

/** The cells of a row, split at pipes that are neither escaped nor inside backticks; outer pipes dropped. */
function cells(line: Line): Located[] {
  const out: Located[] = [];
  const text = line.text;
  let start = 0;
  let code = false;
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    if (c === "`") code = !code;
    else if (c === "\\") i++;
    else if ((c === "|" && !code) || i === text.length) {
      out.push({ text: text.slice(start, i), at: { start: line.start + start, end: line.start + i } });
      start = i + 1;
    }
  }
  if (out.length > 0 && (out[0] as Located).text.trim() === "" && text.trimStart().startsWith("|")) out.shift();
  if (out.length > 0 && (out[out.length - 1] as Located).text.trim() === "") out.pop();
  return out;
}
