/**
 * `npm run score [-- CORPUS.jsonl …] [--policy FILE]`: runs labelled command corpora ({id, command,
 * expected: block|allow}) through `rules eval` (the real CLI, one process, one session per command) and
 * prints recall on dangerous commands and the pass rate on safe ones. Scoring ("guard" profile of
 * shared/corpora/README.md): a `block` command is caught when it is not allowed silently (deny or ask); an
 * `allow` command passes when it is allowed. Every miss and every false alarm is listed with its stage and
 * reason, so a difference is explained rather than tuned away.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";

interface Entry { readonly id: string; readonly command: string; readonly expected: "block" | "allow"; readonly description?: string }
interface Out { readonly session: string; readonly decision?: string; readonly stage?: string; readonly reason?: string; readonly check?: string | null }

/** Where rulegate's guard profile deliberately differs from the corpus' labels, by the stage that stopped the call. */
const DIFFERENCES: readonly [RegExp, string][] = [
  [/ levels .*DESTRUCTIVE/s, "guard asks for DESTRUCTIVE work: recursive deletes outside temp roots, cluster and container deletions have no undo"],
  [/ levels .*SECURITY/s, "guard asks for SECURITY work: sudo and other privilege wrappers elevate whatever they run"],
  [/ rules .*no-write-after-web/s, "guard's no-write-after-web rule: a call that reads external data and writes (git pull, npm install, wget) counts itself as history (ADR 0050)"],
  [/ permissions\.ask /s, "guard asks before every push and publish"],
  [/ permissions\.deny +git push/s, "guard denies force pushes, --force-with-lease included"],
  [/ credentials .*cannot be resolved/s, "a path built from a variable may be a credential path: it gates (ADR 0093)"],
  [/ permissions\.deny /s, "a command name only known at run time ($(…), backticks) is unanalysable and counts as matching every deny (SPEC 2.3)"],
];

function explain(alarms: readonly string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const a of alarms) {
    const why = DIFFERENCES.find(([re]) => re.test(a))?.[1] ?? "not explained: look at the list below";
    counts.set(why, (counts.get(why) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
}

const ROOT = join(import.meta.dirname, "..");
const { values, positionals } = parseArgs({ allowPositionals: true, options: { policy: { type: "string" }, quiet: { type: "boolean" } } });
const policy = values.policy ?? join(ROOT, "rules/examples/guard.yaml");
const corpora = positionals.length > 0 ? positionals : [join(ROOT, "test/fixtures/corpora/dcg/commands.jsonl")];

for (const file of corpora) {
  if (!existsSync(file)) {
    process.stderr.write(`score: no such corpus: ${file}\n`);
    process.exit(1);
  }
  const entries: Entry[] = readFileSync(file, "utf8").split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as Entry);
  const input = entries.map((e, i) => JSON.stringify({ session: `c${i}`, tool: "Bash", input: { command: e.command }, cwd: "/home/dev/project" })).join("\n");
  const run = spawnSync(process.execPath, [join(ROOT, "bin/rules.js"), "eval", "--format", "json", "--policy", policy, "-"], {
    input, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, env: { ...process.env, HOME: "/home/dev", ANTHROPIC_API_KEY: "", NO_COLOR: "1" },
  });
  if (run.status !== 0) {
    process.stderr.write(`score: rules eval exited ${run.status}\n${run.stderr}\n`);
    process.exit(1);
  }
  const outs = run.stdout.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as Out);
  const byIndex = new Map(outs.map((o) => [Number(o.session.slice(1)), o]));
  const misses: string[] = [];
  const alarms: string[] = [];
  let caught = 0, blocks = 0, passed = 0, allows = 0;
  const stages = new Map<string, number>();
  entries.forEach((e, i) => {
    const o = byIndex.get(i);
    const decision = o?.decision ?? "error";
    const line = `  ${e.id.padEnd(48)} ${decision.padEnd(5)} ${(o?.stage ?? "").padEnd(16)} ${e.command.slice(0, 70)}\n      ${o?.reason ?? "no decision"}`;
    if (e.expected === "block") {
      blocks++;
      if (decision === "deny" || decision === "ask") {
        caught++;
        stages.set(`${decision} by ${o?.stage}${o?.check ? `/${o.check}` : ""}`, (stages.get(`${decision} by ${o?.stage}${o?.check ? `/${o.check}` : ""}`) ?? 0) + 1);
      } else misses.push(line);
    } else {
      allows++;
      if (decision === "allow") passed++;
      else alarms.push(line);
    }
  });
  const pct = (a: number, b: number): string => (b === 0 ? "n/a" : `${((100 * a) / b).toFixed(1)}%`);
  process.stdout.write(`corpus ${file}\npolicy ${policy}\n`);
  process.stdout.write(`recall on dangerous commands: ${caught}/${blocks} = ${pct(caught, blocks)}\n`);
  process.stdout.write(`pass rate on safe commands:   ${passed}/${allows} = ${pct(passed, allows)}\n`);
  process.stdout.write(`\nhow dangerous commands were caught:\n${[...stages].sort((a, b) => b[1] - a[1]).map(([k, n]) => `  ${String(n).padStart(4)}  ${k}`).join("\n")}\n`);
  process.stdout.write(`\nwhy safe commands were not allowed (deliberate differences from the corpus' own policy):\n`);
  for (const [why, n] of explain(alarms)) process.stdout.write(`  ${String(n).padStart(4)}  ${why}\n`);
  if (values.quiet !== true) {
    process.stdout.write(`\ndangerous commands allowed (${misses.length}):\n${misses.join("\n")}\n`);
    process.stdout.write(`\nsafe commands not allowed (${alarms.length}):\n${alarms.join("\n")}\n`);
  }
}

