import type { Diagnostic, Range } from "../core/index.ts";
import type { PatternAst } from "../grammar/index.ts";
import { parsePattern } from "./grammar.ts";
import { badGlob } from "./glob-check.ts";
import type { Pattern, PatternSpec } from "./ir.ts";
import { knownToolCheck, type ToolCheck } from "./known-tools.ts";
import { syntaxDiagnostics } from "./syntax.ts";
import { valueSpan } from "./scalar-map.ts";
import type { Located } from "./source.ts";
import { canonicalTool, isPathTool } from "./tool-names.ts";

/** Parses a permission pattern string (a list item of permissions.*) into the IR; its tool must be known. */
export function compilePattern(
  loc: Located<string>,
  tools: ToolCheck = knownToolCheck(),
): { pattern: Pattern | null; diagnostics: readonly Diagnostic[] } {
  const { value, errors } = parsePattern(loc.value);
  const diagnostics = syntaxDiagnostics(errors, loc);
  if (value === null || errors.length > 0) return { pattern: null, diagnostics };
  const problems = [checkTool(value, loc, tools), checkPathGlob(value, loc)].filter((d) => d !== null);
  if (problems.length > 0) return { pattern: null, diagnostics: [...diagnostics, ...problems] };
  return { pattern: lowerPattern(value, loc), diagnostics };
}

/** The diagnostic for a path pattern whose glob picomatch would misread (`read([)`), or null. */
export function checkPathGlob(ast: PatternAst<Range>, loc: Located<string>): Diagnostic | null {
  if (ast.spec === null || ast.specAt === null || !isPathTool(canonicalTool(ast.tool))) return null;
  return badGlob(ast.spec, valueSpan(loc, ast.specAt));
}

/** The diagnostic for a pattern whose tool names no tool the policy knows, or null. */
export function checkTool(ast: PatternAst<Range>, loc: Located<string>, tools: ToolCheck): Diagnostic | null {
  return tools(ast.tool, valueSpan(loc, ast.toolAt));
}

/** A pattern AST whose ranges are offsets into `loc.value` → IR pattern with file spans. */
export function lowerPattern(ast: PatternAst<Range>, loc: Located<string>): Pattern {
  const tool = canonicalTool(ast.tool);
  return {
    text: loc.value.slice(ast.at.start, ast.at.end),
    tool,
    spec: ast.spec === null ? null : specFor(tool, ast.spec),
    span: valueSpan(loc, ast.at),
  };
}

const BASH_PREFIX = /(?: \*|:\*)$/;

function specFor(tool: string, spec: string): PatternSpec {
  if (tool === "bash") {
    return BASH_PREFIX.test(spec)
      ? { kind: "bash", glob: spec.replace(BASH_PREFIX, "").trimEnd(), prefix: true }
      : { kind: "bash", glob: spec, prefix: false };
  }
  if (isPathTool(tool)) return { kind: "path", glob: spec };
  if (tool === "webfetch")
    return spec.startsWith("domain:")
      ? { kind: "domain", domain: spec.slice("domain:".length) }
      : { kind: "url", glob: spec };
  return { kind: "json", glob: spec };
}

/** Whether a pattern matches every call of its tool (a lint: `bash(*)`, `Bash`, `read(**)`). */
export function matchesEverything(p: Pattern): boolean {
  const spec = p.spec;
  if (spec === null) return true;
  switch (spec.kind) {
    case "bash":
      return /^[* ]*$/.test(spec.glob) && (spec.prefix || spec.glob.includes("*"));
    case "path":
    case "url":
    case "json":
      return /^[*/]+$/.test(spec.glob) && spec.glob.includes("*");
    case "domain":
      return spec.domain === "*";
  }
}
