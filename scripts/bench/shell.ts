import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { BenchRow } from "../bench.ts";
import type { BenchSection } from "./index.ts";
import { createShellAnalyzer, loadBashParser } from "../../runtime/shell/index.ts";
import { dcgCommands } from "./corpus.ts";
import { DECISION_P50_US, DECISION_P99_US } from "./decision.ts";

/**
 * Shell analysis: start-up (wasm load + first parse, in a fresh process, because the grammar loads once
 * per process) and per-command cost over the dcg corpus, uncached (fresh analyzer per round) and cached;
 * each command's figure is its median over the rounds, then p50/p99 are taken over the commands.
 * No budget of its own: it is part of the decision budget in README.md's Measured table (p50 ≤ 150 µs, p99 ≤ 1 ms).
 */
const STARTUP = fileURLToPath(new URL("./shell-startup.ts", import.meta.url));
const ROUNDS = 20;
const STARTUP_RUNS = 5;

export const shellBench: BenchSection = {
  name: "shell",
  async run(progress) {
    const rows: BenchRow[] = [];
    progress(`start-up in ${STARTUP_RUNS} fresh processes`);
    const starts: { loadMs: number; firstMs: number }[] = [];
    for (let i = 0; i < STARTUP_RUNS; i++) {
      const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", STARTUP]);
      starts.push(JSON.parse(stdout) as { loadMs: number; firstMs: number });
    }
    const load = median(starts.map((s) => s.loadMs));
    const first = median(starts.map((s) => s.firstMs));
    rows.push({
      what: "parser start-up: load wasm (median of 5 processes)",
      value: `${load.toFixed(1)} ms`,
      budget: "paid only on a bash call",
      ok: null,
    });
    rows.push({
      what: "parser start-up: first analysis after load",
      value: `${first.toFixed(1)} ms`,
      budget: "",
      ok: null,
    });

    const commands = dcgCommands();
    const parser = await loadBashParser();
    progress(`${commands.length} commands × ${ROUNDS} rounds, uncached and cached`);
    // Warm up the JIT so the figures describe a long-lived process, as in the pi extension.
    const warm = createShellAnalyzer(parser);
    for (const c of commands) warm.analyzeUncached(c);

    // Per command, the median over the rounds (this machine is shared and noisy); then p50/p99 over commands.
    const uncached: number[][] = commands.map(() => []);
    const cached: number[][] = commands.map(() => []);
    for (let r = 0; r < ROUNDS; r++) {
      const analyzer = createShellAnalyzer(parser); // a fresh cache: every first call parses
      commands.forEach((c, i) => {
        const t0 = performance.now();
        analyzer.analyze(c);
        const t1 = performance.now();
        analyzer.analyze(c);
        const t2 = performance.now();
        uncached[i]!.push((t1 - t0) * 1000);
        cached[i]!.push((t2 - t1) * 1000);
      });
    }
    rows.push(
      row(
        `analysis per command, uncached (${commands.length} dcg commands)`,
        uncached.map(median),
        DECISION_P50_US,
        DECISION_P99_US,
      ),
    );
    rows.push(
      row("analysis per command, cached (same string again)", cached.map(median), DECISION_P50_US, DECISION_P99_US),
    );
    return rows;
  },
};

function row(what: string, micros: number[], p50Budget: number, p99Budget: number): BenchRow {
  const p50 = percentile(micros, 0.5);
  const p99 = percentile(micros, 0.99);
  return {
    what,
    value: `p50 ${p50.toFixed(1)} µs, p99 ${p99.toFixed(1)} µs`,
    budget: `whole decision: p50 ≤ ${p50Budget} µs, p99 ≤ ${p99Budget} µs`,
    ok: null,
  };
}

function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

function median(xs: number[]): number {
  return percentile(xs, 0.5);
}
