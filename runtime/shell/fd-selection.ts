/**
 * What `fd` hands to `-x`/`-X` (docs/adr/0685): the files below its search folder that pass its extension, glob
 * or plain-word pattern, written as one path glob `DIR/**\/NAME` as find-selection.ts writes find's, so the checks
 * judge `{}` by what it can be instead of failing closed on `$fd_result`. fd skips hidden and ignored files unless
 * told (`-H`, `-I`, `-u`); the glob covers them anyway, on the cautious side. Anything the glob cannot say stays
 * unknown (null): an option not listed here, a word not literal, more than one folder, symlinks followed out of
 * the tree (`-L`), a pattern that is a real regular expression or tested against the whole path (`-p`), or several
 * extensions. A pattern every name matches (none, `.`, `^`) selects every file fd does not skip (docs/adr/0791):
 * `DIR/**\/*`, a walk whose names never start with a dot; told to find hidden or ignored files too, unknown.
 */
import { posix } from "node:path";
import type { FindWord } from "./find-selection.ts";

/** Options that take no value and do not widen the selection past the folder's tree. */
const FLAGS = new Set([
  ..."HIusigFal01qhV".split("").map((c) => `-${c}`),
  "--hidden",
  "--no-hidden",
  "--no-ignore",
  "--no-ignore-vcs",
  "--no-ignore-parent",
  "--no-require-git",
  "--unrestricted",
  "--case-sensitive",
  "--ignore-case",
  "--glob",
  "--regex",
  "--fixed-strings",
  "--absolute-path",
  "--relative-path",
  "--list-details",
  "--print0",
  "--prune",
  "--one-file-system",
  "--mount",
  "--xdev",
  "--quiet",
  "--show-errors",
  "--strip-cwd-prefix",
  "--no-follow",
  "--no-global-ignore-file",
]);

/** Options that take a value and only narrow what is found, or only say how it is printed. */
const VALUED = new Set([
  "-t",
  "--type",
  "-E",
  "--exclude",
  "-d",
  "--max-depth",
  "--min-depth",
  "--exact-depth",
  "-S",
  "--size",
  "--changed-within",
  "--changed-before",
  "--change-newer-than",
  "--change-older-than",
  "--newer",
  "--older",
  "-o",
  "--owner",
  "-c",
  "--color",
  "-j",
  "--threads",
  "--max-results",
  "--path-separator",
  "--ignore-file",
  "--batch-size",
  "--format",
  "--and",
]);

/** Options after which hidden or ignored files (`.env`, what .gitignore keeps out) are found too. */
const REVEALING = /^(?:-[HIusiFal0]*[HIu][HIusiFal0]*|--hidden|--no-ignore.*|--unrestricted)$/;

/** Regular expressions every name matches. */
const EVERY_NAME = new Set(["", ".", "^", ".*", "^.*$", "$"]);

/** A pattern read as a name glob: `-g` globs of one segment, or a plain word fd's regex finds anywhere in the name. */
const PLAIN_WORD = /^[A-Za-z0-9_-]+$/;
const NAME_GLOB = /^[A-Za-z0-9_.*?[\]-]+$/;

/** fd's words before its `-x`/`-X` (the program name excluded), as a path glob; null when unknown. */
export function fdSelection(args: readonly FindWord[]): string | null {
  const exts: string[] = [];
  const positional: string[] = [];
  const searchPaths: string[] = [];
  let base: string | null = null;
  let glob = false;
  const revealing = args.some((w) => REVEALING.test(w.value));
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w.dynamic) return null;
    const [option, inline] = w.value.startsWith("--") && w.value.includes("=") ? splitInline(w.value) : [w.value, null];
    const value = (): string | null => {
      if (inline !== null) return inline;
      const next = args[++i];
      return next === undefined || next.dynamic ? null : next.value;
    };
    if (option === "-e" || option === "--extension") {
      const ext = value();
      if (ext === null || !/^\.?[A-Za-z0-9_-]+$/.test(ext)) return null;
      exts.push(ext.replace(/^\./, ""));
    } else if (option === "--search-path" || option === "--base-directory") {
      const dir = value();
      if (dir === null || !literalDir(dir)) return null;
      if (option === "--search-path") searchPaths.push(dir);
      else base = dir;
    } else if (VALUED.has(option)) {
      if (value() === null) return null;
    } else if (option === "-g" || option === "--glob") glob = true;
    else if (option === "--regex" || option === "-F" || option === "--fixed-strings") glob = false;
    else if (FLAGS.has(option) || /^-[HIusiFal0]{2,}$/.test(option)) continue;
    else if (option.startsWith("-") && option !== "-") return null;
    else positional.push(option);
  }
  const [pattern, ...paths] = positional;
  const dirs = [...paths, ...searchPaths];
  if (dirs.length > 1 || (pattern !== undefined && searchPaths.length > 0 && paths.length > 0)) return null;
  const dir = dirs[0] ?? ".";
  if (!literalDir(dir)) return null;
  // Relative folders are below `--base-directory`, where fd runs.
  const root = (base === null || dir.startsWith("/") || dir.startsWith("~") ? dir : posix.join(base, dir)).replace(
    /\/+$/,
    "",
  );
  const name =
    nameGlob(exts, pattern, glob) ??
    (exts.length === 0 && !revealing && !glob && EVERY_NAME.has(pattern ?? "") ? "*" : null);
  if (name === null) return null;
  return `${root}/**/${name}`;
}

/** The name every selected file has: its one extension, else the pattern as a glob. */
function nameGlob(exts: readonly string[], pattern: string | undefined, glob: boolean): string | null {
  if (exts.length > 1) return null;
  // With an extension the pattern only narrows further.
  if (exts.length === 1) return `*.${exts[0]}`;
  if (pattern === undefined || pattern === "") return null;
  if (glob) return NAME_GLOB.test(pattern) ? pattern : null;
  return PLAIN_WORD.test(pattern) ? `*${pattern}*` : null;
}

function splitInline(word: string): [string, string] {
  const at = word.indexOf("=");
  return [word.slice(0, at), word.slice(at + 1)];
}

function literalDir(dir: string): boolean {
  return dir !== "" && !/[*?[\]$`'"\\\s]/.test(dir);
}
