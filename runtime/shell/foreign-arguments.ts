/**
 * The files a call of R or Julia names, read from its argument list (docs/adr/0789): the arguments are split at
 * the commas outside brackets, so a nested call (`write.csv(head(x), "out/a.csv")`) or a named option
 * (`row.names = FALSE`) no longer hides the file. R matches a named argument to a parameter by name (or a prefix of
 * one) before it fills the others by position, so a name this module does not know may take the file's place or
 * shift it: then every literal argument counts as a file, and an argument that is no literal leaves the call unread.
 * Strings have been set aside as `__Sn__` before this runs.
 */

import { splitArgs } from "./code-values.ts";

/** One argument: its name when given as `name = value`, and its value's text. */
interface Argument {
  readonly name: string | null;
  readonly value: string;
}

/**
 * Named options of the known calls whose value never names a file (R's exact names of parameters that come after
 * the file: `write.table`'s `row.names`, `read.csv`'s `header`, `list.files`' `pattern`, `render`'s `quiet`). None is
 * a prefix of a parameter that names a file or a folder (`file`, `con`, `path`, `input`, `pkg`, `output_dir`).
 */
const OPTIONS = new Set([
  "row.names",
  "col.names",
  "quote",
  "sep",
  "dec",
  "na",
  "eol",
  "append",
  "qmethod",
  "header",
  "fileEncoding",
  "encoding",
  "stringsAsFactors",
  "check.names",
  "comment.char",
  "na.strings",
  "colClasses",
  "nrows",
  "skip",
  "n",
  "ok",
  "warn",
  "skipNul",
  "useBytes",
  "compress",
  "version",
  "ascii",
  "pattern",
  "all.files",
  "full.names",
  "recursive",
  "ignore.case",
  "include.dirs",
  "no..",
  "local",
  "echo",
  "verbose",
  "quiet",
  "clean",
  "filter",
]);

/** The parameters that name the file, spelled whole: given by name, the file is no longer looked for by position. */
const FILE_PARAMETERS = new Set(["file", "con", "path", "input", "pkg", "package.dir"]);

/** Values that can never be a path: R's reserved constants and numbers, Julia's. */
const CONSTANTS: Readonly<Record<"r" | "julia", RegExp>> = {
  r: /^(?:TRUE|FALSE|NULL|NA|Inf|NaN|-?\d+(?:\.\d+)?L?)$/,
  julia: /^(?:true|false|nothing|-?\d+(?:\.\d+)?)$/,
};

const LITERAL = /^__S(\d+)__$/;

/** The arguments of a call, from the text just after its `(`; null when its `)` is not in the text. */
function callArguments(after: string): Argument[] | null {
  let depth = 0;
  for (let i = 0; i < after.length; i++) {
    const c = after[i]!;
    if (c === "(" || c === "[" || c === "{") depth++;
    else if ((c === ")" || c === "]" || c === "}") && depth > 0) depth--;
    else if (c === ")")
      return splitArgs(after.slice(0, i)).map((p) => {
        const named = /^\s*([A-Za-z_.][\w.]*)\s*=(?!=)([\s\S]*)$/.exec(p);
        return named === null ? { name: null, value: p.trim() } : { name: named[1]!, value: named[2]!.trim() };
      });
  }
  return null;
}

/**
 * The files a call names: the unnamed argument at `position` (0 for a read or a run, 1 for a write, after the
 * value) or the one named `file` (`con`, `path`...), and every literal given under a name this module does not
 * know. Null when one of them is no literal.
 */
export function callFiles(
  after: string,
  position: number,
  strings: readonly string[],
  language: "r" | "julia",
): string[] | null {
  const args = callArguments(after);
  if (args === null) return null;
  const files: string[] = [];
  const literal = (value: string): string | null => {
    const m = LITERAL.exec(value);
    return m === null ? null : strings[Number(m[1])]!;
  };
  // A name not known may be the file's parameter, or one before it that moves the file to another position.
  let moved = false;
  let named = false;
  for (const arg of args) {
    if (arg.name === null || OPTIONS.has(arg.name)) continue;
    const file = literal(arg.value);
    if (FILE_PARAMETERS.has(arg.name) && file === null) return null;
    if (FILE_PARAMETERS.has(arg.name)) named = true;
    else moved = true;
    if (file !== null) files.push(file);
    else if (!CONSTANTS[language].test(arg.value)) return null;
  }
  const unnamed = args.filter((a) => a.name === null);
  for (const [i, arg] of unnamed.entries()) {
    const file = literal(arg.value);
    if (file !== null && (moved || i >= position)) files.push(file);
    // Before the file's position is the value written; past it, options given by position (`read.csv(f, TRUE)`).
    else if (file === null && (moved ? !CONSTANTS[language].test(arg.value) : i === position && !named)) return null;
  }
  return files;
}
