/**
 * What `rg --files` prints (docs/adr/0768): the files below its folders that pass its `-g` globs, one a line, as
 * path globs `DIR/**\/NAME` as find-selection.ts writes find's. ripgrep matches a glob without a `/` against the
 * file's name at any depth; a `!` glob only takes files away, so the positive globs say what can be listed. It
 * skips hidden and ignored files unless told; the globs cover them anyway, on the cautious side. With no positive
 * glob it lists every file it does not skip (docs/adr/0791): `DIR/**\/*`, a walk whose names never start with a
 * dot, so `.env` and `.ssh` are not in it; told to list hidden or ignored files too, that is unknown. `rg -l
 * PATTERN DIR…` lists a subset of the same files (those with a match) and reads the same way. Anything else the
 * globs cannot say stays unknown (null): an option not listed here, a word not literal, symlinks followed out of
 * the tree (`-L`), a glob with a `/` or of wildcards only.
 */
import type { FindWord } from "./find-selection.ts";

/** Options that take no value and neither widen the listing past the folders' trees nor change how it prints. */
const FLAGS = new Set([
  "--files",
  "--hidden",
  "-.",
  "--no-ignore",
  "--no-ignore-vcs",
  "--no-ignore-parent",
  "--no-ignore-dot",
  "--no-ignore-global",
  "--no-ignore-exclude",
  "--no-ignore-files",
  "--unrestricted",
  "--null",
  "-0",
  "--one-file-system",
  "--no-messages",
  "-i",
  "--ignore-case",
  "-S",
  "--smart-case",
  "-s",
  "--case-sensitive",
  "--glob-case-insensitive",
  "--no-config",
  "--no-follow",
]);

/** Options that take a value and only narrow what is listed, or order it. */
const VALUED = new Set([
  "-t",
  "--type",
  "-T",
  "--type-not",
  "-d",
  "--max-depth",
  "--maxdepth",
  "--max-filesize",
  "--sort",
  "--sortr",
  "-j",
  "--threads",
  "--ignore-file",
  "--color",
]);

/** Options after which hidden or ignored files (`.env`, what .gitignore keeps out) are listed too. */
const REVEALING = /^(?:--hidden|-\.|--no-ignore.*|--unrestricted|-u{1,3})$/;

/** `rg -l` options that only choose which lines match, so only which of the walked files are listed. */
const SEARCH_FLAGS = new Set([
  "-l",
  "--files-with-matches",
  "-w",
  "--word-regexp",
  "-x",
  "--line-regexp",
  "-F",
  "--fixed-strings",
  "-U",
  "--multiline",
  "-P",
  "--pcre2",
]);

const GLOBS = new Set(["-g", "--glob", "--iglob"]);
const NAME_GLOB = /^[A-Za-z0-9_.*?[\]-]+$/;

/**
 * `rg --files …` or `rg -l PATTERN …` (the words after the program name) as path globs; null when unknown. With
 * `-l` the first operand is the pattern unless `-e` gave one.
 */
export function rgFilesSelection(args: readonly FindWord[]): readonly string[] | null {
  const names: string[] = [];
  const dirs: string[] = [];
  const matching = !args.some((w) => w.value === "--files");
  let pattern = matching && !args.some((w) => w.value === "-e" || w.value.startsWith("--regexp"));
  let revealing = false;
  let options = true;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w.dynamic) return null;
    if (!options || !w.value.startsWith("-") || w.value === "-") {
      if (pattern) pattern = false;
      else dirs.push(w.value);
      continue;
    }
    if (w.value === "--") {
      options = false;
      continue;
    }
    const eq = w.value.startsWith("--") ? w.value.indexOf("=") : -1;
    const option = eq > 0 ? w.value.slice(0, eq) : w.value;
    const glued = /^-g(.+)$/.exec(w.value)?.[1];
    const value = (): string | null => {
      if (eq > 0) return w.value.slice(eq + 1);
      if (glued !== undefined) return glued;
      const next = args[++i];
      return next === undefined || next.dynamic ? null : next.value;
    };
    if (GLOBS.has(option) || glued !== undefined) {
      const glob = value();
      if (glob === null) return null;
      if (glob.startsWith("!")) continue;
      if (!NAME_GLOB.test(glob) || !/[^*?.]/.test(glob.replace(/\[[^\]]*\]/g, ""))) return null;
      names.push(glob);
    } else if (VALUED.has(option) || (matching && (option === "-e" || option === "--regexp"))) {
      if (value() === null) return null;
    } else if (REVEALING.test(option)) revealing = true;
    else if (!FLAGS.has(option) && !(matching && SEARCH_FLAGS.has(option))) return null;
  }
  if (matching && (pattern || !args.some((w) => w.value === "-l" || w.value === "--files-with-matches"))) return null;
  if (names.length === 0) {
    if (revealing) return null;
    names.push("*");
  }
  const roots = dirs.length === 0 ? ["."] : dirs;
  if (roots.some((d) => d === "" || /[*?[\]$`'"\\\s]/.test(d))) return null;
  return roots.flatMap((d) => names.map((n) => `${d.replace(/\/+$/, "") || "/"}/**/${n}`.replace(/^\/\//, "/")));
}
