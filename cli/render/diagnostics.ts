import type { Diagnostic, Severity, Span } from "../../core/index.ts";

export type DiagnosticFormat = "text" | "json" | "github";
export const DIAGNOSTIC_FORMATS: readonly DiagnosticFormat[] = ["text", "json", "github"];

/** A diagnostic as the CLI shows it: `--strict` may have raised its severity. */
export interface Shown {
  readonly diagnostic: Diagnostic;
  readonly severity: Severity;
}

const COLORS = {
  error: "\u001b[31m",
  warning: "\u001b[33m",
  bold: "\u001b[1m",
  dim: "\u001b[2m",
  reset: "\u001b[0m",
} as const;

function at(span: Span): string {
  return `${span.file}:${span.line}:${span.column}`;
}

/** `file:line:col: error RG1203: message`, an indented `hint:` line, and `note:` lines for related places. */
export function renderText(list: readonly Shown[], color: boolean): string {
  const paint = (code: keyof typeof COLORS, s: string) => (color ? `${COLORS[code]}${s}${COLORS.reset}` : s);
  return list
    .map(({ diagnostic: d, severity }) => {
      const lines = [`${paint("bold", at(d.span))}: ${paint(severity, severity)} ${d.code}: ${d.message}`];
      if (d.hint !== undefined) lines.push(`  ${paint("dim", "hint:")} ${d.hint}`);
      for (const r of d.related ?? []) lines.push(`  ${paint("dim", "note:")} ${at(r)}: related location`);
      return lines.join("\n") + "\n";
    })
    .join("");
}

/** One JSON object per diagnostic, flat, as docs/reference/cli.md fixes it. */
export function toJson(list: readonly Shown[]): object[] {
  return list.map(({ diagnostic: d, severity }) => ({
    code: d.code,
    severity,
    message: d.message,
    file: d.span.file,
    line: d.span.line,
    column: d.span.column,
    endLine: d.span.endLine,
    endColumn: d.span.endColumn,
    hint: d.hint ?? null,
    ...(d.related
      ? {
          related: d.related.map((r) => ({
            file: r.file,
            line: r.line,
            column: r.column,
            endLine: r.endLine,
            endColumn: r.endColumn,
          })),
        }
      : {}),
  }));
}

/** GitHub Actions workflow commands: annotations on the pull request diff. */
export function renderGithub(list: readonly Shown[]): string {
  return list
    .map(({ diagnostic: d, severity }) => {
      const props = [
        `file=${prop(d.span.file)}`,
        `line=${d.span.line}`,
        `col=${d.span.column}`,
        `endLine=${d.span.endLine}`,
        `endColumn=${d.span.endColumn}`,
      ];
      const hint = d.hint === undefined ? "" : `\n${d.hint}`;
      return `::${severity} ${props.join(",")}::${data(`${d.code} ${d.message}${hint}`)}\n`;
    })
    .join("");
}

function data(s: string): string {
  return s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function prop(s: string): string {
  return data(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
