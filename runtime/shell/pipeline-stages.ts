/**
 * The neighbours of a command in its pipeline, found in the analysis' flat list of simple commands. The list is in
 * walk order: a stage's commands (a compound stage has several, `a | while read x; do rm "$x"; done`) come after
 * the previous stage's, and the commands of a substitution in a stage sit among them.
 */
import type { SimpleCommand } from "./types.ts";

/**
 * The stage that feeds the command at `i` (what it reads on stdin), or null. Earlier commands of the same compound
 * stage are passed over; a substitution's commands are passed over unless the command is in a substitution itself.
 */
export function stageBefore(commands: readonly SimpleCommand[], i: number): SimpleCommand | null {
  const self = commands[i]!;
  const at = self.context.pipeline;
  if (at === null || at.index === 0) return null;
  for (let j = i - 1; j >= 0; j--) {
    const c = commands[j]!;
    if (c.context.substitution && !self.context.substitution) continue;
    const p = c.context.pipeline;
    if (p !== null && p.length === at.length && p.index === at.index - 1) return c;
    if (p === null || p.length !== at.length) return null;
  }
  return null;
}

/**
 * The stage the command at `i` feeds, or null. Stricter than `stageBefore`: the first command after it (a
 * substitution's aside) must be that stage, so a nested pipeline of the same shape (`env | { tee f | grep X; }`)
 * is never mistaken for it: callers use it to let output through a filter, and an unclear stage lets nothing through.
 */
export function stageAfter(commands: readonly SimpleCommand[], i: number): SimpleCommand | null {
  const self = commands[i]!;
  const at = self.context.pipeline;
  if (at === null || at.index === at.length - 1) return null;
  for (let j = i + 1; j < commands.length; j++) {
    const c = commands[j]!;
    if (c.context.substitution && !self.context.substitution) continue;
    const p = c.context.pipeline;
    return p !== null && p.length === at.length && p.index === at.index + 1 ? c : null;
  }
  return null;
}
