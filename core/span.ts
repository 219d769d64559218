/** A region of a source file, 1-based lines and columns, end exclusive. The one location type of rulegate. */
export interface Span {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/** Offsets into one string (0-based, end exclusive): what the grammar reports before the compiler maps it into a file. */
export interface Range {
  readonly start: number;
  readonly end: number;
}
