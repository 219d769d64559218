import { dirname, resolve } from "node:path";
import { parse } from "yaml";
import type { ModelScript } from "./scripted-model.ts";

/**
 * A policy test file (`*.rulestest.yaml`): a policy (a path relative to the file, or inline YAML) and cases,
 * each a fresh run of eval input lines (docs/reference/eval-jsonl.md) with what each line should produce.
 *
 *   policy: ../../../rules/examples/guard.yaml
 *   cases:
 *     - name: a force push is denied
 *       steps:
 *         - { tool: bash, input: { command: "git push -f" }, expect: { decision: deny, stage: permissions.deny } }
 */
export interface TestFile {
  readonly path: string;
  readonly policy:
    | { readonly kind: "file"; readonly path: string }
    | { readonly kind: "inline"; readonly text: string };
  readonly home: string;
  readonly cwd: string;
  readonly model: ModelScript | null;
  readonly cases: readonly TestCase[];
}

export interface TestCase {
  readonly name: string;
  readonly steps: readonly TestStep[];
  readonly model: ModelScript | null;
}

export interface TestStep {
  /** The eval input line, without `expect`/`model`. */
  readonly line: Readonly<Record<string, unknown>>;
  readonly expect: Readonly<Record<string, unknown>>;
  /** Model answers from this step on. */
  readonly model: ModelScript | null;
}

const isRec = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

export function parseTestFile(text: string, path: string): TestFile | { readonly error: string } {
  let doc: unknown;
  try {
    doc = parse(text);
  } catch (err) {
    return { error: `${path}: YAML: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (!isRec(doc)) return { error: `${path}: expected a mapping with 'policy' and 'cases'` };
  const policy = doc.policy;
  if (typeof policy !== "string") return { error: `${path}: 'policy' must be a path or inline YAML text` };
  if (!Array.isArray(doc.cases) || doc.cases.length === 0)
    return { error: `${path}: 'cases' must be a non-empty list` };
  const cases: TestCase[] = [];
  for (const [i, c] of doc.cases.entries()) {
    if (!isRec(c) || typeof c.name !== "string" || !Array.isArray(c.steps))
      return { error: `${path}: case ${i + 1} needs 'name' and 'steps'` };
    const steps: TestStep[] = [];
    for (const [j, s] of c.steps.entries()) {
      if (!isRec(s)) return { error: `${path}: case '${c.name}' step ${j + 1} must be a mapping` };
      const { expect, model, ...line } = s;
      if (expect !== undefined && !isRec(expect))
        return { error: `${path}: case '${c.name}' step ${j + 1}: 'expect' must be a mapping` };
      steps.push({ line, expect: expect ?? {}, model: isRec(model) ? (model as ModelScript) : null });
    }
    cases.push({ name: c.name, steps, model: isRec(c.model) ? (c.model as ModelScript) : null });
  }
  return {
    path,
    policy: policy.includes("\n")
      ? { kind: "inline", text: policy }
      : { kind: "file", path: resolve(dirname(path), policy) },
    home: typeof doc.home === "string" ? doc.home : "/home/tester",
    cwd: typeof doc.cwd === "string" ? doc.cwd : "/work/project",
    model: isRec(doc.model) ? (doc.model as ModelScript) : null,
    cases,
  };
}
