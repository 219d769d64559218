/**
 * Test helpers for runtime/match: patterns through the real compiler, operations through the real
 * derivation and shell analyzer, the built-in path lists from the built-in defaults.
 */
import { compileText } from "../../../compiler/index.ts";
import type { PathGlob, Pattern, Policy } from "../../../compiler/ir.ts";
import { compilePattern } from "../../../compiler/lower-pattern.ts";
import { located, makeSource } from "../../../compiler/source.ts";
import { deriveOperation } from "../../../runtime/operation/index.ts";
import type { Operation } from "../../../runtime/operation/types.ts";
import { loadShellAnalyzer } from "../../../runtime/shell/index.ts";

export const HOME = "/home/u";
export const CWD = "/repo";

export const analyzer = await loadShellAnalyzer();

/** A permission pattern as the compiler lowers it (`bash(git push *)` → glob "git push", prefix). */
export function pattern(text: string): Pattern {
  const { pattern: p, diagnostics } = compilePattern(located(text, makeSource("test.yaml", text), null));
  if (p === null) throw new Error(`bad pattern ${text}: ${diagnostics.map((d) => d.message).join("; ")}`);
  return p;
}

export function globs(...texts: string[]): PathGlob[] {
  return texts.map((glob) => ({ glob, span: { file: "test.yaml", line: 1, column: 1, endLine: 1, endColumn: 1 } }));
}

export interface CallSpec {
  readonly cwd?: string;
  /** Resolve symlinks on the real filesystem (default false: the paths in these tests do not exist). */
  readonly realpath?: boolean;
  readonly home?: string;
}

export function op(tool: string, input: Record<string, unknown>, spec: CallSpec = {}): Operation {
  return deriveOperation(
    { tool, input, cwd: spec.cwd ?? CWD },
    { home: spec.home ?? HOME, skills: [], analyzer, realpath: spec.realpath ?? false },
  );
}

export const bash = (command: string, spec: CallSpec = {}): Operation => op("Bash", { command }, spec);
export const read = (file_path: string, spec: CallSpec = {}): Operation => op("Read", { file_path }, spec);
export const write = (file_path: string, spec: CallSpec = {}): Operation =>
  op("Write", { file_path, content: "x" }, spec);
export const fetch = (url: string): Operation => op("WebFetch", { url, prompt: "summarize" });

let builtins: Policy | null = null;

/** The policy compiled from an empty user file: built-in credentials, protected paths. */
export function builtinPolicy(): Policy {
  if (builtins === null) {
    const r = compileText("version: 1\n", "rules.yaml");
    if (r.policy === null) throw new Error(r.diagnostics.map((d) => d.message).join("; "));
    builtins = r.policy;
  }
  return builtins;
}
