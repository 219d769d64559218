import { ownEntry } from "../../core/index.ts";
import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Diagnostic } from "../../core/index.ts";
import { compileFile, compileText, type Policy } from "../../compiler/index.ts";
import type { ShellAnalyzer } from "../shell/index.ts";
import { counterIds, createScriptRunner, decisionJson } from "../session/index.ts";
import { parseTestFile, type TestCase, type TestFile } from "./file.ts";
import { scriptedModel, type ModelScript } from "./scripted-model.ts";

/** One failed expectation, with enough to print a diff. */
export interface Mismatch {
  readonly case: string;
  readonly step: number;
  readonly field: string;
  readonly expected: unknown;
  readonly actual: unknown;
}

export interface FileResult {
  readonly path: string;
  /** Set when the file or its policy could not be loaded (then no case ran). */
  readonly error: string | null;
  readonly diagnostics: readonly Diagnostic[];
  readonly cases: readonly {
    readonly name: string;
    readonly steps: number;
    readonly mismatches: readonly Mismatch[];
  }[];
}

const START = Date.UTC(2026, 0, 1);

export async function runTestFile(
  path: string,
  options: { readonly analyzer?: ShellAnalyzer } = {},
): Promise<FileResult> {
  const parsed = parseTestFile(readFileSync(path, "utf8"), path);
  if ("error" in parsed) return { path, error: parsed.error, diagnostics: [], cases: [] };
  const compiled =
    parsed.policy.kind === "file"
      ? compileFile(parsed.policy.path)
      : compileText(parsed.policy.text, path, { dir: dirname(path) });
  if (compiled.policy === null)
    return { path, error: `${path}: the policy does not compile`, diagnostics: compiled.diagnostics, cases: [] };
  const cases = [];
  for (const c of parsed.cases)
    cases.push({
      name: c.name,
      steps: c.steps.length,
      mismatches: await runCase(compiled.policy, parsed, c, options.analyzer),
    });
  return { path, error: null, diagnostics: [], cases };
}

async function runCase(
  policy: Policy,
  file: TestFile,
  c: TestCase,
  analyzer: ShellAnalyzer | undefined,
): Promise<Mismatch[]> {
  let script: ModelScript = { ...file.model, ...c.model };
  // A virtual clock: approval timeouts elapse at once (after pending answers had their turn) and move time on.
  let now = START;
  const runner = createScriptRunner(policy, () => ({
    home: file.home,
    cwd: file.cwd,
    clock: () => new Date(now),
    ids: counterIds(),
    model: scriptedModel(() => script),
    sleep: (ms: number) =>
      new Promise<void>((resolve) =>
        setImmediate(() => {
          now += ms;
          resolve();
        }),
      ),
    ...(analyzer !== undefined ? { analyzer } : {}),
  }));
  const mismatches: Mismatch[] = [];
  for (const [i, step] of c.steps.entries()) {
    if (step.model !== null) script = { ...script, ...step.model };
    now += 1000;
    const line = { session: "test", ...step.line };
    const { output } = await runner.run(line, i + 1);
    const actual: Record<string, unknown> = "decision" in output ? decisionJson(output) : { ...output };
    const session = runner.sessions.get(String(line.session));
    if (session !== undefined) {
      actual.active = [
        ...policy.rules
          .filter((r) => r.activation.kind === "always" || session.state.activated.includes(r.id))
          .map((r) => r.id),
      ];
      actual.mode = session.state.mode;
    }
    for (const [field, expected] of Object.entries(step.expect)) {
      const got = ownEntry(actual, field);
      if (!agrees(field, expected, got)) mismatches.push({ case: c.name, step: i + 1, field, expected, actual: got });
    }
  }
  return mismatches;
}

/** Expected values are partial: objects compare only the keys given; `reason`/`error` are substrings; lists are exact (`active` as a set). */
function agrees(field: string, expected: unknown, actual: unknown): boolean {
  if ((field === "reason" || field === "error") && typeof expected === "string")
    return typeof actual === "string" && actual.includes(expected);
  if (field === "active" && Array.isArray(expected) && Array.isArray(actual))
    return expected.length === actual.length && expected.every((x) => actual.includes(x));
  return partial(expected, actual);
}

function partial(expected: unknown, actual: unknown): boolean {
  if (Array.isArray(expected))
    return (
      Array.isArray(actual) && expected.length === actual.length && expected.every((x, i) => partial(x, actual[i]))
    );
  if (typeof expected === "object" && expected !== null) {
    if (typeof actual !== "object" || actual === null) return false;
    return Object.entries(expected).every(([k, v]) => partial(v, ownEntry(actual as Record<string, unknown>, k)));
  }
  return expected === actual;
}

export function countCases(results: readonly FileResult[]): {
  readonly passed: number;
  readonly failed: number;
  readonly broken: number;
} {
  let passed = 0,
    failed = 0,
    broken = 0;
  for (const r of results) {
    if (r.error !== null) broken++;
    for (const c of r.cases) c.mismatches.length === 0 ? passed++ : failed++;
  }
  return { passed, failed, broken };
}
