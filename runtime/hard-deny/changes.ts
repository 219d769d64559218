import { ownEntry } from "../../core/index.ts";
/**
 * Every path an operation creates, changes or removes, in both spellings: the operation's write/delete
 * accesses (file tools, bash arguments and redirects), plus the analysis' own redirect targets so a
 * redirect is judged even where the operation did not list it, and files copied into a directory.
 */
import { posix } from "node:path";
import { expandTilde, lexicalJoin } from "../normalize/index.ts";
import { type Operation, accessForms, landedPaths } from "../operation/index.ts";
import { commandsOf, longValues, operands } from "./commands.ts";
import { changed } from "./paths.ts";
import { baseDir, isDynamicWord } from "./targets.ts";

/** Several checks ask for the same operation's changed paths: computed once per operation (and home). */
const memo = new WeakMap<Operation, { readonly home: string; readonly paths: readonly string[] }>();

export function changedPaths(op: Operation, home: string): readonly string[] {
  const hit = memo.get(op);
  if (hit !== undefined && hit.home === home) return hit.paths;
  const paths = [
    ...new Set([
      ...changed(op).flatMap(accessForms),
      ...redirectTargets(op, home),
      ...copiedInto(op, home),
      ...copiedTrees(op),
    ]),
  ];
  memo.set(op, { home, paths });
  return paths;
}

/** The paths a tree copy from local sources creates below its destination (`cp -r dotfiles/. ~` writes ~/.bashrc). */
function copiedTrees(op: Operation): readonly string[] {
  return changed(op).flatMap(landedPaths);
}

/** Copiers whose last operand (or `-t DIR`) may be a directory: the file lands there under its own name. */
const COPIERS: Readonly<Record<string, readonly string[]>> = {
  cp: ["-S", "--suffix"],
  mv: ["-S", "--suffix"],
  ln: ["-S", "--suffix"],
  install: ["-m", "--mode", "-o", "--owner", "-g", "--group", "-S", "--suffix"],
};

/**
 * `cp .bashrc ~/` writes ~/.bashrc, though the operation names only `~/`: whether the destination is a
 * directory is not known here, so both readings count (`DIR/<source name>` is added).
 */
function copiedInto(op: Operation, home: string): readonly string[] {
  const out: string[] = [];
  for (const cmd of commandsOf(op)) {
    const valued = ownEntry(COPIERS, cmd.program);
    if (valued === undefined) continue;
    const words = operands(cmd, [...valued, "-t", "--target-directory"]);
    const target = longValues(cmd, "--target-directory")[0] ?? optionValue(cmd.args, "-t");
    const dir = target ?? (words.length >= 2 ? words.at(-1) : undefined);
    const sources = target === undefined ? words.slice(0, -1) : words;
    const base = baseDir(cmd, op, home);
    if (dir === undefined || isDynamicWord(cmd, dir) || (base === null && !dir.startsWith("/") && !dir.startsWith("~")))
      continue;
    const at = lexicalJoin(base ?? "/", expandTilde(dir, home).text);
    for (const src of sources) {
      const name = posix.basename(src);
      // `$PWD/.bashrc` still lands as `.bashrc`: only the last segment has to be literal.
      if (name !== "" && name !== "." && name !== ".." && !isDynamicWord(cmd, name)) out.push(posix.join(at, name));
    }
  }
  return out;
}

function optionValue(args: readonly string[], option: string): string | undefined {
  const i = args.indexOf(option);
  return i < 0 ? undefined : args[i + 1];
}

/** Targets of the analysis' write redirects (`>`, `>>`, `<>`, `&>`), resolved where the command runs. */
export function redirectTargets(op: Operation, home: string): readonly string[] {
  const out: string[] = [];
  for (const cmd of commandsOf(op)) {
    for (const r of cmd.redirects) {
      if (r.target === null || (r.mode !== "write" && r.mode !== "append" && r.mode !== "readwrite")) continue;
      const base = baseDir(cmd, op, home);
      if (base === null && !r.target.startsWith("/") && !r.target.startsWith("~")) continue;
      out.push(lexicalJoin(base ?? "/", expandTilde(r.target, home).text));
    }
  }
  return out;
}

/** The first changed path `test` accepts, or null. */
export function firstChangedPath(op: Operation, home: string, test: (path: string) => boolean): string | null {
  return changedPaths(op, home).find(test) ?? null;
}
