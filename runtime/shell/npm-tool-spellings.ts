/**
 * npm tools that are another command under their own name (docs/adr/0806), read as that command whether run bare,
 * by npx or by their launcher file, so the checks on it see what they do:
 * - the deleters `rimraf PATH…` and `del-cli PATTERN…` (also `del`) remove each path and everything below it, as
 *   `rm -rf` does; a dry run deletes nothing and stays the program;
 * - `husky [install] DIR` sets git's `core.hooksPath` to DIR: a folder outside the project is that git setting.
 */
import { NO_PEEL, simplePeel } from "./simple-peel.ts";
import type { Peel } from "./wrappers.ts";
import type { Word } from "./words.ts";

const NONE = NO_PEEL;
const DRY = /^(?:-d|--dry-run|-h|--help|--version)$/;

function removes(args: readonly Word[], program: string): Peel {
  if (args.some((a) => !a.dynamic && DRY.test(a.value))) return NONE;
  const dashes = args.findIndex((a) => a.value === "--");
  const targets = args.filter((a, i) => (dashes >= 0 && i > dashes) || (i !== dashes && !a.value.startsWith("-")));
  if (targets.length === 0) return NONE;
  // `dist/**` is everything below dist: judged as dist itself, the tree a recursive delete of it removes.
  const trees = targets.map((t) => (t.dynamic ? t : { ...t, value: t.value.replace(/\/\*\*(?:\/\*)?$/, "") || "/" }));
  const rm: Word = { value: "rm", dynamic: false, raw: program };
  const rf: Word = { value: "-rf", dynamic: false, raw: "-rf" };
  const end: Word = { value: "--", dynamic: false, raw: "--" };
  return simplePeel(program, [rm, rf, end, ...trees]);
}

/** `husky install /tmp/h`, `husky ~/hooks`: the hooks of every later commit come from outside the project. */
function husky(args: readonly Word[], program: string): Peel {
  const operands = args.filter((a) => !a.value.startsWith("-"));
  const dir = operands[0]?.value === "install" ? operands[1] : operands[0];
  if (dir === undefined || (!dir.dynamic && !/^(?:\/|~|\.\.(?:\/|$))/.test(dir.value))) return NONE;
  const word = (value: string): Word => ({ value, dynamic: false, raw: value });
  const words = [word("git"), word("config"), word("core.hooksPath"), dir];
  return simplePeel(program, words);
}

export const NPM_TOOL_SPELLINGS: Readonly<Record<string, (args: readonly Word[], program: string) => Peel>> = {
  rimraf: removes,
  "del-cli": removes,
  del: removes,
  husky,
};
