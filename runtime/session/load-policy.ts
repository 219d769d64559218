import { existsSync } from "node:fs";
import type { Diagnostic } from "../../core/index.ts";
import { compileFile, compileText, type Policy } from "../../compiler/index.ts";

/** An invalid policy at the library's edge: the compiler's diagnostics, as data (docs/adr/0055). */
export class PolicyError extends Error {
  constructor(readonly diagnostics: readonly Diagnostic[]) {
    const first = diagnostics.find((d) => d.severity === "error") ?? diagnostics[0];
    super(
      first === undefined
        ? "invalid policy"
        : `${first.span.file}:${first.span.line}:${first.span.column}: ${first.code} ${first.message}`,
    );
    this.name = "PolicyError";
  }
}

/**
 * A policy from a rules file path or from rules YAML text (anything with a newline, or that is not an
 * existing file, is text). Throws PolicyError when the rules do not compile; `compilePolicy` returns instead.
 */
export function loadPolicy(pathOrText: string): Policy {
  const result = compilePolicy(pathOrText);
  if (result.policy === null) throw new PolicyError(result.diagnostics);
  return result.policy;
}

export function compilePolicy(pathOrText: string): {
  readonly policy: Policy | null;
  readonly diagnostics: readonly Diagnostic[];
} {
  const isText = pathOrText.includes("\n") || !existsSync(pathOrText);
  return isText ? compileText(pathOrText, "<rules>") : compileFile(pathOrText);
}
