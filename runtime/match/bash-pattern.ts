/**
 * bash specs over the shell analysis (docs/adr/0090): a `*`-only glob over each simple command's text
 * (program and arguments joined by one space), tried with the wrappers that were peeled to reach it put
 * back, so a deny `bash(sudo *)` sees `sudo rm -rf x`, and an allow `bash(rm *)` does not cover it.
 */
import type { BashSpec } from "../../compiler/index.ts";
import {
  type ShellAnalysis,
  type SimpleCommand,
  codeEnvKind,
  privilegedLabel,
  RUNNER_PROGRAMS,
} from "../shell/index.ts";
import { starGlob, type TextMatcher } from "../../core/index.ts";

export function compileBashSpec(spec: BashSpec): TextMatcher {
  return starGlob(spec.glob, spec.prefix);
}

const formsCache = new WeakMap<SimpleCommand, { readonly deny: readonly string[]; readonly allow: string }>();

/**
 * The texts a pattern is tried on. Wrappers appear as their labels (`sudo`, `bash -c`, `find -exec`), without
 * their options: the analysis keeps no more.
 * - deny/ask: the command with 0, 1, … n of its wrappers put back, innermost first, and with its privilege
 *   wrappers alone: for `sudo timeout 5 rm x`, "rm x", "timeout rm x", "sudo timeout rm x", "sudo rm x".
 * - allow: one text, the privilege wrappers and the command ("sudo rm x"), and the runners that change what or
 *   where it runs (`npx prettier …`, `ssh host ls`: docs/adr/0115). Other wrappers give an allow no reach:
 *   `bash(find *)` does not cover what `find -exec` runs, nor `bash(env *)` what `env` starts.
 */
function formsOf(cmd: SimpleCommand): { readonly deny: readonly string[]; readonly allow: string } {
  let forms = formsCache.get(cmd);
  if (forms === undefined) {
    const w = cmd.context.wrappers;
    const deny = [cmd.text];
    for (let k = 1; k <= w.length; k++) deny.push(joinWords([...w.slice(w.length - k), cmd.text]));
    const privileged = w.filter((label) => privilegedLabel(label) || RUNNER_PROGRAMS.has(label.split(" ")[0] ?? ""));
    const allow = joinWords([...privileged, cmd.text]);
    if (!deny.includes(allow)) deny.push(allow);
    forms = { deny, allow };
    formsCache.set(cmd, forms);
  }
  return forms;
}

export function denyForms(cmd: SimpleCommand): readonly string[] {
  return formsOf(cmd).deny;
}

export function allowForm(cmd: SimpleCommand): string {
  return formsOf(cmd).allow;
}

function joinWords(words: readonly string[]): string {
  return words.filter((x) => x !== "").join(" ");
}

/**
 * The analysis cannot vouch for what runs: a parse failure, or code that only exists at run time (`| sh`,
 * `eval "$x"`, decode-and-execute). Every bash deny/ask pattern hits it; no allow covers it.
 */
export function failsClosed(shell: ShellAnalysis): boolean {
  return shell.unanalysable || shell.findings.some((f) => f.kind === "executes-unknown-code");
}

/** deny/ask: any simple command, in any of its forms. */
export function bashHits(match: TextMatcher, shell: ShellAnalysis): boolean {
  if (failsClosed(shell)) return true;
  for (const cmd of shell.commands) for (const form of denyForms(cmd)) if (match(form)) return true;
  return false;
}

/** Output redirect targets that are not files. */
const HARMLESS_TARGETS: ReadonlySet<string> = new Set(["/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty"]);

/**
 * Environment that changes which code a command runs without showing in its text (`PATH=./evil npm test`,
 * `LD_PRELOAD=x.so`, `NODE_OPTIONS=--require ./x`): the files of code of shell/code-env.ts, and the shell's own
 * word splitting and options. A command line in the environment (`PAGER=…`) is analysed as commands of its own.
 */
function changesCode(name: string): boolean {
  const kind = codeEnvKind(name);
  if (kind !== null) return kind !== "command" && kind !== "program" && kind !== "script" && kind !== "filter";
  return name === "IFS" || name === "SHELLOPTS" || name === "BASHOPTS";
}

/**
 * Whether a pattern may allow this command at all. The text a pattern sees leaves out redirects and
 * assignments, so `bash(npm test)` must not vouch for `npm test > src/app.ts` or `PATH=. npm test`
 * (docs/adr/0090). Such a command is left to the later stages.
 */
export function allowable(cmd: SimpleCommand): boolean {
  for (const r of cmd.redirects) {
    if (r.mode !== "write" && r.mode !== "append" && r.mode !== "readwrite") continue;
    if (r.dynamic || r.target === null || !HARMLESS_TARGETS.has(r.target)) return false;
  }
  return !cmd.assignments.some((a) => changesCode(a.name));
}

/**
 * allow: every simple command is allowable and matched by some pattern in an allowed form. Returns the
 * patterns used, in order of first use; null otherwise. A command string that runs nothing (comments, pure
 * assignments) is not allowed by a pattern: there is nothing the user's allow list vouched for.
 */
export function bashAllows<P>(
  shell: ShellAnalysis,
  candidates: readonly { readonly pattern: P; readonly match: TextMatcher }[],
): P[] | null {
  if (failsClosed(shell)) return null;
  const used: P[] = [];
  let ran = 0;
  for (const cmd of shell.commands) {
    if (!allowable(cmd)) return null;
    if (cmd.program === "") continue; // a pure assignment: its substitutions are commands of their own
    ran++;
    const text = allowForm(cmd);
    const hit = candidates.find((c) => c.match(text));
    if (hit === undefined) return null;
    if (!used.includes(hit.pattern)) used.push(hit.pattern);
  }
  return ran === 0 ? null : used;
}
