import { homedir } from "node:os";
import { join } from "node:path";
import type { BenchRow } from "../bench.ts";
import type { BenchSection } from "./index.ts";
import { compileText, type Policy } from "../../compiler/index.ts";
import { unavailableModel } from "../../runtime/model/index.ts";
import { deriveOperation } from "../../runtime/operation/index.ts";
import { createSession, type CallInput } from "../../runtime/session/index.ts";
import { createShellAnalyzer, loadBashParser, type BashParser } from "../../runtime/shell/index.ts";
import { decide } from "../../runtime/stages/index.ts";
import { fold, initialState } from "../../runtime/state/index.ts";
import { decisionCalls, decisionPolicy, RULE_COUNT } from "./decision-workload.ts";
import { REPO_ROOT } from "./model-traces.ts";
import { median, micros, percentile } from "./stats.ts";

/**
 * DESIGN §5: a deterministic decision under a 200-rule policy, realistic mix incl. bash parsing, in-process:
 * p50 ≤ 50 µs, p99 ≤ 250 µs. Each call is decided through the library (createSession → decide), timed one by
 * one (performance.now() resolves well under a microsecond in Node, and a batch would hide the per-call
 * tail the p99 is about). Every round starts a fresh session and a fresh shell cache, so a bash command
 * pays its parse the first time it appears in the round, as in a session.
 * Baselines in the same rounds: deriveOperation alone (the first step of every decision) and the shell
 * analysis, so the ratio decision/derive shows what the stages add.
 */
const WARMUP_ROUNDS = 3;
const ROUNDS = 15;
const P50_US = 50;
const P99_US = 250;

type Kind = "bash" | "other";

export const decisionBench: BenchSection = {
  name: "decision",
  async run(progress) {
    const { policy, diagnostics } = compileText(decisionPolicy(), join(REPO_ROOT, "bench-decision.yaml"));
    if (policy === null) throw new Error(`decision bench policy does not compile: ${diagnostics.map((d) => d.message).join("; ")}`);
    const calls = decisionCalls();
    const kinds: Kind[] = calls.map((c) => (c.tool === "Bash" ? "bash" : "other"));
    const parser = await loadBashParser();
    const home = homedir();

    const { policy: builtinsOnly } = compileText(decisionPolicy(0), join(REPO_ROOT, "bench-builtins.yaml"));
    if (builtinsOnly === null) throw new Error("decision bench policy without rules does not compile");
    const passes = { decision: samples(calls), derive: samples(calls), lexical: samples(calls), stages: samples(calls), fold: samples(calls), builtins: samples(calls) };
    const outcomes = new Map<string, number>();
    progress(`${calls.length} calls × (${WARMUP_ROUNDS} warm-up + ${ROUNDS}) rounds, ${policy.rules.length} rules`);
    for (let r = 0; r < WARMUP_ROUNDS + ROUNDS; r++) {
      const keep = r >= WARMUP_ROUNDS;
      // Interleaved, so the baselines and the decision share the machine's noise.
      const round = {
        derive: deriveRound(policy, parser, calls, home, true),
        lexical: deriveRound(policy, parser, calls, home, false),
        decision: await decideRound(policy, parser, calls, home, keep ? outcomes : null),
        ...(await stagesRound(policy, parser, calls, home)),
        builtins: await decideRound(builtinsOnly, parser, calls, home, null),
      };
      if (keep) for (const k of Object.keys(passes) as (keyof typeof passes)[]) round[k].forEach((us, i) => passes[k][i]!.push(us));
    }

    const all = (s: number[][], k?: Kind) => s.flatMap((xs, i) => (k === undefined || kinds[i] === k ? xs : []));
    const fig = (s: number[][], k?: Kind) => figures(all(s, k));
    const text = (f: { p50: number; p99: number }) => `p50 ${micros(f.p50)}, p99 ${micros(f.p99)}`;
    const dec = fig(passes.decision);
    const der = fig(passes.derive);
    const rows: BenchRow[] = [];
    rows.push({
      what: `decide, ${policy.rules.length}-rule policy, ${calls.length}-call mix (${count(kinds, "bash")} bash)`,
      value: text(dec),
      budget: `p50 ≤ ${P50_US} µs, p99 ≤ ${P99_US} µs`,
      ok: dec.p50 <= P50_US && dec.p99 <= P99_US,
    });
    rows.push({ what: "  of which bash calls", value: text(fig(passes.decision, "bash")), budget: "", ok: null });
    rows.push({ what: "  of which file, search, web and MCP calls", value: text(fig(passes.decision, "other")), budget: "", ok: null });
    rows.push({ what: "  p99 over calls of each call's median (noise-robust)", value: micros(percentile(passes.decision.map(median), 0.99)), budget: "", ok: null });
    // Where the time goes: the same calls through the stages alone and the fold alone (what a session does).
    rows.push({ what: "  where: stages alone (runtime/stages, derive included)", value: text(fig(passes.stages)), budget: "", ok: null });
    rows.push({ what: "  where: fold of the decision's events (immer)", value: text(fig(passes.fold)), budget: "", ok: null });
    rows.push({ what: "  where: same mix, built-ins only (no bench rules)", value: text(fig(passes.builtins)), budget: "", ok: null });
    rows.push({
      what: "baseline: deriveOperation alone (same calls, same rounds)",
      value: text(der),
      budget: `decision/derive: p50 ${(dec.p50 / der.p50).toFixed(1)}×, p99 ${(dec.p99 / der.p99).toFixed(1)}×`,
      ok: null,
    });
    // The session never passes `realpath: false` (DeriveOptions has it, DecideDeps does not), so decisions
    // resolve symlinks on disk; this row shows what that costs.
    rows.push({ what: "  derive, realpath off (the session cannot pass it)", value: text(fig(passes.lexical)), budget: "", ok: null });

    const bashCommands = calls.filter((c) => c.tool === "Bash").map((c) => String(c.input["command"]));
    const uncached = analysisRound(parser, bashCommands, ROUNDS);
    rows.push({ what: "baseline: shell analysis of each bash call, first time", value: `p50 ${micros(uncached.p50)}, p99 ${micros(uncached.p99)}`, budget: "", ok: null });
    const cached = cachedAnalysis(parser, bashCommands);
    rows.push({ what: "baseline: shell analysis, cached (batches of 100)", value: `p50 ${micros(cached.p50)}, p99 ${micros(cached.p99)}`, budget: "", ok: null });
    const total = [...outcomes.values()].reduce((a, b) => a + b, 0);
    const share = [...outcomes].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${Math.round((100 * n) / total)}%`).join(", ");
    rows.push({ what: "mix decided as", value: share, budget: "", ok: null });
    return rows;
  },
};

/** deriveOperation over the calls with a fresh shell cache; the microseconds of each call. */
function deriveRound(policy: Policy, parser: BashParser, calls: readonly CallInput[], home: string, realpath: boolean): number[] {
  const options = { home, skills: policy.skills, analyzer: createShellAnalyzer(parser), ...(realpath ? {} : { realpath: false }) };
  return calls.map((c) => {
    const t0 = performance.now();
    deriveOperation({ tool: c.tool, input: c.input, cwd: REPO_ROOT }, options);
    return (performance.now() - t0) * 1000;
  });
}

async function decideRound(policy: Policy, parser: BashParser, calls: readonly CallInput[], home: string, outcomes: Map<string, number> | null): Promise<number[]> {
  let t = Date.UTC(2026, 0, 1);
  const session = createSession(policy, {
    id: "bench", home, cwd: REPO_ROOT, model: unavailableModel, approver: null, analyzer: createShellAnalyzer(parser),
    clock: () => new Date(t++), ids: ((n = 0) => () => `c${++n}`)(),
  });
  const out: number[] = [];
  for (const c of calls) {
    const t0 = performance.now();
    const d = await session.decide(c);
    out.push((performance.now() - t0) * 1000);
    if (outcomes !== null) outcomes.set(`${d.decision}`, (outcomes.get(d.decision) ?? 0) + 1);
  }
  return out;
}

/** The session's two steps apart: `decide` of the stages, then folding its events into the state. */
async function stagesRound(policy: Policy, parser: BashParser, calls: readonly CallInput[], home: string): Promise<{ stages: number[]; fold: number[] }> {
  const analyzer = createShellAnalyzer(parser);
  let state = initialState(policy);
  let t = Date.UTC(2026, 0, 1);
  const stages: number[] = [];
  const folds: number[] = [];
  for (const [i, c] of calls.entries()) {
    const t0 = performance.now();
    const result = await decide(policy, state, { tool: c.tool, input: c.input, cwd: REPO_ROOT }, {
      session: "bench", callId: `c${i}`, now: () => new Date(t++).toISOString(), model: unavailableModel, approver: null,
      sleep: async () => {}, home, analyzer, executeOnAllow: true,
    });
    const t1 = performance.now();
    for (const e of result.events) state = fold(state, e);
    folds.push((performance.now() - t1) * 1000);
    stages.push((t1 - t0) * 1000);
  }
  return { stages, fold: folds };
}

function analysisRound(parser: BashParser, commands: readonly string[], rounds: number): { p50: number; p99: number } {
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
function cachedAnalysis(parser: BashParser, commands: readonly string[]): { p50: number; p99: number } {
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

function samples(calls: readonly unknown[]): number[][] {
  return calls.map(() => []);
}

function figures(samples: readonly number[]): { p50: number; p99: number } {
  return { p50: percentile(samples, 0.5), p99: percentile(samples, 0.99) };
}

function count<T>(xs: readonly T[], x: T): number {
  return xs.filter((y) => y === x).length;
}
