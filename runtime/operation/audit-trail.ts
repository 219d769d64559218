/**
 * Switching off or erasing the shell's history (docs/adr/0316): `history -c`, `unset HISTFILE`,
 * `export HISTFILE=/dev/null`, `HISTSIZE=0`, `set +o history`, `HISTCONTROL=ignorespace`. What the agent ran is
 * what a reviewer reads afterwards; a command that makes the next ones leave no trace is no project's work.
 * The history files themselves are protected paths (deleting or emptying them is judged there).
 */
import type { SimpleCommand } from "../shell/index.ts";

/** Variables that decide whether and where bash, zsh and ksh keep history. */
const HISTORY_FILE = new Set(["HISTFILE"]);
const HISTORY_SIZE = new Set(["HISTSIZE", "HISTFILESIZE", "SAVEHIST"]);
const HISTORY_FILTER = new Set(["HISTIGNORE", "HISTCONTROL", "HISTORY_IGNORE"]);

/** Why this command disables or erases the shell's history, or null. */
export function erasesHistory(cmd: SimpleCommand): string | null {
  for (const a of cmd.assignments) {
    if (HISTORY_FILE.has(a.name)) return `sets ${a.name}: history goes elsewhere or nowhere`;
    if (HISTORY_SIZE.has(a.name) && /^\s*0*\s*$/.test(a.value)) return `sets ${a.name} to keep no history`;
    if (HISTORY_FILTER.has(a.name) && a.value !== "" && /\*|ignorespace|ignoreboth/.test(a.value))
      return `sets ${a.name}: commands are left out of the history`;
  }
  const args = cmd.args;
  switch (cmd.program) {
    case "unset": {
      const hit = args.find((w) => HISTORY_FILE.has(w) || HISTORY_SIZE.has(w));
      return hit === undefined ? null : `unset ${hit}`;
    }
    case "history":
      // `-c` clears the list, `-d N` deletes entries; `-w`/`-a` then persist it (`history -cw`).
      return args.some((a) => /^-[a-z]*[cd]/.test(a)) ? "history clears or deletes entries" : null;
    case "fc":
      return args.some((a) => /^-[a-zA-Z]*[pP]/.test(a)) ? "fc swaps the history list" : null;
    case "set":
    case "shopt":
      return args.includes("history") && args.some((a) => a.startsWith("+o") || a === "-u")
        ? "switches history off"
        : null;
    default:
      return null;
  }
}
