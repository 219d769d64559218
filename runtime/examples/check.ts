/**
 * `examples: {hit, miss}` of each rule, checked against the rule's deterministic part (docs/adr/0002): a
 * hit example must satisfy `match`, a miss example must not. Activation (`after`, `trigger`) is taken as
 * given and plain-English effects as holding, so only what can be decided without a model is checked; a
 * miss example of a rule without `match` cannot be checked and is left alone. Examples run in a virtual
 * project (/project, home /home/user) without touching the filesystem.
 */
import type { ExampleCall, Policy, Rule } from "../../compiler/index.ts";
import { diagnostic, type Diagnostic } from "../../core/index.ts";
import { holds } from "../eval/index.ts";
import { patternHits } from "../match/index.ts";
import { deriveOperation, type Operation } from "../operation/index.ts";
import type { ShellAnalyzer } from "../shell/index.ts";

const HOME = "/home/user";
const CWD = "/project";

export function hasExamples(policy: Policy): boolean {
  return policy.rules.some((r) => r.examples !== undefined && r.examples.hit.length + r.examples.miss.length > 0);
}

export function checkExamples(policy: Policy, analyzer: ShellAnalyzer): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const rule of policy.rules) {
    if (rule.examples === undefined || rule.scope === null) continue;
    for (const ex of rule.examples.hit)
      if (!scopeHolds(rule, ex, policy, analyzer))
        out.push(disagrees(rule, ex, { kind: "hit", actual: "does not hold" }, { policy, analyzer }));
    for (const ex of rule.examples.miss)
      if (scopeHolds(rule, ex, policy, analyzer))
        out.push(disagrees(rule, ex, { kind: "miss", actual: "holds" }, { policy, analyzer }));
  }
  return out;
}

function scopeHolds(rule: Rule, ex: ExampleCall, policy: Policy, analyzer: ShellAnalyzer): boolean {
  const op = exampleOperation(ex, policy, analyzer);
  return (
    rule.scope === null ||
    holds(rule.scope, { op, mode: "act", home: HOME, patternHits: (p, o) => patternHits(p, o, HOME) })
  );
}

function exampleOperation(ex: ExampleCall, policy: Policy, analyzer: ShellAnalyzer): Operation {
  return deriveOperation(
    { tool: ex.tool, input: exampleInput(ex), cwd: CWD },
    { home: HOME, skills: policy.skills, analyzer, realpath: false },
  );
}

/** The call whose primary argument (docs/reference/operations.md) is the example's argument. */
function exampleInput(ex: ExampleCall): Record<string, unknown> {
  switch (ex.tool) {
    case "bash":
      return { command: ex.arg };
    case "grep":
      return { pattern: ex.arg };
    case "read":
    case "write":
    case "edit":
    case "find":
    case "ls":
      return { file_path: ex.arg, ...(ex.tool === "write" ? { content: "" } : {}) };
    case "webfetch":
      return { url: ex.arg };
    case "websearch":
      return { query: ex.arg };
    default: {
      try {
        const v: unknown = JSON.parse(ex.arg);
        if (typeof v === "object" && v !== null && !Array.isArray(v)) return v as Record<string, unknown>;
      } catch {
        // not JSON: the argument is the whole input as text
      }
      return { input: ex.arg };
    }
  }
}

function disagrees(
  rule: Rule,
  ex: ExampleCall,
  found: { readonly kind: "hit" | "miss"; readonly actual: string },
  under: { readonly policy: Policy; readonly analyzer: ShellAnalyzer },
): Diagnostic {
  const { kind, actual } = found;
  const { policy, analyzer } = under;
  const op = exampleOperation(ex, policy, analyzer);
  const derived = `${op.tool} ${op.type} [${op.types.join(", ")}] ${op.level}${op.programs.length > 0 ? ` programs ${op.programs.join(" ")}` : ""}`;
  return diagnostic("RG6001", ex.span, { id: rule.id, text: ex.text, kind, actual, derived });
}
