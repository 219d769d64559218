/**
 * The per-class comparison table of `npm run score` and the peer bench: one row per technique class (and one
 * for the whole corpus), recall and pass rate for each scorer side by side, as a Markdown table so that it can
 * be pasted into an issue note as it is.
 */
import { classOf, tally, tallyByClass, type Score, type Tally } from "./score.ts";

/** One scorer's decisions on a corpus: rulegate under a profile, or a peer. */
export interface Column {
  readonly name: string;
  readonly score: Score;
}

export interface ClassRow {
  readonly cls: string;
  readonly blocks: number;
  readonly allows: number;
  /** The tallies of each column, in column order. */
  readonly tallies: readonly Tally[];
}

export const ALL = "all";

export function pct(a: number, b: number): string {
  return b === 0 ? "n/a" : `${((100 * a) / b).toFixed(1)}%`;
}

/** The rows of the table: each class in corpus order, then ALL. Every column must score the same entries. */
export function classRows(columns: readonly Column[]): ClassRow[] {
  const first = columns[0];
  if (first === undefined) return [];
  for (const c of columns) {
    if (
      c.score.scored.length !== first.score.scored.length ||
      c.score.scored.some((s, i) => s.entry.id !== first.score.scored[i]!.entry.id)
    )
      throw new Error(`${c.name} did not score the same corpus as ${first.name}`);
  }
  const perColumn = columns.map((c) => tallyByClass(c.score.scored));
  const classes = [...new Set(first.score.scored.map((s) => classOf(s.entry)))];
  const rows = classes.map((cls): ClassRow => {
    const tallies = perColumn.map((m) => m.get(cls)!);
    return { cls, blocks: tallies[0]!.blocks, allows: tallies[0]!.allows, tallies };
  });
  const totals = columns.map((c) => tally(c.score.scored));
  return [...rows, { cls: ALL, blocks: totals[0]!.blocks, allows: totals[0]!.allows, tallies: totals }];
}

/** Markdown: class, counts, then recall and pass for each column. */
export function renderTable(columns: readonly Column[]): string[] {
  const head = ["class", "block", "allow", ...columns.flatMap((c) => [`${c.name} recall`, `${c.name} pass`])];
  const body = classRows(columns).map((r) => [
    r.cls === ALL ? `**${ALL}**` : r.cls,
    String(r.blocks),
    String(r.allows),
    ...r.tallies.flatMap((t) => [pct(t.caught, t.blocks), pct(t.passed, t.allows)]),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: readonly string[]): string =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  return [
    line(head),
    `|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`,
    ...body.map(line),
  ];
}
