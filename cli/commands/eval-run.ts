import { readFileSync } from "node:fs";
import type { Policy } from "../../compiler/ir.ts";
import { openLog, type LogWriter } from "../../runtime/log/index.ts";
import { createAnthropicModel, metered, unavailableModel, withMemo, type MeteredModelClient, type ModelClient } from "../../runtime/model/index.ts";
import { createScriptRunner, decisionJson, type LineOutput, type Session } from "../../runtime/session/index.ts";
import { EXIT, UsageError, type Io } from "../io.ts";
import { renderDecisionRow, renderSummary, tally } from "../render/decision-table.ts";
import { renderText, toJson } from "../render/diagnostics.ts";
import { modelStatsJson, renderModelStats } from "../render/model-stats.ts";
import { homeOf, policyFor } from "./policy-source.ts";

export interface EvalOptions {
  readonly policy?: string;
  readonly call?: string;
  readonly log?: string;
  readonly format?: string;
  /** Print the model's usage for the run after the decisions (requests, memo hits, tokens, failures). */
  readonly modelStats?: boolean;
}

export async function runEval(input: string | undefined, opts: EvalOptions, io: Io): Promise<number> {
  const format = opts.format ?? (io.isTty ? "table" : "json");
  if (format !== "json" && format !== "table") throw new UsageError(`--format must be json or table, not '${format}'`);
  if (opts.call !== undefined && input !== undefined) throw new UsageError("give either --call or an input file, not both");
  const compiled = policyFor(opts.policy, io);
  if (compiled.policy === null) {
    const shown = compiled.diagnostics.map((d) => ({ diagnostic: d, severity: d.severity }));
    if (format === "json") io.stdout(`${JSON.stringify({ ok: false, diagnostics: toJson(shown) })}\n`);
    else io.stderr(renderText(shown, io.color));
    return EXIT.invalid;
  }
  const text = opts.call ?? (input === undefined || input === "-" ? await io.stdin() : readInput(input));
  const log = opts.log === undefined ? null : await openLog(opts.log);
  const model = evalModel(compiled.policy, io);
  try {
    const { outputs } = await evalLines(compiled.policy, text, { io, model, log }, (o, raw) => {
      if (format === "json") io.stdout(`${JSON.stringify("tool" in o ? decisionJson(o) : o)}\n`);
      else io.stdout(renderDecisionRow(o, raw, io.color));
    });
    if (format === "table") io.stdout(renderSummary(tally(outputs), io.color));
    if (opts.modelStats === true) {
      io.stdout(format === "json" ? `${JSON.stringify(modelStatsJson(model.stats()))}\n` : renderModelStats(model.stats(), io.color));
    }
  } finally {
    await log?.close();
  }
  return EXIT.ok;
}

function readInput(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * A real model when a key is configured, behind the memo; otherwise every model question fails (settings.fail).
 * The key, the token and the base URL are read from `io.env` only, never from process.env.
 */
export function evalModel(policy: Policy, io: Io): MeteredModelClient {
  if (io.env.ANTHROPIC_API_KEY === undefined && io.env.ANTHROPIC_AUTH_TOKEN === undefined) return metered(unavailableModel);
  return withMemo(createAnthropicModel({ settings: policy.settings.model, env: io.env }));
}

export interface EvalDeps {
  readonly io: Io;
  /** Shared by every session of the run (one memo), so a question asked in one session is not asked again. */
  readonly model: ModelClient;
  readonly log: LogWriter | null;
}

/** The decisions of a run, and its sessions as they ended (a test compares their state with a rebuild from the log). */
export interface EvalRun {
  readonly outputs: readonly LineOutput[];
  readonly sessions: ReadonlyMap<string, Session>;
}

export async function evalLines(policy: Policy, text: string, deps: EvalDeps, emit: (o: LineOutput, raw: unknown) => void): Promise<EvalRun> {
  const { io, model, log } = deps;
  const runner = createScriptRunner(policy, () => ({
    home: homeOf(io), cwd: io.cwd, model,
    ...(log !== null ? { sink: async (events: readonly object[]) => void (await log.append(events)) } : {}),
  }));
  const outputs: LineOutput[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const raw = (lines[i] as string).trim();
    if (raw === "") continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch (err) {
      const o: LineOutput = { line: i + 1, ok: false, error: `not JSON: ${err instanceof Error ? err.message : String(err)}` };
      outputs.push(o);
      emit(o, null);
      continue;
    }
    const { output } = await runner.run(parsed, i + 1);
    outputs.push(output);
    emit(output, parsed);
  }
  return { outputs, sessions: runner.sessions };
}
