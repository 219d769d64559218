import { execFile } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import type { BenchRow } from "../bench.ts";
import type { BenchSection } from "./index.ts";
import { figures, measureDecisions, ROUNDS, WARMUP_ROUNDS, type Kind, type Measured } from "./decision-rounds.ts";
import { decisionCalls, RULE_COUNT } from "./decision-workload.ts";
import { REPO_ROOT } from "./model-traces.ts";
import { BUNDLE } from "../build-hook.ts";
import { median, micros, percentile } from "./stats.ts";

/**
 * README.md's Measured table: a deterministic decision under a 200-rule policy, realistic mix incl. bash parsing, in-process:
 * p50 ≤ 150 µs, p99 ≤ 1 ms (revised 2026-11-24). The budget is measured on the code as the package ships it: the measurements
 * (decision-rounds.ts) are bundled with esbuild, as dist/index.mjs is, and run in a child process. The same
 * decide pass also runs in this process, under tsx, for comparison: its run-time transform (kept function
 * names on every closure) costs about a third more.
 */
export const DECISION_P50_US = 150;
export const DECISION_P99_US = 1000;

export const decisionBench: BenchSection = {
  name: "decision",
  async run(progress) {
    const calls = decisionCalls();
    progress(
      `bundling the measurements; ${calls.length} calls × (${WARMUP_ROUNDS} warm-up + ${ROUNDS}) rounds, ${RULE_COUNT} rules`,
    );
    const bundled = await measureBundled();
    progress("the same decide pass in this process (tsx)");
    const viaTsx = await measureDecisions(["decision"]);

    const { kinds, passes } = bundled;
    const select = (s: readonly (readonly number[])[], ks: readonly Kind[], k?: Kind) =>
      s.flatMap((xs, i) => (k === undefined || ks[i] === k ? xs : []));
    const all = (s: readonly (readonly number[])[], k?: Kind) => select(s, kinds, k);
    const fig = (s: readonly (readonly number[])[], k?: Kind) => figures(all(s, k));
    const text = (f: { p50: number; p99: number }) => `p50 ${micros(f.p50)}, p99 ${micros(f.p99)}`;
    const dec = fig(passes.decision);
    const der = fig(passes.derive);
    const rows: BenchRow[] = [];
    // The workload: the bundled agent sessions, under the same 200 rules.
    const { sessions } = bundled;
    const sess = figures(select(sessions.samples, sessions.kinds));
    rows.push({
      what: `decide, ${bundled.rules}-rule policy, the bundled agent sessions (${sessions.kinds.length} calls, ${count(sessions.kinds, "bash")} bash), bundled code`,
      value: text(sess),
      budget: `p50 ≤ ${DECISION_P50_US} µs, p99 ≤ ${DECISION_P99_US} µs`,
      ok: sess.p50 <= DECISION_P50_US && sess.p99 <= DECISION_P99_US,
    });
    rows.push({
      what: "  of which bash calls",
      value: text(figures(select(sessions.samples, sessions.kinds, "bash"))),
      budget: "",
      ok: null,
    });
    rows.push({
      what: "  of which file, search, web and MCP calls",
      value: text(figures(select(sessions.samples, sessions.kinds, "other"))),
      budget: "",
      ok: null,
    });
    rows.push({
      what: "  baseline: shell analysis of their bash commands, first time",
      value: text(sessions.analysis),
      budget: "",
      ok: null,
    });
    rows.push({
      what: "    the same, inside the sessions (between decisions)",
      value: text(sessions.analysisInSession),
      budget: `p50 ${(sessions.analysisInSession.p50 / sessions.analysis.p50).toFixed(1)}× the loop`,
      ok: null,
    });
    // A harder mix: every command of the dcg corpus (dangerous and unusual ones, nearly all seen once) among
    // development commands and file tools. Not the budget's workload; reported so it cannot hide.
    rows.push({
      what: `stress mix: ${calls.length} calls (${count(kinds, "bash")} bash, the dcg corpus among them), bundled code`,
      value: text(dec),
      budget: `(same budget: ${dec.p50 <= DECISION_P50_US && dec.p99 <= DECISION_P99_US ? "met" : "missed"})`,
      ok: null,
    });
    rows.push({ what: "  of which bash calls", value: text(fig(passes.decision, "bash")), budget: "", ok: null });
    rows.push({
      what: "  of which file, search, web and MCP calls",
      value: text(fig(passes.decision, "other")),
      budget: "",
      ok: null,
    });
    rows.push({
      what: "  p99 over calls of each call's median (noise-robust)",
      value: micros(
        percentile(
          passes.decision.map((xs) => median([...xs])),
          0.99,
        ),
      ),
      budget: "",
      ok: null,
    });
    // Where the time goes: the same calls through the stages alone and the fold alone (what a session does).
    rows.push({
      what: "  where: stages alone (runtime/stages, derive included)",
      value: text(fig(passes.stages)),
      budget: "",
      ok: null,
    });
    rows.push({
      what: "  where: fold of the decision's events (immer)",
      value: text(fig(passes.fold)),
      budget: "",
      ok: null,
    });
    rows.push({
      what: "  where: same mix, built-ins only (no bench rules)",
      value: text(fig(passes.builtins)),
      budget: "",
      ok: null,
    });
    const tsx = fig(viaTsx.passes.decision);
    rows.push({
      what: "  same decide pass, source run through tsx in-process",
      value: text(tsx),
      budget: `${(tsx.p50 / dec.p50).toFixed(2)}× the bundle at p50`,
      ok: null,
    });
    rows.push({
      what: "baseline: deriveOperation alone (same calls, same rounds)",
      value: text(der),
      budget: `decision/derive: p50 ${(dec.p50 / der.p50).toFixed(1)}×, p99 ${(dec.p99 / der.p99).toFixed(1)}×`,
      ok: null,
    });
    // The session never passes `realpath: false` (DeriveOptions has it, DecideDeps does not), so decisions
    // resolve symlinks on disk; this row shows what that costs.
    rows.push({
      what: "  derive, realpath off (the session cannot pass it)",
      value: text(fig(passes.lexical)),
      budget: "",
      ok: null,
    });
    rows.push({
      what: "baseline: shell analysis of each bash call, first time",
      value: text(bundled.analysis.uncached),
      budget: "",
      ok: null,
    });
    rows.push({
      what: "baseline: shell analysis, cached (batches of 100)",
      value: text(bundled.analysis.cached),
      budget: "",
      ok: null,
    });
    const total = Object.values(bundled.outcomes).reduce((a, b) => a + b, 0);
    const share = Object.entries(bundled.outcomes)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${Math.round((100 * n) / total)}%`)
      .join(", ");
    rows.push({ what: "mix decided as", value: share, budget: "", ok: null });
    return rows;
  },
};

/** decision-child.ts bundled into dist/ (one level below the root, like the package's own bundles) and run there. */
async function measureBundled(): Promise<Measured> {
  const outfile = join(REPO_ROOT, "dist", "bench-decision.mjs");
  mkdirSync(join(REPO_ROOT, "dist"), { recursive: true });
  const esbuild = await import("esbuild");
  // As the package's own bundles (scripts/build-hook.ts), unminified like the library.
  await esbuild.build({
    ...BUNDLE,
    entryPoints: [join(REPO_ROOT, "scripts/bench/decision-child.ts")],
    outfile,
    logLevel: "silent",
  });
  const { stdout } = await promisify(execFile)(process.execPath, [outfile], { cwd: REPO_ROOT, maxBuffer: 256 << 20 });
  return JSON.parse(stdout) as Measured;
}

function count<T>(xs: readonly T[], x: T): number {
  return xs.filter((y) => y === x).length;
}
