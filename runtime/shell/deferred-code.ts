/**
 * Code a command stores to run later, outside our sight: `alias x='...'`, `trap '...' EXIT`, and the
 * commands git runs through a shell when told so by `-c core.pager=...` or `GIT_SSH_COMMAND=...`.
 * Each is analysed as bash, as if it ran (it may).
 */
import type { Assignment } from "./walk.ts";
import type { Word } from "./words.ts";

export interface DeferredCode {
  readonly label: string;
  readonly code: Word;
}

/** git config keys whose value is a command line run by a shell. */
const GIT_COMMAND_KEYS = new Set([
  "core.pager",
  "core.sshcommand",
  "core.editor",
  "core.fsmonitor",
  "core.askpass",
  "sequence.editor",
  "diff.external",
  "credential.helper",
  "gpg.program",
  "merge.tool",
  "diff.tool",
]);

/** Environment variables whose value git (and tools it starts) run as a command. */
const GIT_COMMAND_ENV = new Set([
  "GIT_SSH_COMMAND",
  "GIT_SSH",
  "GIT_PAGER",
  "GIT_EDITOR",
  "GIT_SEQUENCE_EDITOR",
  "GIT_EXTERNAL_DIFF",
  "GIT_ASKPASS",
  "SSH_ASKPASS",
  "PAGER",
  "EDITOR",
  "VISUAL",
]);

export function deferredCode(
  program: string,
  args: readonly Word[],
  assignments: readonly Assignment[],
  gitConfig: readonly { readonly key: string; readonly value: Word }[],
): DeferredCode[] {
  const out: DeferredCode[] = [];
  if (program === "alias") {
    for (const a of args) {
      const eq = a.value.indexOf("=");
      if (eq > 0) out.push({ label: "alias", code: { ...a, value: a.value.slice(eq + 1) } });
    }
  } else if (program === "trap") {
    const first = args[0];
    if (first !== undefined && args.length >= 2 && !first.value.startsWith("-"))
      out.push({ label: "trap", code: first });
  } else if (program === "git") {
    for (const { key, value } of gitConfig) {
      const alias = key.startsWith("alias.") && value.value.startsWith("!");
      if (alias) out.push({ label: "git -c", code: { ...value, value: value.value.slice(1) } });
      else if (GIT_COMMAND_KEYS.has(key) || key.startsWith("pager.")) out.push({ label: "git -c", code: value });
    }
    for (const a of assignments) if (GIT_COMMAND_ENV.has(a.name)) out.push({ label: `git ${a.name}`, code: a.value });
  }
  return out;
}
