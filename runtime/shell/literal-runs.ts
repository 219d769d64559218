/**
 * Python calls that run a command spelled wholly in literals (docs/adr/0684): `subprocess.run(['git', 'status'])`,
 * `os.system('git status')`. embedded-shell.ts already hands that command to the shell analysis, where every check
 * judges it; such a call is then read precisely, and the destructive scan's `subprocess` / `os.system` / `os.popen`
 * mark (interpreters.ts) is not also raised for it. An `import subprocess` runs nothing and is read too. A call with
 * any other argument (a variable, a built string, `cwd=`, `env=`, `executable=`, `input=`) is not counted, so the
 * mark stays and the code gates as before.
 */
import { LIT, mask } from "./code-mask.ts";
import type { Language } from "./interpreters.ts";

/** Keywords that change nothing about which command runs, where, or with what. */
const SAFE_KEYWORD = /^(?:check|capture_output|text|universal_newlines|timeout|stdout|stderr|encoding|errors|shell)$/;
const SAFE_VALUE = new RegExp(`^(?:True|False|None|\\d+(?:\\.\\d+)?|${LIT}|subprocess\\.(?:PIPE|DEVNULL|STDOUT))$`);
const SUBPROCESS_CALL = /\bsubprocess\s*\.\s*(?:run|call|check_call|check_output|Popen)\s*\(([^()]*)\)/g;
const SYSTEM_CALL = new RegExp(`\\b(?:os\\s*\\.\\s*)?system\\s*\\(\\s*${LIT}\\s*\\)`, "g");
/** `popen(LIT)` or `popen(LIT, MODE)`: the mode is group 1. */
const POPEN_CALL = new RegExp(`\\b(?:os\\s*\\.\\s*)?popen\\s*\\(\\s*${LIT}\\s*(?:,\\s*(${LIT})\\s*)?\\)`, "g");
/** One literal, or a list of literals: what the embedded-shell pass reads whole. */
const LITERAL_COMMAND = new RegExp(`^(?:${LIT}|\\[\\s*${LIT}(?:\\s*,\\s*${LIT})*\\s*,?\\s*\\])$`);

/** Per destructive-scan name, how many of its matches are read precisely. */
export function literalRuns(language: Language, code: string): ReadonlyMap<string, number> {
  const read = new Map<string, number>();
  if (language !== "python") return read;
  const { text, values } = mask(language, code);
  const add = (name: string): void => {
    read.set(name, (read.get(name) ?? 0) + 1);
  };
  // `import subprocess`, `import os, subprocess`, `from subprocess import run`: each names the module once.
  for (const statement of text.split(/[;\n]/)) {
    if (/^\s*(?:import|from)\s/.test(statement))
      for (const _ of statement.matchAll(/\bsubprocess\b/g)) add("subprocess");
  }
  for (const m of text.matchAll(SUBPROCESS_CALL)) {
    if (literalCall(m[1]!)) add("subprocess");
  }
  for (const _ of text.matchAll(SYSTEM_CALL)) add("os.system");
  // A pipe opened for reading only: one opened for writing feeds what the code writes to the command.
  for (const m of text.matchAll(POPEN_CALL)) {
    const mode = m[1] === undefined ? "r" : values.get(m.index + m[0].lastIndexOf(LIT));
    if (mode === "r") add("os.popen");
  }
  return read;
}

/** The call's arguments: a literal command first, then only keywords that change nothing about it. */
function literalCall(args: string): boolean {
  const parts = splitTop(args);
  const [command, ...rest] = parts;
  if (command === undefined || !LITERAL_COMMAND.test(command.trim())) return false;
  return rest.every((p) => {
    const kw = /^\s*(\w+)\s*=\s*(.*?)\s*$/s.exec(p);
    return kw !== null && SAFE_KEYWORD.test(kw[1]!) && SAFE_VALUE.test(kw[2]!);
  });
}

/** Commas outside brackets (the text holds no parentheses: the caller's pattern excludes them). */
function splitTop(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "[" || c === "{") depth++;
    else if (c === "]" || c === "}") depth--;
    else if (c === "," && depth === 0) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  const last = text.slice(from);
  if (last.trim() !== "") parts.push(last);
  return parts;
}
