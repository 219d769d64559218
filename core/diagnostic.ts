import { ownEntry } from "./own.ts";
import type { Span } from "./span.ts";
import { CATALOG, type CodedArgs, type DiagnosticArgs, type DiagnosticCode } from "./catalog.ts";

export type Severity = "error" | "warning";

/** A diagnostic is data: a stable code, where, and the rendered message. Wording lives in catalog.ts. */
export interface Diagnostic {
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  readonly message: string;
  readonly span: Span;
  readonly hint?: string;
  /** Further places that belong to the same finding (for example the first of two duplicate ids). */
  readonly related?: readonly Span[];
}

/** Builds a diagnostic from its code and the template arguments; the catalog decides severity and wording. */
export function diagnostic<C extends DiagnosticCode>(
  code: C,
  span: Span,
  args: DiagnosticArgs<C>,
  extra: DiagnosticExtra = {},
): Diagnostic {
  return build(code, span, args, extra);
}

/** The same from a code and its arguments handed on together (a grammar error, `CodedArgs`). */
export function codedDiagnostic(coded: CodedArgs, span: Span, extra: DiagnosticExtra = {}): Diagnostic {
  return build(coded.code, span, coded.args, extra);
}

/** What a call site may add: a hint that replaces the catalog's, and further places of the same finding. */
export interface DiagnosticExtra {
  readonly hint?: string;
  readonly related?: readonly Span[];
}

function build(
  code: DiagnosticCode,
  span: Span,
  args: Readonly<Record<string, string | number>>,
  extra: DiagnosticExtra,
): Diagnostic {
  const entry = CATALOG[code];
  const message = fill(entry.message, args);
  const hint = extra.hint ?? (entry.hint === undefined ? undefined : fill(entry.hint, args));
  return {
    code,
    severity: entry.severity,
    message,
    span,
    ...(hint === undefined ? {} : { hint }),
    ...(extra.related === undefined ? {} : { related: extra.related }),
  };
}

function fill(template: string, args: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = ownEntry(args, name);
    return v === undefined ? whole : String(v);
  });
}
