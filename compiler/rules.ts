import { diagnostic, type Diagnostic, type Span } from "../core/index.ts";
import { parsePattern } from "./grammar.ts";
import { compileExpression } from "./expression.ts";
import { textHash } from "./hash.ts";
import type { Activation, ExampleCall, Rule } from "./ir.ts";
import type { ToolCheck } from "./known-tools.ts";
import { checkTool } from "./lower-pattern.ts";
import type { Merged } from "./merged.ts";
import type { ListOut, RawRule } from "./schema/index.ts";
import { valueSpan } from "./scalar-map.ts";
import type { Located } from "./source.ts";
import { syntaxDiagnostics } from "./syntax.ts";
import { canonicalTool } from "./tool-names.ts";

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Compiles every rule of the merged configuration: per-rule checks, then duplicate ids across files.
 * `compiled` holds the rules whose `match` and `after` compiled without error: their examples can be
 * checked even when the file has other errors.
 */
export function compileRules(
  merged: Merged,
  tools: ToolCheck,
): { rules: Rule[]; compiled: ReadonlySet<Rule>; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const rules: Rule[] = [];
  const compiled = new Set<Rule>();
  const firstById = new Map<string, Span>();
  for (const { raw } of merged.rules) {
    const id = raw.id;
    if (id) {
      const first = firstById.get(id.value);
      if (first) diagnostics.push(diagnostic("RG5001", id.span, { id: id.value }, { related: [first] }));
      else firstById.set(id.value, id.span);
    }
    const r = compileRule(raw, diagnostics, tools);
    if (r) rules.push(r.rule);
    if (r?.compiled === true) compiled.add(r.rule);
  }
  return { rules, compiled, diagnostics };
}

function compileRule(raw: RawRule, out: Diagnostic[], tools: ToolCheck): { rule: Rule; compiled: boolean } | null {
  const id = raw.id?.value ?? "";
  const at = raw.id?.span ?? raw.$span;
  if (raw.id && !KEBAB.test(id)) out.push(diagnostic("RG5002", raw.id.span, { id }));
  // Key presence, not value: a key whose value was already reported must not also count as missing.
  const has = (key: string) => Object.hasOwn(raw.$keys, key);
  // A misspelt key (already reported) is most likely the missing match or effect.
  if (!has("match") && !has("effect") && raw.$unknown.length === 0) out.push(diagnostic("RG5003", at, { id }));
  if (has("trigger") && has("after")) out.push(diagnostic("RG5004", raw.$keys.trigger ?? at, { id }));

  const english = raw.trigger !== undefined && raw.trigger.value.trim() !== "always";
  if ((english || raw.effect) && !has("match")) out.push(diagnostic("RG5007", at, { id }));

  let activation: Activation = { kind: "always" };
  let compiled = true;
  if (raw.after) {
    const r = compileExpression(raw.after, "after", tools);
    out.push(...r.diagnostics);
    compiled &&= r.expr !== null && !r.diagnostics.some((d) => d.severity === "error");
    if (r.expr) activation = { kind: "history", expr: r.expr };
  } else if (english && raw.trigger) {
    const text = raw.trigger.value.trim();
    activation = { kind: "model", text, textHash: textHash(text) };
  }
  let scope = null;
  if (raw.match) {
    const r = compileExpression(raw.match, "match", tools);
    out.push(...r.diagnostics);
    compiled &&= r.expr !== null && !r.diagnostics.some((d) => d.severity === "error");
    scope = r.expr;
  }
  const effect = raw.effect ? { text: raw.effect.value.trim(), textHash: textHash(raw.effect.value.trim()) } : null;
  const examples = {
    hit: compileExamples(raw.examples?.hit, out, tools),
    miss: compileExamples(raw.examples?.miss, out, tools),
  };
  if (!raw.id || !raw.mode) return null;
  const rule: Rule = {
    id,
    mode: raw.mode.value,
    activation,
    scope,
    effect,
    description: raw.description ? raw.description.value.trim() : null,
    source: raw.$span,
    examples,
  };
  return { rule, compiled };
}

/** Examples are calls in pattern form `tool(argument)`; the runtime checks them against the rule (ADR 0002). */
function compileExamples(
  list: ListOut<Located<string>> | undefined,
  out: Diagnostic[],
  tools: ToolCheck,
): ExampleCall[] {
  const calls: ExampleCall[] = [];
  for (const loc of list?.items ?? []) {
    const { value, errors } = parsePattern(loc.value);
    if (errors.length > 0) {
      out.push(...syntaxDiagnostics(errors, loc));
      continue;
    }
    if (value === null || value.spec === null || /[*?[]/.test(value.tool)) {
      out.push(diagnostic("RG5009", loc.span, { text: loc.value }));
      continue;
    }
    const unknown = checkTool(value, loc, tools);
    if (unknown !== null) {
      out.push(unknown);
      continue;
    }
    calls.push({ text: loc.value, tool: canonicalTool(value.tool), arg: value.spec, span: valueSpan(loc, value.at) });
  }
  return calls;
}
