import type { IToken } from "chevrotain";
import type { Range } from "../core/index.ts";

/**
 * The one conversion from Chevrotain's inclusive token offsets to a `Range` (end exclusive). A token that
 * recovery invented (`isInsertedInRecovery`, NaN offsets) has no place in the text: null.
 */
export function tokenRange(token: IToken | undefined): Range | null {
  if (token === undefined || token.isInsertedInRecovery === true || Number.isNaN(token.startOffset)) return null;
  return { start: token.startOffset, end: token.startOffset + token.image.length };
}

export function span(from: Range, to: Range): Range {
  return { start: from.start, end: to.end };
}

export function shift(r: Range, by: number): Range {
  return { start: r.start + by, end: r.end + by };
}
