/**
 * Reading a simple command's words for the checks: operands (words that are not options), short option
 * letters read with the program's value-taking letters, and consecutive word runs (`auth token`).
 */
import type { Operation } from "../operation/index.ts";
import type { ShellFinding, SimpleCommand } from "../shell/index.ts";

/** The simple commands of a bash call, and of the code a write or edit tool plants in a run-later file (ADR 0500). */
export function commandsOf(op: Operation): readonly SimpleCommand[] {
  if (op.planted === undefined) return op.shell?.commands ?? [];
  return [...(op.shell?.commands ?? []), ...op.planted.commands];
}

/** The shell analysis's findings, the planted code's included (ADR 0500). */
export function findingsOf(op: Operation): readonly ShellFinding[] {
  if (op.planted === undefined) return op.shell?.findings ?? [];
  return [...(op.shell?.findings ?? []), ...op.planted.findings];
}

/**
 * Words that are not options. `valued` lists options (as written, `-o` or `--output`) whose value is the
 * next word; `--opt=value` carries its own. After `--` every word is an operand.
 */
export function operands(cmd: SimpleCommand, valued: readonly string[] = []): readonly string[] {
  const out: string[] = [];
  const args = cmd.args;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") return [...out, ...args.slice(i + 1)];
    if (a === "-" || !a.startsWith("-")) out.push(a);
    else if (valued.includes(a)) i++;
  }
  return out;
}

/** Some flag (as normalized by the shell layer: clusters split, `=value` dropped) is present. */
export function hasFlag(cmd: SimpleCommand, ...names: readonly string[]): boolean {
  return names.some((n) => cmd.flags.includes(n));
}

/**
 * Short option letters of a program where some letters take a value (`curl -sSo out -k`): a value letter
 * ends its cluster, so `-dkey` is `-d key`, not `-d -k -e -y`. Long options are not returned.
 */
export function shortLetters(cmd: SimpleCommand, valueLetters: string): ReadonlySet<string> {
  const out = new Set<string>();
  const args = cmd.args;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") break;
    if (!a.startsWith("-") || a.startsWith("--") || a === "-") continue;
    for (let j = 1; j < a.length; j++) {
      const letter = a[j]!;
      out.add(letter);
      if (valueLetters.includes(letter)) {
        if (j === a.length - 1) i++;
        break;
      }
    }
  }
  return out;
}

/** `words` appear one after another somewhere in `list`. */
export function hasRun(list: readonly string[], words: readonly string[]): boolean {
  for (let i = 0; i + words.length <= list.length; i++) {
    if (words.every((w, k) => list[i + k] === w)) return true;
  }
  return false;
}

/** Every `--name=value` and `--name value` value of a long option. */
export function longValues(cmd: SimpleCommand, name: string): readonly string[] {
  const out: string[] = [];
  const args = cmd.args;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") break;
    if (a === name && i + 1 < args.length) out.push(args[++i]!);
    else if (a.startsWith(name + "=")) out.push(a.slice(name.length + 1));
  }
  return out;
}

/** The text shown in reasons: the command as written, clipped. */
export function shown(cmd: SimpleCommand): string {
  return cmd.text.length > 60 ? cmd.text.slice(0, 59) + "…" : cmd.text;
}
