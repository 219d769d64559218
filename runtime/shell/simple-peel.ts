/**
 * The two results a wrapper table gives most often: no peel (the program stays), and the words after the wrapper run
 * as a command of their own, nothing else carried along.
 */
import type { Peel } from "./wrappers.ts";
import type { Word } from "./words.ts";

export const NO_PEEL: Peel = { kind: "none" };

/** `words` run as a command under the wrapper label `label`; no peel when there are none. */
export function simplePeel(label: string, words: readonly Word[]): Peel {
  return words.length === 0
    ? NO_PEEL
    : { kind: "peel", label, words, assignments: [], workdir: null, dynamicArgs: false };
}
