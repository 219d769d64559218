/**
 * What `rg --files` prints (docs/adr/0768): the files below its folders that pass its `-g` globs, one a line, as
 * path globs `DIR/**\/NAME` as find-selection.ts writes find's. ripgrep matches a glob without a `/` against the
 * file's name at any depth; a `!` glob only takes files away, so the positive globs say what can be listed. It
 * skips hidden and ignored files unless told; the globs cover them anyway, on the cautious side. Anything the
 * globs cannot say stays unknown (null): an option not listed here, a word not literal, symlinks followed out of
 * the tree (`-L`), a glob with a `/` or of wildcards only, or no positive glob at all (every file).
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

const GLOBS = new Set(["-g", "--glob", "--iglob"]);
const NAME_GLOB = /^[A-Za-z0-9_.*?[\]-]+$/;

/** `rg --files …` (the words after the program name) as path globs; null when unknown. */
export function rgFilesSelection(args: readonly FindWord[]): readonly string[] | null {
  const names: string[] = [];
  const dirs: string[] = [];
  let options = true;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w.dynamic) return null;
    if (!options || !w.value.startsWith("-") || w.value === "-") {
      dirs.push(w.value);
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
    } else if (VALUED.has(option)) {
      if (value() === null) return null;
    } else if (!FLAGS.has(option) && !/^-u{1,3}$/.test(option)) return null;
  }
  if (names.length === 0) return null;
  const roots = dirs.length === 0 ? ["."] : dirs;
  if (roots.some((d) => d === "" || /[*?[\]$`'"\\\s]/.test(d))) return null;
  return roots.flatMap((d) => names.map((n) => `${d.replace(/\/+$/, "") || "/"}/**/${n}`.replace(/^\/\//, "/")));
}
