import type { ModelStats } from "../../runtime/model/index.ts";

/**
 * `rules eval --model-stats`: what the model cost for the run. JSON keys are snake_case like the rest of the
 * decision output (docs/reference/eval-jsonl.md); the table form is a short block after the summary.
 */
export interface ModelStatsJson {
  readonly model_stats: {
    readonly asks: number;
    readonly questions: number;
    readonly memo_hits: number;
    readonly requests: number;
    readonly input_tokens: number;
    readonly output_tokens: number;
    readonly failures: number;
    readonly failures_by_cause: Readonly<Record<string, number>>;
  };
}

export function modelStatsJson(s: ModelStats): ModelStatsJson {
  return {
    model_stats: {
      asks: s.asks,
      questions: s.questions,
      memo_hits: s.cacheHits,
      requests: s.requests,
      input_tokens: s.inputTokens,
      output_tokens: s.outputTokens,
      failures: s.failures,
      failures_by_cause: { ...s.failuresByCause },
    },
  };
}

export function renderModelStats(s: ModelStats, color: boolean): string {
  const bold = (t: string) => (color ? `\u001b[1m${t}\u001b[0m` : t);
  const causes = Object.entries(s.failuresByCause)
    .map(([cause, n]) => `${cause} ${n}`)
    .join(", ");
  const rows: [string, string][] = [
    ["requests", `${s.requests}`],
    ["questions", `${s.questions} in ${s.asks} asks, ${s.cacheHits} answered from the memo`],
    ["tokens", `${s.inputTokens} input, ${s.outputTokens} output`],
    ["failures", s.failures === 0 ? "none" : `${s.failures} (${causes})`],
  ];
  return `${bold("model:")}\n${rows.map(([k, v]) => `  ${k.padEnd(10)} ${v}\n`).join("")}`;
}
