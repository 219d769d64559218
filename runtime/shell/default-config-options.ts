/**
 * A tool told to read its configuration from the place it reads it from anyway (`kubectl --kubeconfig
 * ~/.kube/config get pods`) does what it does without being told: the option is dropped and the command is judged
 * as `kubectl get pods` (docs/adr/0777). Only the option's own spelling, as a separate word, naming exactly the
 * default path (`~` is the home marker of the analysis; `$HOME/...` evaluates to it). Any other path, a glued
 * `--kubeconfig=~/...` (bash does not expand that `~`), or a value built at run time keeps the option.
 */
import { ownEntry } from "../../core/index.ts";
import type { Word } from "./words.ts";

/** program → its configuration option → the path it reads when the option is not given. */
const DEFAULTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  kubectl: { "--kubeconfig": "~/.kube/config" },
  helm: { "--kubeconfig": "~/.kube/config" },
};

/** `args` without the options that name the tool's default configuration; the same array when there are none. */
export function withoutDefaultConfig(program: string, args: readonly Word[]): readonly Word[] {
  const options = ownEntry(DEFAULTS, program);
  if (options === undefined) return args;
  const kept: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    // After `--` the words belong to another command (`kubectl exec pod -- …`).
    if (a.value === "--") return [...kept, ...args.slice(i)];
    const place = a.dynamic ? undefined : ownEntry(options, a.value);
    const value = args[i + 1];
    if (place !== undefined && value !== undefined && !value.dynamic && value.value === place && home(value)) {
      i++;
      continue;
    }
    kept.push(a);
  }
  return kept.length === args.length ? args : kept;
}

/** The word starts at the home directory as bash expands it: `~/…` unquoted or `$HOME` (`'~/x'` is a relative path). */
function home(w: Word): boolean {
  return /^(?:~\/|"?\$(?:HOME|\{HOME\})\b)/.test(w.raw);
}
