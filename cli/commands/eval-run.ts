import { resolve } from "node:path";
import { existsSync, readFileSync } from "node:fs";
import type { Policy } from "../../compiler/index.ts";
import type { Event } from "../../runtime/events/index.ts";
import { openLog, type LogWriter } from "../../runtime/log/index.ts";
import { readEvents } from "../../runtime/replay/index.ts";
import {
  createAnthropicModel,
  metered,
  unavailableModel,
  withMemo,
  type MeteredModelClient,
  type ModelClient,
} from "../../runtime/model/index.ts";
import {
  createScriptRunner,
  decisionJson,
  localRulesLearner,
  sessionStarted,
  type LineOutput,
  type Session,
  type SessionDeps,
} from "../../runtime/session/index.ts";
import { EXIT, UsageError, type Io } from "../io.ts";
import { renderDecisionRow, renderSummary, tally } from "../render/decision-table.ts";
import { renderText, toJson } from "../render/diagnostics.ts";
import { modelStatsJson, renderModelStats } from "../render/model-stats.ts";
import { describeSystemError, isSystemError } from "../render/system-error.ts";
import { homeOf, localRulesFile, policyFor, recompiled } from "./policy-source.ts";

export interface EvalOptions {
  readonly policy?: string;
  readonly call?: string;
  readonly log?: string;
  readonly format?: string;
  /** Print the model's usage for the run after the decisions (requests, memo hits, tokens, failures). */
  readonly modelStats?: boolean;
  /** The session root of every session (relative sandbox and workspace directories are anchored there); default the cwd. */
  readonly root?: string;
}

export async function runEval(input: string | undefined, opts: EvalOptions, io: Io): Promise<number> {
  const format = opts.format ?? (io.isTty ? "table" : "json");
  if (format !== "json" && format !== "table") throw new UsageError(`--format must be json or table, not '${format}'`);
  if (opts.call !== undefined && input !== undefined)
    throw new UsageError("give either --call or an input file, not both");
  const compiled = policyFor(opts.policy, io);
  if (compiled.policy === null) {
    const shown = compiled.diagnostics.map((d) => ({ diagnostic: d, severity: d.severity }));
    if (format === "json") io.stdout(`${JSON.stringify({ ok: false, diagnostics: toJson(shown) })}\n`);
    else io.stderr(renderText(shown, io.color));
    return EXIT.invalid;
  }
  const text = opts.call ?? (input === undefined || input === "-" ? await io.stdin() : readInput(input));
  const { taken, recordedRules } =
    opts.log === undefined
      ? { taken: new Set<string>(), recordedRules: new Set<string>() }
      : await loggedSessions(opts.log);
  const log = opts.log === undefined ? null : await openLog(opts.log);
  const model = evalModel(compiled.policy, io);
  let bad: number[] = [];
  let internal: number[] = [];
  try {
    const stop = io.outputClosed;
    const root = opts.root === undefined ? {} : { root: resolve(io.cwd, opts.root) };
    const { outputs } = await evalLines(
      compiled.policy,
      text,
      {
        io,
        model,
        log,
        taken,
        recordedRules,
        ...root,
        learn: localRulesLearner(localRulesFile(io), () => recompiled(opts.policy, io)),
        ...(stop ? { stop } : {}),
      },
      (o, raw) => {
        if (format === "json") io.stdout(`${JSON.stringify("tool" in o ? decisionJson(o) : o)}\n`);
        else io.stdout(renderDecisionRow(o, raw, io.color));
      },
    );
    if (format === "table") io.stdout(renderSummary(tally(outputs), io.color));
    if (opts.modelStats === true) {
      io.stdout(
        format === "json"
          ? `${JSON.stringify(modelStatsJson(model.stats()))}\n`
          : renderModelStats(model.stats(), io.color),
      );
    }
    bad = outputs.flatMap((o) => ("ok" in o && !o.ok ? [o.line] : []));
    internal = outputs.flatMap((o) => ("ok" in o && !o.ok && o.error.startsWith(INTERNAL_LINE) ? [o.line] : []));
  } finally {
    await log?.close();
  }
  if (internal.length > 0) {
    io.stderr(
      `rules: internal error on ${internal.length === 1 ? "line" : "lines"} ${internal.join(", ")} (the other lines were decided)\n`,
    );
    return EXIT.internal;
  }
  if (bad.length === 0) return EXIT.ok;
  // The other lines were decided (and logged); the exit code says the input was not all good.
  io.stderr(
    `rules: ${bad.length} bad input line${bad.length === 1 ? "" : "s"} (${bad.length === 1 ? "line" : "lines"} ${bad.join(", ")})\n`,
  );
  return EXIT.usage;
}

function readInput(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (err) {
    throw new UsageError(isSystemError(err) ? describeSystemError(err, file) : `cannot read ${file}: ${String(err)}`);
  }
}

/**
 * A real model when a key is configured, behind the memo; otherwise every model question fails (settings.fail).
 * The key, the token and the base URL are read from `io.env` only, never from process.env.
 */
export function evalModel(policy: Policy, io: Io): MeteredModelClient {
  if (io.env.ANTHROPIC_API_KEY === undefined && io.env.ANTHROPIC_AUTH_TOKEN === undefined)
    return metered(unavailableModel);
  return withMemo(createAnthropicModel({ settings: policy.settings.model, env: io.env }));
}

export interface EvalDeps {
  readonly io: Io;
  /** Shared by every session of the run (one memo), so a question asked in one session is not asked again. */
  readonly model: ModelClient;
  readonly log: LogWriter | null;
  /**
   * Sessions the --log file already holds. A run does not resume them (its state would start empty while the
   * log's does not, and replay would disagree), so their lines are refused with an error line.
   */
  readonly taken?: ReadonlySet<string>;
  /** Hashes of the rules whose IR the --log file already holds: a session under them does not store it again. */
  readonly recordedRules?: ReadonlySet<string>;
  /** Stop before the next line (stdout was closed): the lines decided so far are logged in full. */
  readonly stop?: AbortSignal;
  /** The session root, absolute (`--root`); default `io.cwd`. */
  readonly root?: string;
  /** Stores a `reply: "always"` (the local rules file) and returns the rules now in force; absent: approve only. */
  readonly learn?: SessionDeps["learn"];
}

/** The decisions of a run, and its sessions as they ended (a test compares their state with a rebuild from the log). */
export interface EvalRun {
  readonly outputs: readonly LineOutput[];
  readonly sessions: ReadonlyMap<string, Session>;
}

export async function evalLines(
  policy: Policy,
  text: string,
  deps: EvalDeps,
  emit: (o: LineOutput, raw: unknown) => void,
): Promise<EvalRun> {
  const { io, model, log } = deps;
  const taken = deps.taken ?? new Set<string>();
  const home = homeOf(io);
  const logged: LoggedRun = { rules: new Set(deps.recordedRules ?? []), sessions: [] };
  const runner = createScriptRunner(policy, (session) => ({
    home,
    cwd: io.cwd,
    model,
    ...(deps.root !== undefined ? { root: deps.root } : {}),
    ...(deps.learn !== undefined ? { learn: deps.learn } : {}),
    ...(log !== null ? { sink: startedSink(log, session, policy, home, logged) } : {}),
  }));
  const outputs: LineOutput[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length && deps.stop?.aborted !== true; i++) {
    const raw = (lines[i] as string).trim();
    if (raw === "") continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch (err) {
      const o: LineOutput = {
        line: i + 1,
        ok: false,
        error: `not JSON: ${err instanceof Error ? err.message : String(err)}`,
      };
      outputs.push(o);
      emit(o, null);
      continue;
    }
    const session = sessionOf(parsed);
    if (taken.has(session)) {
      const o: LineOutput = {
        session,
        line: i + 1,
        ok: false,
        error: `the log ${deps.log?.path ?? ""} already holds session '${session}'; rules eval does not resume a logged session: use a new --log file or another session name`,
      };
      outputs.push(o);
      emit(o, parsed);
      continue;
    }
    const output = await decidedLine(runner, parsed, { session, line: i + 1 });
    outputs.push(output);
    emit(output, parsed);
  }
  // A run that read all its input ends its sessions; one stopped early (stdout closed) leaves them open.
  if (log !== null && deps.stop?.aborted !== true && logged.sessions.length > 0) {
    const at = new Date().toISOString();
    await log.append(logged.sessions.map((session) => ({ type: "session_ended" as const, at, session })));
  }
  return { outputs, sessions: runner.sessions };
}

/**
 * One line decided, or, when rulegate itself fails on it (a bug, not the input), an error line that says so
 * (docs/adr/0461): the other lines are still decided, and the run exits with the internal-error code. The hook
 * blocks such a call instead (docs/adr/0128). A file rulegate cannot read or write still ends the run.
 */
async function decidedLine(
  runner: ReturnType<typeof createScriptRunner>,
  parsed: unknown,
  at: { readonly session: string; readonly line: number },
): Promise<LineOutput> {
  try {
    return (await runner.run(parsed, at.line)).output;
  } catch (err) {
    if (isSystemError(err)) throw err;
    const detail = err instanceof Error ? err.message : String(err);
    return { ...at, ok: false, error: `${INTERNAL_LINE}: ${detail}` };
  }
}

/** How an error line caused by rulegate itself begins (a hook would block the call). */
export const INTERNAL_LINE = "internal error, nothing decided (a hook would block this call)";

function sessionOf(line: unknown): string {
  const s = typeof line === "object" && line !== null ? (line as { session?: unknown }).session : undefined;
  return typeof s === "string" && s !== "" ? s : "default";
}

/** What a run wrote to its log so far: the rules whose IR the log holds, the sessions it started. */
interface LoggedRun {
  readonly rules: Set<string>;
  readonly sessions: string[];
}

/**
 * The log sink of one session: its first batch opens with `session_started` (the rules it ran under, for
 * replay), holding the IR unless the log already does.
 */
function startedSink(
  log: LogWriter,
  session: string,
  policy: Policy,
  home: string,
  logged: LoggedRun,
): (events: readonly Event[]) => Promise<void> {
  let started = false;
  return async (events) => {
    const first = events[0];
    const opening =
      started || first === undefined
        ? null
        : sessionStarted(policy, first.at, session, { home, withIr: !logged.rules.has(policy.hash) });
    await log.append(opening === null ? events : [opening, ...events]);
    if (opening !== null) {
      logged.rules.add(policy.hash);
      logged.sessions.push(session);
    }
    started = true;
  };
}

/** Session ids with events in an existing log, and the rules whose IR it holds (none when the file does not exist yet). */
async function loggedSessions(path: string): Promise<{ taken: Set<string>; recordedRules: Set<string> }> {
  if (!existsSync(path)) return { taken: new Set(), recordedRules: new Set() };
  const { events } = await readEvents(path);
  const recordedRules = new Set(
    events.flatMap(({ event: e }) =>
      e.type === "session_started" && e.ir !== undefined
        ? [e.policyHash]
        : e.type === "policy_changed" && e.ir !== undefined
          ? [e.to]
          : [],
    ),
  );
  return { taken: new Set(events.map((l) => l.event.session)), recordedRules };
}
