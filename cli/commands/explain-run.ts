import { createScriptRunner } from "../../runtime/session/index.ts";
import type { TraceStep } from "../../runtime/stages/index.ts";
import { EXIT, UsageError, type Io } from "../io.ts";
import { renderText, toJson } from "../render/diagnostics.ts";
import { evalModel } from "./eval-run.ts";
import { homeOf, policyFor } from "./policy-source.ts";

export async function runExplain(opts: { call: string; policy?: string; format: string }, io: Io): Promise<number> {
  if (opts.format !== "text" && opts.format !== "json") throw new UsageError(`--format must be text or json, not '${opts.format}'`);
  let call: unknown;
  try {
    call = JSON.parse(opts.call);
  } catch {
    throw new UsageError("--call must be JSON");
  }
  const compiled = policyFor(opts.policy, io);
  if (compiled.policy === null) {
    const shown = compiled.diagnostics.map((d) => ({ diagnostic: d, severity: d.severity }));
    if (opts.format === "json") io.stdout(`${JSON.stringify({ ok: false, diagnostics: toJson(shown) })}\n`);
    else io.stderr(renderText(shown, io.color));
    return EXIT.invalid;
  }
  const runner = createScriptRunner(compiled.policy, () => ({ home: homeOf(io), cwd: io.cwd, model: evalModel(compiled.policy!, io) }));
  const { output, trace } = await runner.run(call, 1, { trace: true });
  if (!("decision" in output)) {
    if (opts.format === "json") io.stdout(`${JSON.stringify(output)}\n`);
    else io.stderr(`rules: ${"error" in output ? output.error : "not a call"}\n`);
    return EXIT.usage;
  }
  if (opts.format === "json") {
    io.stdout(`${JSON.stringify({ decision: output, trace })}\n`);
    return EXIT.ok;
  }
  const lines = [`policy ${compiled.policy.hash}`, ...trace.map((t) => renderStep(t, io.color))];
  lines.push("", `decision: ${output.decision.toUpperCase()} at ${output.stage}${output.rules.length > 0 ? ` [${output.rules.join(", ")}]` : ""}`, `reason:   ${output.reason}`);
  io.stdout(`${lines.join("\n")}\n`);
  return EXIT.ok;
}

const MARK: Readonly<Record<TraceStep["outcome"], string>> = { hit: "●", miss: "○", gate: "◆", note: "✎", skip: "·", info: "ℹ" };

function renderStep(t: TraceStep, color: boolean): string {
  const paint = (c: string, s: string) => (color ? `\u001b[${c}m${s}\u001b[0m` : s);
  const colour = t.outcome === "hit" ? "31" : t.outcome === "gate" ? "33" : t.outcome === "miss" ? "2" : "0";
  const extra = [t.patterns !== undefined ? `patterns: ${t.patterns.join(", ")}` : "", t.rules !== undefined ? `rules: ${t.rules.join(", ")}` : ""].filter((s) => s !== "");
  return `${paint(colour, `${MARK[t.outcome]} ${t.stage.padEnd(18)} ${t.outcome.padEnd(5)}`)} ${t.detail}${extra.length > 0 ? `  (${extra.join("; ")})` : ""}`;
}
