import type { Severity } from "./diagnostic.ts";

/**
 * The diagnostic catalog: every code rulegate can report, in one place. Codes are stable and never reused.
 * Ranges: RG1xxx syntax (grammar), RG2xxx schema and YAML, RG3xxx configuration sources and trust,
 * RG4xxx names and types in expressions, RG5xxx rules and policy consistency, RG9xxx internal.
 * `message` and `hint` are templates: `{name}` is replaced by the argument of that name.
 * `anchor` is the heading id in docs/diagnostics.md (generated from this table).
 */
export interface CatalogEntry {
  readonly severity: Severity;
  readonly title: string;
  readonly message: string;
  readonly hint?: string;
  readonly anchor: string;
}

function entry(severity: Severity, title: string, message: string, hint?: string): Omit<CatalogEntry, "anchor"> {
  return hint === undefined ? { severity, title, message } : { severity, title, message, hint };
}

const RAW = {
  // --- RG1xxx: syntax of expressions, patterns and skill annotations (grammar/) ---
  RG1001: entry("error", "unexpected token", "unexpected {found}, expected {expected}"),
  RG1002: entry("error", "unterminated string", "unterminated string literal"),
  RG1003: entry("error", "unbalanced pattern", "permission pattern '{tool}(' is missing its closing ')'"),
  RG1004: entry("error", "unknown character", "unexpected character '{char}'"),
  RG1005: entry("error", "trailing input", "unexpected {found} after the end of the expression"),
  RG1006: entry("error", "empty expression", "empty expression"),
  RG1007: entry("error", "bad pattern", "'{text}' is not a permission pattern: expected Tool or Tool(spec)"),
  RG1008: entry("error", "bad annotation", "bad skill annotation: {detail}"),
} as const satisfies Record<string, Omit<CatalogEntry, "anchor">>;

export type DiagnosticCode = keyof typeof RAW;

export const CATALOG: Readonly<Record<DiagnosticCode, CatalogEntry>> = Object.fromEntries(
  Object.entries(RAW).map(([code, e]) => [code, { ...e, anchor: code.toLowerCase() }]),
) as Record<DiagnosticCode, CatalogEntry>;
