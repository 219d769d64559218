/**
 * The whole work tree untracked, committed and pushed in one string (docs/adr/0391): `git rm -r --cached . &&
 * git commit -m wipe && git push`. The files stay on this disk, so each step alone is a write; pushed, the commit
 * deletes every file from the branch for everyone who pulls it. A `git add` before the commit is the everyday
 * "apply the new .gitignore" idiom (the files come back into the index), and a push with no commit after the
 * untracking sends nothing of it.
 */
import type { SimpleCommand } from "../shell/index.ts";
import { commandWords } from "./command-words.ts";
import { GIT } from "./knowledge/git.ts";

/** Pathspecs of the whole work tree: `.`, `./`, `*`, `./*`, `:/`, `:/*`, `:(top)`. */
const WHOLE_TREE = /^(?:\.\/?|\.?\/?\*|:\/\.?\*?|:\(top\)\.?\*?)$/;

/** Why this string pushes a commit that untracked the whole work tree, or null. */
export function untrackedPush(commands: readonly SimpleCommand[]): string | null {
  let state: "clean" | "untracked" | "committed" = "clean";
  for (const cmd of commands) {
    if (cmd.program !== "git" && cmd.program !== "hub") continue;
    const words = commandWords(cmd, GIT);
    const [sub, ...operands] = words.positionals;
    if (sub === "rm" && words.flags.has("--cached") && words.flags.has("-r") && operands.some(isWholeTree))
      state = "untracked";
    else if (sub === "add" && state === "untracked") state = "clean";
    else if (sub === "commit" && state === "untracked") state = "committed";
    else if (sub === "push" && state === "committed")
      return "pushes a commit that untracks every file of the work tree: each clone deletes them at its next pull";
  }
  return null;
}

function isWholeTree(word: string): boolean {
  return WHOLE_TREE.test(word);
}
