import { homedir } from "node:os";
import { join } from "node:path";
import { compileText, type Policy } from "../../compiler/index.ts";
import { unavailableModel } from "../../runtime/model/index.ts";
import { deriveOperation } from "../../runtime/operation/index.ts";
import { createSession, type CallInput } from "../../runtime/session/index.ts";
import { createShellAnalyzer, loadBashParser, type BashParser } from "../../runtime/shell/index.ts";
import { decide } from "../../runtime/stages/index.ts";
import { fold, initialState } from "../../runtime/state/index.ts";
import { decisionCalls, decisionPolicy } from "./decision-workload.ts";
import { isCall, loadTraces, REPO_ROOT, type Trace } from "./model-traces.ts";
import { percentile } from "./stats.ts";

/**
 * The decision bench's measurements (README.md's Measured table): each call of the mix decided through the library
 * (createSession → decide), timed one by one (performance.now() resolves well under a microsecond, and a batch
 * would hide the per-call tail the p99 is about). Every round starts a fresh session and a fresh shell cache, so
 * a bash command pays its parse the first time it appears in the round, as in a session. Baselines in the same
 * rounds: deriveOperation alone, the stages without the fold, the fold alone, and the built-in rules only.
 * Runs wherever it is imported: bundled in a child process for the budget (what the package ships), and in the
 * bench's own process for comparison.
 */
export const WARMUP_ROUNDS = 3;
export const ROUNDS = 15;

export type Kind = "bash" | "other";
export type Pass = "decision" | "derive" | "lexical" | "stages" | "fold" | "builtins";

export interface Measured {
  /** The bundled agent sessions (rules/examples, test/fixtures/model), decided call by call in their sessions. */
  readonly sessions: {
    readonly kinds: readonly Kind[];
    readonly samples: readonly (readonly number[])[];
    /** Their bash commands analysed in a tight loop, first time each. */
    readonly analysis: Figures;
    /** The same analyses made inside the sessions, each just before its call is decided (separate rounds). */
    readonly analysisInSession: Figures;
  };
  readonly rules: number;
  readonly kinds: readonly Kind[];
  /** Per pass, per call: the microseconds of each kept round. */
  readonly passes: Readonly<Record<Pass, readonly (readonly number[])[]>>;
  readonly outcomes: Readonly<Record<string, number>>;
  readonly analysis: { readonly uncached: Figures; readonly cached: Figures };
}

export interface Figures {
  readonly p50: number;
  readonly p99: number;
}

export async function measureDecisions(
  only: readonly Pass[] = ["decision", "derive", "lexical", "stages", "fold", "builtins"],
): Promise<Measured> {
  const { policy, diagnostics } = compileText(decisionPolicy(), join(REPO_ROOT, "bench-decision.yaml"));
  if (policy === null)
    throw new Error(`decision bench policy does not compile: ${diagnostics.map((d) => d.message).join("; ")}`);
  const { policy: builtinsOnly } = compileText(decisionPolicy(0), join(REPO_ROOT, "bench-builtins.yaml"));
  if (builtinsOnly === null) throw new Error("decision bench policy without rules does not compile");
  const calls = decisionCalls();
  const parser = await loadBashParser();
  const home = homedir();
  const passes = Object.fromEntries(only.map((p) => [p, calls.map((): number[] => [])])) as Record<Pass, number[][]>;
  const outcomes: Record<string, number> = {};
  const want = new Set(only);
  for (let r = 0; r < WARMUP_ROUNDS + ROUNDS; r++) {
    const keep = r >= WARMUP_ROUNDS;
    // Interleaved, so the baselines and the decision share the machine's noise.
    const round: Partial<Record<Pass, number[]>> = {};
    if (want.has("derive")) round.derive = deriveRound(policy, parser, calls, home, true);
    if (want.has("lexical")) round.lexical = deriveRound(policy, parser, calls, home, false);
    if (want.has("decision")) round.decision = await decideRound(policy, parser, calls, home, keep ? outcomes : null);
    if (want.has("stages") || want.has("fold")) Object.assign(round, await stagesRound(policy, parser, calls, home));
    if (want.has("builtins")) round.builtins = await decideRound(builtinsOnly, parser, calls, home, null);
    if (keep) for (const p of only) round[p]?.forEach((us, i) => passes[p][i]!.push(us));
  }
  const bash = calls.filter((c) => c.tool === "Bash").map((c) => String(c.input["command"]));
  return {
    sessions: await sessionRounds(policy, parser, home),
    rules: policy.rules.length,
    kinds: calls.map((c) => (c.tool === "Bash" ? "bash" : "other")),
    passes,
    outcomes,
    analysis: want.has("derive")
      ? { uncached: analysisRound(parser, bash, ROUNDS), cached: cachedAnalysis(parser, bash) }
      : { uncached: NONE, cached: NONE },
  };
}

const NONE: Figures = { p50: Number.NaN, p99: Number.NaN };

/**
 * The bundled sessions as an agent makes them: each session in order, its user messages and slash commands
 * applied (not timed), each call decided and timed. No human answers within the call (the deterministic
 * path): a gated call stays `ask`. Every round starts fresh sessions, each with a fresh shell cache.
 */
async function sessionRounds(policy: Policy, parser: BashParser, home: string): Promise<Measured["sessions"]> {
  const traces = loadTraces();
  const calls = traces.flatMap((t) => t.lines.filter(isCall));
  const samples = calls.map((): number[] => []);
  for (let r = 0; r < WARMUP_ROUNDS + ROUNDS; r++) {
    let k = 0;
    for (const trace of traces) {
      for (const us of await sessionRound(policy, parser, home, trace, null)) {
        if (r >= WARMUP_ROUNDS) samples[k]!.push(us);
        k++;
      }
    }
  }
  // What a first analysis costs between decisions, where the decisions' own work has evicted the parser's
  // tables from the caches: a probe analyser of its own times each bash command just before it is decided.
  const probes: number[] = [];
  for (let r = 0; r < WARMUP_ROUNDS + ROUNDS; r++) {
    for (const trace of traces) {
      const probe = createShellAnalyzer(parser);
      await sessionRound(policy, parser, home, trace, (command) => {
        const t0 = performance.now();
        probe.analyze(command);
        if (r >= WARMUP_ROUNDS) probes.push((performance.now() - t0) * 1000);
      });
    }
  }
  const bash = calls.flatMap((c) =>
    c.tool === "Bash" && typeof c.input["command"] === "string" ? [c.input["command"]] : [],
  );
  return {
    kinds: calls.map((c) => (c.tool === "Bash" ? "bash" : "other")),
    samples,
    analysis: analysisRound(parser, bash, ROUNDS),
    analysisInSession: figures(probes),
  };
}

async function sessionRound(
  policy: Policy,
  parser: BashParser,
  home: string,
  trace: Trace,
  beforeBash: ((command: string) => void) | null,
): Promise<number[]> {
  let t = Date.UTC(2026, 0, 1);
  const sessions = new Map<string, ReturnType<typeof createSession>>();
  const sessionOf = (id: string) => {
    let s = sessions.get(id);
    if (s === undefined) {
      s = createSession(policy, {
        id,
        home,
        cwd: REPO_ROOT,
        model: unavailableModel,
        approver: null,
        analyzer: createShellAnalyzer(parser),
        clock: () => new Date(t++),
      });
      sessions.set(id, s);
    }
    return s;
  };
  const out: number[] = [];
  for (const line of trace.lines) {
    const s = sessionOf(line.session);
    if ("user" in line) await s.userMessage(line.user);
    else if ("command" in line) await s.command(line.command);
    else {
      const call = { tool: line.tool, input: line.input, ...(line.cwd !== undefined ? { cwd: line.cwd } : {}) };
      if (beforeBash !== null && line.tool === "Bash" && typeof line.input["command"] === "string")
        beforeBash(line.input["command"]);
      const t0 = performance.now();
      await s.decide(call);
      out.push((performance.now() - t0) * 1000);
    }
  }
  return out;
}

/** deriveOperation over the calls with a fresh shell cache; the microseconds of each call. */
function deriveRound(
  policy: Policy,
  parser: BashParser,
  calls: readonly CallInput[],
  home: string,
  realpath: boolean,
): number[] {
  const options = {
    home,
    skills: policy.skills,
    analyzer: createShellAnalyzer(parser),
    ...(realpath ? {} : { realpath: false }),
  };
  return calls.map((c) => {
    const t0 = performance.now();
    deriveOperation({ tool: c.tool, input: c.input, cwd: REPO_ROOT }, options);
    return (performance.now() - t0) * 1000;
  });
}

async function decideRound(
  policy: Policy,
  parser: BashParser,
  calls: readonly CallInput[],
  home: string,
  outcomes: Record<string, number> | null,
): Promise<number[]> {
  let t = Date.UTC(2026, 0, 1);
  const session = createSession(policy, {
    id: "bench",
    home,
    cwd: REPO_ROOT,
    model: unavailableModel,
    approver: null,
    analyzer: createShellAnalyzer(parser),
    clock: () => new Date(t++),
    ids: (
      (n = 0) =>
      () =>
        `c${++n}`
    )(),
  });
  const out: number[] = [];
  for (const c of calls) {
    const t0 = performance.now();
    const d = await session.decide(c);
    out.push((performance.now() - t0) * 1000);
    if (outcomes !== null) outcomes[d.decision] = (outcomes[d.decision] ?? 0) + 1;
  }
  return out;
}

/** The session's two steps apart: `decide` of the stages, then folding its events into the state. */
async function stagesRound(
  policy: Policy,
  parser: BashParser,
  calls: readonly CallInput[],
  home: string,
): Promise<{ stages: number[]; fold: number[] }> {
  const analyzer = createShellAnalyzer(parser);
  let state = initialState(policy);
  let t = Date.UTC(2026, 0, 1);
  const stages: number[] = [];
  const folds: number[] = [];
  for (const [i, c] of calls.entries()) {
    const t0 = performance.now();
    const result = await decide(
      policy,
      state,
      { tool: c.tool, input: c.input, cwd: REPO_ROOT },
      {
        session: "bench",
        callId: `c${i}`,
        now: () => new Date(t++).toISOString(),
        model: unavailableModel,
        approver: null,
        sleep: async () => {},
        home,
        analyzer,
        executeOnAllow: true,
      },
    );
    const t1 = performance.now();
    for (const e of result.events) state = fold(state, e);
    folds.push((performance.now() - t1) * 1000);
    stages.push((t1 - t0) * 1000);
  }
  return { stages, fold: folds };
}

function analysisRound(parser: BashParser, commands: readonly string[], rounds: number): Figures {
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const analyzer = createShellAnalyzer(parser);
    for (const c of commands) {
      const t0 = performance.now();
      analyzer.analyze(c);
      samples.push((performance.now() - t0) * 1000);
    }
  }
  return figures(samples);
}

/** A cached analysis is ~0.1 µs, near the timer's resolution: time batches of 100 lookups of one command. */
function cachedAnalysis(parser: BashParser, commands: readonly string[]): Figures {
  const analyzer = createShellAnalyzer(parser);
  for (const c of commands) analyzer.analyze(c);
  const samples: number[] = [];
  for (let r = 0; r < 5; r++) {
    for (const c of commands) {
      const t0 = performance.now();
      for (let b = 0; b < 100; b++) analyzer.analyze(c);
      samples.push(((performance.now() - t0) * 1000) / 100);
    }
  }
  return figures(samples);
}

export function figures(samples: readonly number[]): Figures {
  return { p50: percentile(samples, 0.5), p99: percentile(samples, 0.99) };
}
