/**
 * The ex commands a scripted edit uses and that only change the buffer of the file being edited, then write it
 * back (docs/adr/0686): `vim -c ':%s/foo/bar/g' -c ':wq' FILE`, `ex -sc '%s/a/b/ | x' FILE`. Such a call is the
 * write of FILE that `vim FILE` already is. Anything else, or any doubt, is not in the vocabulary: `!`, `r !`,
 * `w OTHER`, `so`, `py`, `lua`, `call system()`, `normal`, a `\=` expression in a substitution, an option that names
 * a file or a program.
 */

/** `[range]`: line numbers, `.`, `$`, `%`, marks, offsets, and the separators between them. */
const RANGE = String.raw`(?:[%.$,;]|\d+|'[a-z<>]|[+-]\d*)*`;
/** `:s/pat/rep/flags` with any punctuation delimiter; the body is checked separately for `\=`. */
const SUBSTITUTE = new RegExp(
  String.raw`^${RANGE}\s*s(?:u(?:b(?:s(?:t(?:i(?:t(?:u(?:t(?:e)?)?)?)?)?)?)?)?)?([^\w\s\\|"])`,
);
/** `:g/pat/d` and `:v/pat/d`: delete the lines that match (or do not). */
const GLOBAL_DELETE = new RegExp(
  String.raw`^${RANGE}\s*(?:g(?:lobal)?!?|v(?:global)?)([^\w\s\\|"])(?:\\.|(?!\1).)*\1\s*d(?:elete)?$`,
);
/** Write the file being edited and/or quit; `w` with a file name is another command. */
const WRITE_QUIT = /^(?:w|wq|x|xit|exit|q|quit|qa|qall|wa|wall|wqa|wqall|xa|xall|up|update)!?$/;
/** Options that shape text or the display, never naming a file or a program. */
const SAFE_OPTIONS = new Set(
  (
    "expandtab et noexpandtab noet tabstop ts shiftwidth sw softtabstop sts fileformat ff fileencoding fenc bomb " +
    "nobomb textwidth tw fixeol nofixeol fixendofline nofixendofline eol noeol list nolist number nu nonumber nonu " +
    "paste nopaste wrap nowrap ignorecase ic noignorecase noic smartcase scs nosmartcase magic nomagic wrapscan ws " +
    "nowrapscan nows backup nobackup writebackup nowritebackup wb nowb swapfile noswapfile swf noswf binary bin " +
    "nobinary nobin undofile noundofile udf noudf retab autoindent ai noautoindent noai"
  ).split(" "),
);

/** Whether one ex command line (`-c`'s value, `+cmd`) is in the vocabulary, every `|`-separated part of it. */
export function safeExLine(line: string): boolean {
  const parts = line.split(/(?<!\\)\|/);
  return parts.length > 0 && parts.every((p) => safeExCommand(p.replace(/^[\s:]+/, "").trim()));
}

function safeExCommand(command: string): boolean {
  if (command === "") return true;
  if (WRITE_QUIT.test(command) || /^(?:noh(?:lsearch)?|%?retab!?(?:\s+\d+)?)$/.test(command)) return true;
  if (SUBSTITUTE.test(command)) return !command.includes("\\=");
  if (GLOBAL_DELETE.test(command)) return true;
  const set = /^(?:set?|setl(?:ocal)?)\s+(.+)$/.exec(command);
  return set !== null && set[1]!.split(/\s+/).every((o) => SAFE_OPTIONS.has(o.replace(/[=:][\w.-]*$|[!&]$/, "")));
}
