import type { LineOutput, PlanOutput } from "../../runtime/session/index.ts";

/** `rules eval --format table`: one readable row per input line, coloured by decision, and a summary line. */
const C = {
  allow: "\u001b[32m",
  ask: "\u001b[33m",
  deny: "\u001b[31m",
  dim: "\u001b[2m",
  bold: "\u001b[1m",
  reset: "\u001b[0m",
} as const;

const paint = (on: boolean, c: keyof typeof C, s: string) => (on ? `${C[c]}${s}${C.reset}` : s);

/**
 * The calls of a run, each counted once by its final decision (an approved gate is an allow, a refused one a
 * deny), and apart from that how many went to a human and what the human answered.
 */
export interface Tally {
  readonly calls: number;
  readonly allowed: number;
  /** Final decision `ask`: gated, and no reply on the line. */
  readonly ask: number;
  readonly denied: number;
  /** Calls that a gate put to a human, by answer (`unanswered`: those still `ask`). */
  readonly asked: {
    readonly total: number;
    readonly approved: number;
    readonly denied: number;
    readonly timeout: number;
    readonly unanswered: number;
  };
  readonly modelCalls: number;
  readonly errors: number;
}

export function tally(outputs: readonly LineOutput[]): Tally {
  const final = { allow: 0, ask: 0, deny: 0 };
  const asked = { total: 0, approved: 0, denied: 0, timeout: 0, unanswered: 0 };
  let modelCalls = 0,
    errors = 0;
  for (const o of outputs) {
    if ("decision" in o) {
      final[o.decision]++;
      modelCalls += o.llm_calls;
      if (o.approval !== null) {
        asked.total++;
        asked[o.approval]++;
      } else if (o.decision === "ask") {
        asked.total++;
        asked.unanswered++;
      }
    } else if ("ok" in o && !o.ok) errors++;
  }
  return {
    calls: final.allow + final.ask + final.deny,
    allowed: final.allow,
    ask: final.ask,
    denied: final.deny,
    asked,
    modelCalls,
    errors,
  };
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
  if ("plan" in o) return renderPlanRows(o, raw, color);
  if (!("decision" in o)) {
    const session = o.session ?? "";
    if (o.ok) return paint(color, "dim", `${line}  ${session.padEnd(10)} ${describeNonCall(raw)}`) + "\n";
    return `${line}  ${session.padEnd(10)} ${paint(color, "deny", "error")} ${o.error}\n`;
  }
  const word = o.decision.toUpperCase().padEnd(5);
  const approval = o.approval === null ? "" : ` (${o.approval})`;
  const rules = o.rules.length > 0 ? ` [${o.rules.join(", ")}]` : "";
  const model = o.llm_calls > 0 ? paint(color, "dim", ` +${o.llm_calls} model`) : "";
  return (
    `${line}  ${o.session.padEnd(10)} ${paint(color, o.decision, word)} ${o.tool.padEnd(9)} ${subjectOf(raw).padEnd(60)}  ${paint(color, "dim", o.stage)}${approval}${rules}${model}\n` +
    (o.decision === "allow" && o.approval === null ? "" : `     ${paint(color, "dim", `↳ ${o.reason}`)}\n`)
  );
}

/** A plan line: the plan, then each step with its decision as a step of the plan and whether it was approved. */
function renderPlanRows(o: PlanOutput, raw: unknown, color: boolean): string {
  const steps = typeof raw === "object" && raw !== null ? (raw as { plan?: unknown }).plan : undefined;
  const list = Array.isArray(steps) ? steps : [];
  const head = `${String(o.line).padStart(3)}  ${o.session.padEnd(10)} ${paint(color, "dim", `plan of ${o.plan.length} step${o.plan.length === 1 ? "" : "s"}, approved: ${o.approved.length === 0 ? "none" : o.approved.join(", ")}`)}\n`;
  return (
    head +
    o.plan
      .map((d, i) => {
        const step = list[i] as { pattern?: unknown } | undefined;
        const subject = typeof step?.pattern === "string" ? step.pattern : subjectOf(step);
        const mark = o.approved.includes(i) ? " (approved)" : "";
        return `     ${String(i).padStart(2)} ${paint(color, d.decision, d.decision.toUpperCase().padEnd(5))} ${d.tool.padEnd(9)} ${subject.padEnd(60)}  ${paint(color, "dim", d.stage)}${mark}\n`;
      })
      .join("")
  );
}

function describeNonCall(raw: unknown): string {
  if (typeof raw !== "object" || raw === null) return "ok";
  const r = raw as Record<string, unknown>;
  if (typeof r.user === "string") return `user: ${r.user}`;
  if (typeof r.command === "string") return `command: ${r.command}`;
  return "ok";
}

export function renderSummary(t: Tally, color: boolean): string {
  const finals = [
    paint(color, "allow", `${t.allowed} allowed`),
    ...(t.ask > 0 ? [paint(color, "ask", `${t.ask} ask`)] : []),
    paint(color, "deny", `${t.denied} denied`),
  ];
  const answers = (
    [
      ["approved", t.asked.approved],
      ["denied", t.asked.denied],
      ["timed out", t.asked.timeout],
      ["unanswered", t.asked.unanswered],
    ] as const
  )
    .filter(([, n]) => n > 0)
    .map(([what, n]) => `${n} ${what}`);
  const parts = [
    `${t.calls} call${t.calls === 1 ? "" : "s"}: ${finals.join(", ")}`,
    `${t.asked.total} asked a human${answers.length > 0 ? ` (${answers.join(", ")})` : ""}`,
    `${t.modelCalls} model calls`,
    ...(t.errors > 0 ? [`${t.errors} bad lines`] : []),
  ];
  return `\n${paint(color, "bold", "summary:")} ${parts.join("; ")}\n`;
}
