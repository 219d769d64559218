/**
 * `rules compile --check`, cold process each time, as a ratio of `node -e 0` measured in the same run
 * (README.md's Measured table): the shipped rule files (rules/builtin/*.yaml rules/examples/*.yaml) ≤ 5 ×, a 1,000-rule
 * file ≤ 10 ×. Measured twice: through bin/rules.js (tsx loads the TypeScript at run time) and through an
 * esbuild bundle of cli/main.ts, which is how a shipped entry would start; the budgets hold the bundle.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchRow } from "../bench.ts";
import type { BenchSection } from "./index.ts";
import { BUNDLE } from "../build-hook.ts";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const RUNS = 5;
/** Budgets as multiples of `node -e 0` in the same run (README.md's Measured table). */
const SHIPPED_RATIO = 5;
const THOUSAND_RATIO = 10;

/** The rule files the package ships: rules/builtin/*.yaml and rules/examples/*.yaml. */
export function shippedRuleFiles(root = ROOT): string[] {
  return ["rules/builtin", "rules/examples"].flatMap((d) =>
    readdirSync(join(root, d))
      .filter((f) => f.endsWith(".yaml"))
      .sort()
      .map((f) => join(root, d, f)),
  );
}

/** A plausible big policy: patterns, history rules, English rules with prefilters, all different. */
export function thousandRules(n = 1000): string {
  const lines = ["version: 1", "extends: [builtin:defaults]", "permissions:", "  deny:"];
  for (let i = 0; i < 50; i++) lines.push(`    - "bash(tool${i} --danger*)"`);
  lines.push("rules:");
  for (let i = 0; i < n; i++) {
    lines.push(`  - id: rule-${i}`);
    switch (i % 4) {
      case 0:
        lines.push(
          `    match: op.tool == "bash" and op.programs contains "prog${i}" and op.level >= WRITE`,
          "    mode: approve",
        );
        break;
      case 1:
        lines.push(
          `    after: seen(op.type == read_external) and count(op.path matches "**/f${i}/**") >= 2`,
          "    match: op.type in [write_local, write_external]",
          "    mode: approve",
        );
        break;
      case 2:
        lines.push(
          `    trigger: "the agent has read data of customer ${i}"`,
          `    effect: "sending data of customer ${i} anywhere"`,
          "    match: op.type == write_external",
          "    mode: approve",
        );
        break;
      default:
        lines.push(
          `    match: bash(deploy-${i} *) or (op.path under "~/project-${i}" and not (op.type == read_local))`,
          "    mode: block",
        );
        lines.push("    examples:", `      hit: ["bash(deploy-${i} now)"]`, '      miss: ["read(./README.md)"]');
    }
    lines.push(`    description: Rule number ${i}.`);
  }
  return lines.join("\n") + "\n";
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

function wall(args: readonly string[]): { ms: number; status: number | null; stderr: string } {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8" });
  return { ms: performance.now() - t0, status: r.status, stderr: r.stderr };
}

function timed(args: readonly string[]): { ms: number; error: string | null } {
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = wall(args);
    if (r.status !== 0) return { ms: NaN, error: r.stderr.split("\n").slice(0, 3).join(" ") };
    runs.push(r.ms);
  }
  return { ms: median(runs), error: null };
}

export const compileBench: BenchSection = {
  name: "compile",
  async run(progress) {
    const dir = mkdtempSync(join(tmpdir(), "rulegate-bench-compile-"));
    const file = join(dir, "rules.yaml");
    writeFileSync(file, thousandRules());
    progress("node -e 0 baseline");
    const baseline = timed(["-e", "0"]);
    const shipped = shippedRuleFiles();
    progress("bin/rules.js compile --check (tsx at run time)");
    const viaTsx = timed([join(ROOT, "bin/rules.js"), "compile", "--check", file]);
    // The bundle lives in dist/ (one level below the root, like compiler/) so data files resolve alike.
    progress("bundling cli/main.ts with esbuild");
    mkdirSync(join(ROOT, "dist"), { recursive: true });
    const bundle = join(ROOT, "dist", "rules.mjs");
    const runner = join(ROOT, "dist", "rules-run.mjs");
    const esbuild = await import("esbuild");
    // As the package's own bundles; the example check of `compile --check` parses bash.
    await esbuild.build({ ...BUNDLE, entryPoints: [join(ROOT, "cli/main.ts")], outfile: bundle, logLevel: "silent" });
    // As bin/rules.js does for every short-lived `rules` process: the bash grammar's wasm on the baseline tier only.
    writeFileSync(
      runner,
      'import { setFlagsFromString } from "node:v8";\nsetFlagsFromString("--liftoff-only");\nconst { main } = await import("./rules.mjs");\nprocess.exitCode = await main(process.argv.slice(2));\n',
    );
    progress(`bundled compile --check, the ${shipped.length} shipped rule files`);
    const shippedBundle = timed([runner, "compile", "--check", ...shipped]);
    progress("bundled compile --check, 1,000 rules");
    const viaBundle = timed([runner, "compile", "--check", file]);
    const row = (what: string, r: { ms: number; error: string | null }, ratio: number | null): BenchRow => ({
      what,
      value: r.error ?? `${r.ms.toFixed(0)} ms (${(r.ms / baseline.ms).toFixed(1)}× node -e 0)`,
      budget: ratio === null ? "" : `≤ ${ratio} × node -e 0`,
      ok: ratio === null ? null : r.error === null && baseline.error === null && r.ms <= ratio * baseline.ms,
    });
    return [
      row("node -e 0 (baseline, same run)", baseline, null),
      row(`rules compile --check, shipped rule files (${shipped.length}), bundled`, shippedBundle, SHIPPED_RATIO),
      row("rules compile --check, 1,000 rules, bin/rules.js (tsx)", viaTsx, null),
      row("rules compile --check, 1,000 rules, bundled entry", viaBundle, THOUSAND_RATIO),
    ];
  },
};
