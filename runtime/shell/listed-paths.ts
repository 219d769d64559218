/**
 * The paths a file lister prints into a pipe, as path globs (docs/adr/0441): `find . -name '*.md' | xargs grep x`
 * hands grep the entries find selects (find-selection.ts), `git ls-files '*.ts' | xargs …` the tracked files its
 * pathspecs match, `fd -e tmp` and `rg --files -g '*.tmp'` the files their name tests pass (docs/adr/0768), and
 * `rg --files DIR`, `rg -l PATTERN DIR` and `fd . DIR` the files below DIR they do not skip (docs/adr/0791).
 * xargs then runs its command on those, not on arguments nobody can see. Only a stage of one literal command that
 * prints nothing but paths counts: a find that runs or prints anything else (`-exec`, `-printf`, `-ls`), an fd
 * that runs a command or prints details, or a git ls-files whose output carries more than names (`-s`,
 * `--format`) stays unknown.
 */
import { fdSelection } from "./fd-selection.ts";
import { findSelection } from "./find-selection.ts";
import { rgFilesSelection } from "./rg-files-selection.ts";
import type { RawCommand } from "./walk.ts";
import type { Word } from "./words.ts";

/** find primaries that print something other than the selected paths, or run a command that may. */
const FIND_OUTPUT = /^-(?:exec|execdir|ok|okdir|printf|fprintf|fprint|fprint0|ls|fls|delete)$/;

/** fd options that run a command on what it finds, or print more than the paths (`-l` is `ls -l`'s lines). */
const FD_OUTPUT = /^(?:-x|-X|--exec|--exec-batch|-l|--list-details|--format)(?:=|$)/;

/** git ls-files options that keep the output to one path per entry. */
const LS_FILES_PLAIN = new Set([
  "-z",
  "-c",
  "--cached",
  "-m",
  "--modified",
  "-o",
  "--others",
  "-d",
  "--deleted",
  "--exclude-standard",
  "--recurse-submodules",
  "--",
]);

/** The path globs the single command of a pipeline stage prints, one per line; null when they cannot be said. */
export function listedPaths(upstream: readonly RawCommand[] | null): readonly string[] | null {
  if (upstream === null || upstream.length !== 1) return null;
  const words = upstream[0]!.words;
  if (words.some((w) => w.dynamic || w.echoed === true)) return null;
  const [program, ...args] = words;
  if (program?.value === "find") {
    if (args.some((a) => FIND_OUTPUT.test(a.value))) return null;
    const selection = findSelection(args);
    return selection === null ? null : [selection];
  }
  if (program?.value === "git" && args[0]?.value === "ls-files") return lsFilesSelection(args.slice(1));
  // fd prints the files it finds, one a line, unless it runs a command on them or prints more than their names.
  if (program?.value === "fd" || program?.value === "fdfind") {
    if (args.some((a) => FD_OUTPUT.test(a.value))) return null;
    const selection = fdSelection(args);
    return selection === null ? null : [selection];
  }
  // rg prints paths only with `--files` or `-l`; rgFilesSelection is null otherwise.
  if (program?.value === "rg") return rgFilesSelection(args);
  return null;
}

/**
 * `git ls-files [OPTIONS] [--] PATHSPEC…`: the files each pathspec matches. git matches a pathspec's `*` across
 * `/`, so `*.ts` is every `.ts` file below and `src/*.ts` every one below `src`: `./**\/*.ts`, `src/**\/*.ts`.
 * Without a pathspec (every file), with one that has no glob in its last name (a directory: every file below
 * it), a glob in a directory part, or pathspec magic (`:(glob)…`, `:!x`), unknown.
 */
function lsFilesSelection(args: readonly Word[]): readonly string[] | null {
  const specs: string[] = [];
  let options = true;
  for (const a of args) {
    if (options && a.value.startsWith("-")) {
      if (!LS_FILES_PLAIN.has(a.value)) return null;
      if (a.value === "--") options = false;
      continue;
    }
    specs.push(a.value);
  }
  if (specs.length === 0) return null;
  const globs: string[] = [];
  for (const spec of specs) {
    if (spec.startsWith(":")) return null;
    const cut = spec.lastIndexOf("/");
    const dir = cut < 0 ? "." : spec.slice(0, cut).replace(/^\.\/?$/, ".") || ".";
    const name = spec.slice(cut + 1);
    if (/[*?[\]\\]/.test(dir) || dir.split("/").includes("..") || !/[*?[]/.test(name)) return null;
    // A name every file passes (`*`, `.*`, `?*`) is no filter: every file below, dotfiles too.
    if (!/[^*?.]/.test(name.replace(/\[[^\]]*\]/g, ""))) return null;
    globs.push(`${dir}/**/${name}`);
  }
  return globs;
}

/**
 * xargs' command with the listed path globs put in: in place of each word equal to the replace string
 * (`-I {}`), or appended. A word that only holds the replace string (`{}.bak`) stays unknown.
 */
export function withListed(words: readonly Word[], listed: readonly string[], replace: string | null): Word[] {
  const paths = listed.map((value): Word => ({ value, dynamic: false, raw: value }));
  if (replace === null) return [...words, ...paths];
  return words.flatMap((w) => (w.value === replace ? paths : [w]));
}
