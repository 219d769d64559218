/** One line of a markdown text: its text without the newline, and the offset where it starts. */
export interface Line {
  readonly text: string;
  readonly start: number;
}

export function linesOf(markdown: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  for (;;) {
    const nl = markdown.indexOf("\n", start);
    const end = nl === -1 ? markdown.length : nl;
    out.push({ text: markdown.slice(start, end).replace(/\r$/, ""), start });
    if (nl === -1) return out;
    start = nl + 1;
  }
}

/** Opening or closing a fenced code block, and the first word of its info string (`bash`, `sh`, …). */
const FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*([^\s`]*)/;

/** A closing fence has no info string. */
const CLOSING = /^ {0,3}(?:`{3,}|~{3,})[ \t]*$/;

/** Where a line sits: outside code, or inside a fenced block with that info word (`""` when none). */
export type Place = { readonly code: false } | { readonly code: true; readonly info: string; readonly fence: boolean };

/**
 * Each line with its place. The fence lines themselves are `{code: true, fence: true}`; an unclosed block runs
 * to the end of the text, as CommonMark reads it.
 */
export function placed(lines: readonly Line[]): { readonly line: Line; readonly place: Place }[] {
  let open: { readonly marker: string; readonly info: string } | null = null;
  return lines.map((line) => {
    const m = FENCE.exec(line.text);
    const marker = m?.[1];
    if (marker !== undefined) {
      if (open === null) {
        open = { marker, info: (m?.[2] ?? "").toLowerCase() };
        return { line, place: { code: true, info: open.info, fence: true } };
      }
      if (marker[0] === open.marker[0] && marker.length >= open.marker.length && CLOSING.test(line.text)) {
        const info = open.info;
        open = null;
        return { line, place: { code: true, info, fence: true } };
      }
    }
    return { line, place: open === null ? { code: false } : { code: true, info: open.info, fence: false } };
  });
}
