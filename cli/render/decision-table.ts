import type { LineOutput } from "../../runtime/session/index.ts";

/** `rules eval --format table`: one readable row per input line, coloured by decision, and a summary line. */
const C = { allow: "\u001b[32m", ask: "\u001b[33m", deny: "\u001b[31m", dim: "\u001b[2m", bold: "\u001b[1m", reset: "\u001b[0m" } as const;

const paint = (on: boolean, c: keyof typeof C, s: string) => (on ? `${C[c]}${s}${C.reset}` : s);

export interface Tally {
  readonly allowed: number;
  readonly gated: number;
  readonly denied: number;
  readonly modelCalls: number;
  readonly errors: number;
}

export function tally(outputs: readonly LineOutput[]): Tally {
  let allowed = 0, gated = 0, denied = 0, modelCalls = 0, errors = 0;
  for (const o of outputs) {
    if ("decision" in o) {
      if (o.decision === "allow") allowed++;
      else if (o.decision === "ask") gated++;
      else denied++;
      modelCalls += o.llm_calls;
      if (o.gates.length > 0 && o.decision !== "ask") gated++;
    } else if (!o.ok) errors++;
  }
  return { allowed, gated, denied, modelCalls, errors };
}

/** What a person recognizes a call by: the command, path, URL or query. */
export function subjectOf(raw: unknown): string {
  if (typeof raw !== "object" || raw === null) return "";
  const input = (raw as { input?: unknown }).input;
  if (typeof input !== "object" || input === null) return "";
  const i = input as Record<string, unknown>;
  const v = i.command ?? i.file_path ?? i.path ?? i.notebook_path ?? i.url ?? i.pattern ?? i.query ?? JSON.stringify(i);
  const s = String(v).replace(/\s+/g, " ");
  return s.length > 60 ? `${s.slice(0, 59)}…` : s;
}

export function renderDecisionRow(o: LineOutput, raw: unknown, color: boolean): string {
  const line = String(o.line).padStart(3);
  if (!("decision" in o)) {
    const session = o.session ?? "";
    if (o.ok) return paint(color, "dim", `${line}  ${session.padEnd(10)} ${describeNonCall(raw)}`) + "\n";
    return `${line}  ${session.padEnd(10)} ${paint(color, "deny", "error")} ${o.error}\n`;
  }
  const word = o.decision.toUpperCase().padEnd(5);
  const approval = o.approval === null ? "" : ` (${o.approval})`;
  const rules = o.rules.length > 0 ? ` [${o.rules.join(", ")}]` : "";
  const model = o.llm_calls > 0 ? paint(color, "dim", ` +${o.llm_calls} model`) : "";
  return `${line}  ${o.session.padEnd(10)} ${paint(color, o.decision, word)} ${o.tool.padEnd(9)} ${subjectOf(raw).padEnd(60)}  ${paint(color, "dim", o.stage)}${approval}${rules}${model}\n` +
    (o.decision === "allow" && o.approval === null ? "" : `     ${paint(color, "dim", `↳ ${o.reason}`)}\n`);
}

function describeNonCall(raw: unknown): string {
  if (typeof raw !== "object" || raw === null) return "ok";
  const r = raw as Record<string, unknown>;
  if (typeof r.user === "string") return `user: ${r.user}`;
  if (typeof r.command === "string") return `command: ${r.command}`;
  return "ok";
}

export function renderSummary(t: Tally, color: boolean): string {
  const parts = [
    paint(color, "allow", `${t.allowed} allowed`),
    paint(color, "ask", `${t.gated} gated`),
    paint(color, "deny", `${t.denied} denied`),
    `${t.modelCalls} model calls`,
    ...(t.errors > 0 ? [`${t.errors} bad lines`] : []),
  ];
  return `\n${paint(color, "bold", "summary:")} ${parts.join(", ")}\n`;
}
