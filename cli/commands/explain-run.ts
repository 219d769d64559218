import { readFileSync } from "node:fs";
import { createScriptRunner, type ScriptRunner } from "../../runtime/session/index.ts";
import type { TraceStep } from "../../runtime/stages/index.ts";
import { EXIT, UsageError, type Io } from "../io.ts";
import { renderText, toJson } from "../render/diagnostics.ts";
import { describeSystemError, isSystemError } from "../render/system-error.ts";
import { evalModel } from "./eval-run.ts";
import { homeOf, policyFor } from "./policy-source.ts";

export interface ExplainOptions {
  readonly call: string;
  readonly session?: string;
  readonly policy?: string;
  readonly format: string;
}

export async function runExplain(opts: ExplainOptions, io: Io): Promise<number> {
  if (opts.format !== "text" && opts.format !== "json")
    throw new UsageError(`--format must be text or json, not '${opts.format}'`);
  let call: unknown;
  try {
    call = JSON.parse(opts.call);
  } catch {
    throw new UsageError("--call must be JSON");
  }
  const history = opts.session === undefined ? null : readHistory(opts.session);
  const compiled = policyFor(opts.policy, io);
  if (compiled.policy === null) {
    const shown = compiled.diagnostics.map((d) => ({ diagnostic: d, severity: d.severity }));
    if (opts.format === "json") io.stdout(`${JSON.stringify({ ok: false, diagnostics: toJson(shown) })}\n`);
    else io.stderr(renderText(shown, io.color));
    return EXIT.invalid;
  }
  const policy = compiled.policy;
  const model = evalModel(policy, io);
  const runner = createScriptRunner(policy, () => ({ home: homeOf(io), cwd: io.cwd, model }));
  let line = 1;
  let decided = 0;
  if (history !== null) {
    const played = await playHistory(runner, history, opts.session as string);
    if (played.errors.length > 0) {
      io.stderr(played.errors.map((e) => `rules: ${e}\n`).join(""));
      return EXIT.usage;
    }
    call = joinSession(call, played.sessions);
    line = played.lines + 1;
    decided = played.decided;
  }
  const { output, trace } = await runner.run(call, line, { trace: true });
  if (!("decision" in output)) {
    if (opts.format === "json") io.stdout(`${JSON.stringify(output)}\n`);
    else io.stderr(`rules: ${"error" in output ? output.error : "not a call"}\n`);
    return EXIT.usage;
  }
  if (opts.format === "json") {
    io.stdout(`${JSON.stringify({ decision: output, trace })}\n`);
    return EXIT.ok;
  }
  const notFired = trace.filter(isNotFired);
  const lines = [
    `policy ${policy.hash}`,
    ...(history !== null ? [`session ${output.session}, after the ${decided} line(s) of ${opts.session}`] : []),
  ];
  lines.push(...trace.filter((t) => !isNotFired(t)).map((t) => renderStep(t, io.color)));
  lines.push(
    "",
    `decision: ${output.decision.toUpperCase()} at ${output.stage}${output.rules.length > 0 ? ` [${output.rules.join(", ")}]` : ""}`,
    `reason:   ${output.reason}`,
  );
  if (notFired.length > 0) lines.push("", "rules that did not fire:", ...notFired.map((t) => `  ${t.detail}`));
  io.stdout(`${lines.join("\n")}\n`);
  return EXIT.ok;
}

/** The rule steps `decide` adds for `rules explain`: each rule that did not fire, and why. */
const isNotFired = (t: TraceStep): boolean => t.stage === "rules" && t.outcome === "skip";

function readHistory(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new UsageError(isSystemError(err) ? describeSystemError(err, file) : `cannot read ${file}: ${String(err)}`);
  }
  const first = text.split("\n").find((l) => l.trim() !== "");
  if (first !== undefined && isLogLine(first)) {
    throw new UsageError(
      `${file} is an event log; --session takes rules eval input lines (calls, user messages, session commands), see rules explain --help`,
    );
  }
  return text;
}

function isLogLine(text: string): boolean {
  try {
    const x = JSON.parse(text) as unknown;
    return typeof x === "object" && x !== null && "seq" in x && "hash" in x && "type" in x;
  } catch {
    return false;
  }
}

/** Decides the history's lines in order; a bad line is an error (the history would not be the one meant). */
async function playHistory(
  runner: ScriptRunner,
  text: string,
  file: string,
): Promise<{ lines: number; decided: number; sessions: Set<string>; errors: string[] }> {
  const lines = text.split("\n");
  const sessions = new Set<string>();
  const errors: string[] = [];
  let decided = 0;
  for (let i = 0; i < lines.length; i++) {
    const raw = (lines[i] as string).trim();
    if (raw === "") continue;
    decided++;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      errors.push(`${file} line ${i + 1}: not JSON`);
      continue;
    }
    const { output } = await runner.run(parsed, i + 1);
    if ("ok" in output && !output.ok) errors.push(`${file} line ${i + 1}: ${output.error}`);
    else if (output.session !== undefined) sessions.add(output.session);
  }
  return { lines: lines.length, decided, sessions, errors };
}

/** A call without its own `session` joins the history's, when the history has exactly one. */
function joinSession(call: unknown, sessions: ReadonlySet<string>): unknown {
  if (typeof call !== "object" || call === null || Array.isArray(call) || "session" in call || sessions.size !== 1)
    return call;
  return { ...call, session: [...sessions][0] };
}

const MARK: Readonly<Record<TraceStep["outcome"], string>> = {
  hit: "●",
  miss: "○",
  gate: "◆",
  note: "✎",
  skip: "·",
  info: "ℹ",
};

function renderStep(t: TraceStep, color: boolean): string {
  const paint = (c: string, s: string) => (color ? `\u001b[${c}m${s}\u001b[0m` : s);
  const colour = t.outcome === "hit" ? "31" : t.outcome === "gate" ? "33" : t.outcome === "miss" ? "2" : "0";
  const extra = [
    t.patterns !== undefined ? `patterns: ${t.patterns.join(", ")}` : "",
    t.rules !== undefined ? `rules: ${t.rules.join(", ")}` : "",
  ].filter((s) => s !== "");
  return `${paint(colour, `${MARK[t.outcome]} ${t.stage.padEnd(18)} ${t.outcome.padEnd(5)}`)} ${t.detail}${extra.length > 0 ? `  (${extra.join("; ")})` : ""}`;
}
