import { ownEntry } from "../core/index.ts";
import { isScalar, type Node } from "yaml";
import type { Range, Span } from "../core/index.ts";
import { spanAt, type Located } from "./source.ts";

/**
 * Maps offsets inside a string value back to offsets in the YAML text, through every scalar style:
 * plain and quoted flow scalars (folding, `''`, escapes such as `\t`, `\u00e9`, escaped line breaks)
 * and block scalars (`|`, `>`, indentation). An error at offset 7 of an expression lands on the
 * character the user typed. When a scalar uses a form this mapper does not reproduce exactly, every
 * offset maps to the whole scalar: coarser, never wrong.
 */
interface OffsetMap {
  /** Source offset of the token that produced value char i; one extra entry for the end. */
  readonly starts: readonly number[];
  /** Source offset just after that token. */
  readonly ends: readonly number[];
}

const cache = new WeakMap<Node, OffsetMap | null>();

/** The span of `range` (offsets into the string value) inside the file. */
export function valueSpan(loc: Located<string>, range: Range): Span {
  const node = loc.node;
  if (!node || !isScalar(node) || !node.range) return loc.span;
  let map = cache.get(node);
  if (map === undefined) {
    const parentIndent = (node.srcToken as { indent?: number } | undefined)?.indent ?? 0;
    map = buildMap(loc.source.text, node.range[0], node.range[1], node.type, loc.value, parentIndent);
    cache.set(node, map);
  }
  if (map === null) return loc.span;
  const n = loc.value.length;
  const a = Math.min(Math.max(0, range.start), n);
  const b = Math.min(Math.max(a, range.end), n);
  const start = map.starts[a] ?? node.range[1];
  const end = b > a ? (map.ends[b - 1] ?? node.range[1]) : start;
  return spanAt(loc.source, { start, end });
}

function buildMap(
  text: string,
  start: number,
  end: number,
  style: string | undefined,
  value: string,
  parentIndent: number,
): OffsetMap | null {
  const out = new Builder();
  if (style === "BLOCK_LITERAL" || style === "BLOCK_FOLDED")
    scanBlock(text, start, end, style === "BLOCK_FOLDED", parentIndent, out);
  else scanFlow(text, start, end, style === "QUOTE_SINGLE" ? "'" : style === "QUOTE_DOUBLE" ? '"' : "", out);
  const produced = out.chars.join("");
  // Block chomping only changes trailing newlines; compare without them.
  const trimmed = value.replace(/\n+$/, "");
  if (produced.replace(/\n+$/, "") !== trimmed) return null;
  out.starts.length = value.length;
  out.ends.length = value.length;
  for (let i = 0; i < value.length; i++) {
    out.starts[i] ??= end;
    out.ends[i] ??= end;
  }
  out.starts.push(value.length > 0 ? (out.ends[value.length - 1] ?? end) : start);
  return { starts: out.starts, ends: out.ends };
}

class Builder {
  readonly chars: string[] = [];
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  /** Whether char i came from literal whitespace (may be dropped before a fold). */
  readonly rawSpace: boolean[] = [];
  emit(s: string, from: number, to: number, rawSpace = false): void {
    for (const ch of s.split("")) {
      this.chars.push(ch);
      this.starts.push(from);
      this.ends.push(to);
      this.rawSpace.push(rawSpace);
    }
  }
  dropTrailingRawSpace(): void {
    while (this.rawSpace.length > 0 && this.rawSpace[this.rawSpace.length - 1] === true) {
      this.chars.pop();
      this.starts.pop();
      this.ends.pop();
      this.rawSpace.pop();
    }
  }
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  "0": "\0",
  a: "\x07",
  b: "\b",
  t: "\t",
  "\t": "\t",
  n: "\n",
  v: "\v",
  f: "\f",
  r: "\r",
  e: "\x1b",
  " ": " ",
  '"': '"',
  "/": "/",
  "\\": "\\",
  N: "\u0085",
  _: "\u00a0",
  L: "\u2028",
  P: "\u2029",
};
const HEX_ESCAPES: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

function scanFlow(text: string, start: number, end: number, quote: string, out: Builder): void {
  let i = start + quote.length;
  const stop = end - quote.length;
  while (i < stop) {
    const c = text[i] ?? "";
    if (c === "\n" || c === "\r") {
      out.dropTrailingRawSpace();
      let breaks = 0;
      const at = i;
      while (i < stop && /[ \t\r\n]/.test(text[i] ?? "")) {
        if (text[i] === "\n") breaks++;
        i++;
      }
      out.emit(breaks <= 1 ? " " : "\n".repeat(breaks - 1), at, at + 1);
      continue;
    }
    if (quote === "'" && c === "'" && text[i + 1] === "'") {
      out.emit("'", i, i + 2);
      i += 2;
      continue;
    }
    if (quote === '"' && c === "\\") {
      const n = text[i + 1] ?? "";
      if (n === "\n" || n === "\r") {
        i += 2;
        while (i < stop && /[ \t\r\n]/.test(text[i] ?? "")) i++;
        continue;
      }
      const simple = ownEntry(SIMPLE_ESCAPES, n);
      if (simple !== undefined) {
        out.emit(simple, i, i + 2);
        i += 2;
        continue;
      }
      const width = ownEntry(HEX_ESCAPES, n);
      if (width !== undefined) {
        const code = Number.parseInt(text.slice(i + 2, i + 2 + width), 16);
        out.emit(Number.isNaN(code) ? "" : String.fromCodePoint(code), i, i + 2 + width);
        i += 2 + width;
        continue;
      }
    }
    out.emit(c, i, i + 1, c === " " || c === "\t");
    i++;
  }
}

interface BlockLine {
  readonly from: number;
  readonly text: string;
}

function scanBlock(
  text: string,
  start: number,
  end: number,
  folded: boolean,
  parentIndent: number,
  out: Builder,
): void {
  const headerEnd = text.indexOf("\n", start);
  if (headerEnd === -1 || headerEnd >= end) return;
  const explicit =
    /^[|>][+-]?([1-9])/.exec(text.slice(start, headerEnd)) ?? /^[|>]([1-9])/.exec(text.slice(start, headerEnd));
  const raw: BlockLine[] = [];
  for (let at = headerEnd + 1; at < end; ) {
    const nl = text.indexOf("\n", at);
    const stop = nl === -1 || nl > end ? end : nl;
    raw.push({ from: at, text: text.slice(at, stop).replace(/\r$/, "") });
    at = stop + 1;
  }
  const first = raw.find((l) => l.text.replace(/^ */, "") !== "");
  const indent = explicit ? parentIndent + Number(explicit[1]) : first ? (/^ */.exec(first.text)?.[0].length ?? 0) : 0;
  const lines = raw.map((l) => ({ from: l.from + Math.min(indent, l.text.length), text: l.text.slice(indent) }));
  const normal = (l: BlockLine | undefined): boolean => l !== undefined && l.text !== "" && !/^[ \t]/.test(l.text);
  lines.forEach((line, idx) => {
    if (idx > 0) {
      const prev = lines[idx - 1];
      const sepAt = line.from - 1;
      if (!folded) out.emit("\n", sepAt, sepAt + 1);
      else if (normal(prev) && normal(line)) out.emit(" ", sepAt, sepAt + 1);
      else if (normal(prev) && line.text === "" && normal(lines.slice(idx).find((l) => l.text !== ""))) {
        // the break before a run of empty lines between two normal lines is folded away
      } else out.emit("\n", sepAt, sepAt + 1);
    }
    for (let k = 0; k < line.text.length; k++) out.emit(line.text[k] ?? "", line.from + k, line.from + k + 1);
  });
  if (lines.length > 0) out.emit("\n", end, end);
}
