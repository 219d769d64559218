/**
 * Globs over text without segments: bash commands, URLs, hosts, canonical JSON. Only `*` is special and it
 * spans any text, spaces, slashes and newlines included (docs/adr/0090). Every other character is literal:
 * commands and URLs are full of `?`, `[`, `{`, `(` and `!`, and a user who copies one into a pattern means
 * that text.
 *
 * Not picomatch: its `*` refuses `.`/`..` segments and newlines, so `bash(rm *)` would miss
 * `rm ../../x` and `git commit -m "a<newline>b"` (a deny that fails open). Not a RegExp from the glob either:
 * `[\s\S]*` per star backtracks polynomially on a 100 kB command. Leftmost-first search over the literal
 * pieces is linear per piece and exact for `*`-only globs.
 */

export type TextMatcher = (text: string) => boolean;

export interface StarGlobOptions {
  /** Case-insensitive (hosts). The glob is lower-cased once; the caller lower-cases the text. */
  readonly lowerCase?: boolean;
}

/** Compiles a `*`-only glob. `prefix`: the glob, then the end or a space and anything (a word boundary). */
export function starGlob(glob: string, prefix = false, options: StarGlobOptions = {}): TextMatcher {
  const source = options.lowerCase === true ? glob.toLowerCase() : glob;
  const pieces = source.split("*");
  if (!prefix) return (text) => matchPieces(pieces, text);
  // `glob( *)?`: the extra piece list is the glob followed by " " and a star.
  const extended = [...pieces.slice(0, -1), `${pieces.at(-1) ?? ""} `, ""];
  return (text) => matchPieces(pieces, text) || matchPieces(extended, text);
}

/** pieces = glob.split("*"): the first is a prefix, the last a suffix, the middle ones in order between. */
function matchPieces(pieces: readonly string[], text: string): boolean {
  const first = pieces[0] ?? "";
  if (pieces.length === 1) return text === first;
  const last = pieces[pieces.length - 1] ?? "";
  if (first.length + last.length > text.length) return false;
  if (!text.startsWith(first) || !text.endsWith(last)) return false;
  let at = first.length;
  const end = text.length - last.length;
  for (let i = 1; i < pieces.length - 1; i++) {
    const piece = pieces[i] ?? "";
    if (piece === "") continue;
    const found = text.indexOf(piece, at);
    if (found === -1 || found + piece.length > end) return false;
    at = found + piece.length;
  }
  return true;
}
