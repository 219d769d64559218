import { LineCounter, type Node } from "yaml";
import type { Range, Span } from "../core/index.ts";

/** One text the compiler reads (a rules file, RULEGATE_RULES_JSON, a SKILL.md), with its line index. */
export interface Source {
  /** The file name as diagnostics show it (relative paths stay relative). */
  readonly file: string;
  readonly text: string;
  readonly lines: LineCounter;
}

export function makeSource(file: string, text: string): Source {
  const lines = new LineCounter();
  lines.addNewLine(0);
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lines.addNewLine(i + 1);
  return { file, text, lines };
}

/**
 * The one conversion from offsets (0-based, end exclusive) to a `Span`. YAML node ranges, grammar ranges
 * mapped through a scalar, and annotation offsets in a SKILL.md all end here.
 */
export function spanAt(source: Source, range: Range): Span {
  const start = clamp(range.start, source.text.length);
  const end = Math.max(start, clamp(range.end, source.text.length));
  const a = source.lines.linePos(start);
  const b = source.lines.linePos(end);
  return { file: source.file, line: a.line, column: a.col, endLine: b.line, endColumn: b.col };
}

/** The span of a YAML node (its value, without trailing comments or whitespace). */
export function nodeSpan(source: Source, node: Node | null | undefined): Span {
  const r = node?.range;
  if (!r) return spanAt(source, { start: 0, end: 0 });
  return spanAt(source, { start: r[0], end: r[1] });
}

function clamp(n: number, max: number): number {
  return Math.min(Math.max(0, n), max);
}

/** A value read from a source, with where it came from. Strings that the grammar parses keep their YAML node. */
export interface Located<T> {
  readonly value: T;
  readonly span: Span;
  readonly source: Source;
  readonly node: Node | null;
}

export function located<T>(value: T, source: Source, node: Node | null): Located<T> {
  return { value, span: nodeSpan(source, node), source, node };
}
