/**
 * What a command's path argument can denote. A literal word resolves to paths (the lexical one, plus the
 * symlink-resolved path the operation layer found for it); a glob or a word built from an expansion is a
 * pattern: entries of some directory, or anywhere (null) when nothing pins it. Checks judge patterns by
 * what they could reach, so an unknown value fails closed.
 */
import { expandTilde, lexicalJoin } from "../normalize/index.ts";
import { type Operation, accessForms } from "../operation/index.ts";
import type { SimpleCommand } from "../shell/index.ts";

export type Target =
  | { readonly kind: "path"; readonly paths: readonly string[] }
  /**
   * The word may name `dir` itself or anything below it; `dir` null: it may name anything. `name`: the
   * literal last segment when the unknown part is before it (`$TMPDIR/build` can only be a directory
   * called `build`). `why` is the unknown part.
   */
  | { readonly kind: "pattern"; readonly dir: string | null; readonly name: string | null; readonly why: string };

const GLOB = /[*?[]/;

/** The directory a command runs in: the agent's cwd, a `cd`/`-C` in the string, or null when unknowable. */
export function baseDir(cmd: SimpleCommand, op: Operation, home: string): string | null {
  if (cmd.workdir === undefined) return op.call.cwd;
  if (cmd.workdir === null) return null;
  return lexicalJoin(op.call.cwd, expandTilde(cmd.workdir, home).text);
}

export function isDynamicWord(cmd: SimpleCommand, word: string): boolean {
  return cmd.dynamicArgs && /[$`]/.test(word);
}

export function targetOf(word: string, cmd: SimpleCommand, op: Operation, home: string): Target {
  const base = baseDir(cmd, op, home);
  const absolute = word.startsWith("/") || word.startsWith("~");
  const dynamicAt = isDynamicWord(cmd, word) ? word.search(/[$`]/) : -1;
  const globAt = word.search(GLOB);
  const cut = [dynamicAt, globAt].filter((i) => i >= 0);
  if (cut.length > 0) {
    const at = Math.min(...cut);
    const why = dynamicAt === at ? word.slice(at) : word;
    const name = fixedName(word);
    const prefix = word.slice(0, at);
    const slash = prefix.lastIndexOf("/");
    // `$X/…`: an expansion starts the word, so it may be absolute: anything at all. `*`, `dist-$V`: an
    // entry of the base directory.
    if (at === 0 && dynamicAt === 0) return { kind: "pattern", dir: null, name, why };
    const dirText = slash < 0 ? "." : prefix.slice(0, slash + 1);
    const dirAbsolute = dirText.startsWith("/") || dirText.startsWith("~");
    if (!dirAbsolute && base === null) return { kind: "pattern", dir: null, name, why };
    return { kind: "pattern", dir: lexicalJoin(base ?? "/", expandTilde(dirText, home).text), name, why };
  }
  // `cd "$(git rev-parse --show-toplevel)" && rm -rf build`: the cwd or any ancestor, so every one of those places
  // (docs/adr/0775); a check sees the word outside the workspace as soon as one of them is.
  if (!absolute && base === null && cmd.workdirAncestor === true)
    return { kind: "path", paths: ancestors(op.call.cwd).map((dir) => lexicalJoin(dir, word)) };
  if (!absolute && base === null) {
    // `cd "$X" && rm -rf .`: the directory is unknown, so `.`, `..` and `../..` may be anything; a named
    // entry (`build`, `./build`) is judged by its name.
    const name = fixedName(word.includes("/") ? word : `./${word}`);
    return { kind: "pattern", dir: null, name, why: `${word} in an unknown directory` };
  }
  const lexical = lexicalJoin(base ?? "/", expandTilde(word, home).text);
  const resolved = op.paths.filter((a) => (a.lexical ?? a.path) === lexical).flatMap(accessForms);
  return { kind: "path", paths: [...new Set([lexical, ...resolved])] };
}

/** A directory and every directory above it, up to `/`. */
function ancestors(dir: string): string[] {
  const out = [dir];
  for (let d = dir; d !== "/" && d !== ""; ) {
    d = d.slice(0, d.lastIndexOf("/")) || "/";
    out.push(d);
  }
  return out;
}

/** The last segment when it is literal and names one entry (`build` in `$X/build`); null otherwise. */
function fixedName(word: string): string | null {
  const slash = word.lastIndexOf("/");
  if (slash < 0) return null;
  const last = word.slice(slash + 1);
  return last === "" || last === "." || last === ".." || /[$`*?[\\{}]/.test(last) ? null : last;
}
