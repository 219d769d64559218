import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { BenchRow } from "../bench.ts";
import { buildHook } from "../build-hook.ts";
import type { CallInput } from "../../runtime/session/index.ts";
import { startServer } from "../../server/index.ts";
import { decisionCalls } from "./decision-workload.ts";
import type { BenchSection } from "./index.ts";
import { REPO_ROOT } from "./model-traces.ts";
import { decisionOf, hookClient, procCpuMs, sessionTraffic, startServeChild, type HookClient } from "./serve-client.ts";
import { median, millis, percentile } from "./stats.ts";

/**
 * Issue 14's budgets for `rules serve`, beside the command hook measured in this same run:
 * - a PreToolUse round trip through the server on loopback, with a real HTTP client (node:http, keep-alive)
 *   and 8 concurrent sessions: p50 ≤ 3 ms, p99 ≤ 15 ms, which is ≥ 40 × faster than the command hook;
 * - ≥ 2,000 decisions/s on the same machine, each session's PostToolUse traffic included;
 * - the memory the server retains after 100 sessions × 1,000 events ≤ 1.5 × after 1 session of 1,000 events.
 * The latency server is the shipped one (bin/rules.js serve) in its own process; the memory one runs in this
 * process so that a full GC can come before each reading. Both decide under the built-in defaults, with the
 * decision bench's mix of calls (no model: no credentials in their environment).
 */
const POLICY = join(REPO_ROOT, "rules/builtin/defaults.yaml");
const CONCURRENT = 8;
const WARMUP_MS = 2_000;
const MEASURE_MS = 10_000;
const HOOK_RUNS = 9;
const SESSIONS = 100;
const EVENTS = 1_000;
const BUDGET = { p50: 3, p99: 15, perSecond: 2_000, memory: 1.5, faster: 40 };

export const serveBench: BenchSection = {
  name: "serve",
  async run(progress) {
    progress("building dist/ (hook and CLI bundles)");
    const { entry } = await buildHook();
    const calls = decisionCalls();
    const dir = mkdtempSync(join(tmpdir(), "rulegate-bench-serve-"));
    try {
      progress(`command hook: ${HOOK_RUNS} × (node -e 0, one PreToolUse Bash in a process), interleaved`);
      const hookEnvDir = join(dir, "hook");
      const hookEnv = benchEnv(hookEnvDir);
      const baseline: number[] = [];
      const command: number[] = [];
      let hookCpu = 0;
      const bash = calls.find((c) => c.tool === "Bash" && String(c.input["command"]).startsWith("git status"));
      for (let i = 0; i < HOOK_RUNS + 1; i++) {
        const b = wall(["-e", "0"], hookEnv, "");
        const pre = sessionTraffic("bench-command-hook", [bash ?? (calls[0] as CallInput)], i).next().pre;
        const cpu0 = procCpuMs("/proc/self/stat", "children");
        const h = wall([entry, "hook", "claude-code", "--policy", POLICY], hookEnv, pre);
        if (i > 0) hookCpu += procCpuMs("/proc/self/stat", "children") - cpu0;
        if (i > 0) baseline.push(b); // the first pair warms the page cache and the hook's code cache
        if (i > 0) command.push(h);
      }
      const hookMs = median(command);
      const hookCpuMs = hookCpu / HOOK_RUNS;

      const latency = await latencyRun(join(dir, "latency"), calls, progress);
      const memory = await memoryRun(join(dir, "memory"), calls, progress);

      const p50 = percentile(latency.pre, 0.5);
      const p99 = percentile(latency.pre, 0.99);
      const perSecond = latency.pre.length / (latency.elapsedMs / 1000);
      const ratio = memory.after100.retained / memory.after1.retained;
      const mib = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MiB`;
      const serveCpuMs = latency.cpuMs / latency.pre.length;
      return [
        { what: "node -e 0 (baseline, same run)", value: millis(median(baseline)), budget: "", ok: null },
        {
          what: "command hook: PreToolUse Bash, one process per call",
          value: `${millis(hookMs)} (${(hookMs / median(baseline)).toFixed(2)}× node -e 0)`,
          budget: "",
          ok: null,
        },
        {
          what: `serve: PreToolUse round trip p50, ${CONCURRENT} concurrent sessions`,
          value: `${millis(p50)} (${(hookMs / p50).toFixed(0)}× faster)`,
          budget: `≤ ${BUDGET.p50} ms, ≥ ${BUDGET.faster}× the hook`,
          ok: p50 <= BUDGET.p50 && hookMs / p50 >= BUDGET.faster,
        },
        {
          what: `serve: PreToolUse round trip p99, ${CONCURRENT} concurrent sessions`,
          value: `${millis(p99)} (${(hookMs / p99).toFixed(0)}× faster)`,
          budget: `≤ ${BUDGET.p99} ms`,
          ok: p99 <= BUDGET.p99,
        },
        {
          what: "  max round trip",
          value: millis(Math.max(...latency.pre)),
          budget: "",
          ok: null,
        },
        {
          what: `serve: decisions/s (${CONCURRENT} sessions, PostToolUse included)`,
          value: `${perSecond.toFixed(0)} /s (${latency.requests} requests in ${(latency.elapsedMs / 1000).toFixed(1)} s)`,
          budget: `≥ ${BUDGET.perSecond} /s`,
          ok: perSecond >= BUDGET.perSecond,
        },
        {
          what: "CPU per decision: command hook (whole process) vs serve (server, PostToolUse incl.)",
          value: `${millis(hookCpuMs)} vs ${millis(serveCpuMs)} (${(hookCpuMs / serveCpuMs).toFixed(0)}×)`,
          budget: "",
          ok: null,
        },
        {
          what: `serve: memory retained after ${SESSIONS} sessions × ${memory.eventsPerSession} events / after 1`,
          value: `${ratio.toFixed(2)}× (${mib(memory.after100.retained)} / ${mib(memory.after1.retained)})`,
          budget: `≤ ${BUDGET.memory}×`,
          ok: ratio <= BUDGET.memory,
        },
        {
          what: "  retained before any session; RSS after 1 and after 100 sessions",
          value: `${mib(memory.atStart.retained)}; ${mib(memory.after1.rss)}, ${mib(memory.after100.rss)}`,
          budget: "",
          ok: null,
        },
      ] satisfies BenchRow[];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

/** 8 sessions at once, each call waiting for the previous one's answer, as an agent waits for its hook. */
async function latencyRun(dir: string, calls: readonly CallInput[], progress: (m: string) => void) {
  const env = benchEnv(dir);
  const server = await startServeChild(env, POLICY, join(dir, "rulegate"));
  const client = hookClient(server, CONCURRENT);
  try {
    progress(
      `serve: ${CONCURRENT} concurrent sessions, ${WARMUP_MS / 1000} s warm-up, ${MEASURE_MS / 1000} s measured`,
    );
    await drive(client, calls, { sessions: CONCURRENT, prefix: "warm", until: Date.now() + WARMUP_MS });
    const t0 = performance.now();
    const cpu0 = server.cpuMs();
    const measured = await drive(client, calls, {
      sessions: CONCURRENT,
      prefix: "bench",
      until: Date.now() + MEASURE_MS,
    });
    return { ...measured, elapsedMs: performance.now() - t0, cpuMs: server.cpuMs() - cpu0 };
  } finally {
    client.close();
    await server.stop();
  }
}

/**
 * A fresh server in this process, so that its garbage can be collected before each reading: the memory the
 * server retains (V8 heap in use plus external buffers, after a full GC) after one session of 1,000 events,
 * then after 100 such sessions. The process's RSS is shown beside it.
 */
async function memoryRun(dir: string, calls: readonly CallInput[], progress: (m: string) => void) {
  const env = benchEnv(dir);
  const rulegateHome = join(dir, "rulegate");
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const retained = () => {
    gc();
    gc();
    const m = process.memoryUsage();
    return { retained: m.heapUsed + m.external, rss: m.rss };
  };
  const started = await startServer({
    port: 0,
    policyFile: POLICY,
    approvals: "terminal",
    env: env as Record<string, string | undefined>,
    home: env["HOME"] as string,
    rulegateHome,
    log: () => {},
  });
  if (!started.ok) throw new Error(`rules serve: ${started.code}: ${started.message}`);
  const server = started.server;
  const token = (JSON.parse(readFileSync(server.serveFile, "utf8")) as { token: string }).token;
  const client = hookClient({ hook: new URL(server.hookUrl), token }, CONCURRENT);
  try {
    const atStart = retained();
    progress(`serve memory: 1 session until its log holds ${EVENTS} events`);
    const log = (id: string) => join(rulegateHome, "sessions", `${id}.jsonl`);
    const lines = (id: string) => readFileSync(log(id), "utf8").split("\n").length - 1;
    let callsPerSession = 0;
    const first = sessionTraffic("mem-0", calls, 0);
    while (callsPerSession === 0 || lines("mem-0") < EVENTS) {
      for (let k = 0; k < 10; k++) {
        const c = first.next();
        const post = c.post(decisionOf(await client.post(c.pre)));
        if (post !== null) await client.post(post);
        callsPerSession++;
      }
    }
    await settle();
    const after1 = retained();
    progress(`serve memory: ${SESSIONS - 1} more sessions of ${callsPerSession} calls, ${CONCURRENT} at a time`);
    for (let s = 1; s < SESSIONS; s += CONCURRENT) {
      const batch = Array.from({ length: Math.min(CONCURRENT, SESSIONS - s) }, (_, k) => s + k);
      await Promise.all(
        batch.map(async (n) => {
          const t = sessionTraffic(`mem-${n}`, calls, 0);
          for (let k = 0; k < callsPerSession; k++) {
            const c = t.next();
            const post = c.post(decisionOf(await client.post(c.pre)));
            if (post !== null) await client.post(post);
          }
        }),
      );
    }
    await settle();
    const after100 = retained();
    let events = 0;
    for (let n = 0; n < SESSIONS; n++) events += lines(`mem-${n}`);
    return { atStart, after1, after100, eventsPerSession: Math.round(events / SESSIONS) };
  } finally {
    client.close();
    await server.close();
  }
}

async function drive(
  client: HookClient,
  calls: readonly CallInput[],
  o: { sessions: number; prefix: string; until: number },
): Promise<{ pre: number[]; requests: number }> {
  const pre: number[] = [];
  let requests = 0;
  await Promise.all(
    Array.from({ length: o.sessions }, async (_, n) => {
      // Each session starts at another place in the mix, so the 8 are not in lock step.
      const traffic = sessionTraffic(`${o.prefix}-${n}`, calls, n * 37);
      while (Date.now() < o.until) {
        const c = traffic.next();
        const t0 = performance.now();
        const answer = await client.post(c.pre);
        pre.push(performance.now() - t0);
        requests++;
        const post = c.post(decisionOf(answer));
        if (post !== null) {
          const r = await client.post(post);
          if (r.status !== 200) throw new Error(`PostToolUse answered ${r.status}: ${r.body.slice(0, 300)}`);
          requests++;
        }
      }
    }),
  );
  return { pre, requests };
}

/** Let the server's timers and GC catch up before reading its RSS. */
function settle(): Promise<void> {
  return new Promise((r) => setTimeout(r, 1_500));
}

/** Nothing of the user's: a temp HOME and RULEGATE_HOME, no model credentials. */
function benchEnv(dir: string): NodeJS.ProcessEnv {
  const home = join(dir, "home");
  mkdirSync(home, { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, RULEGATE_HOME: join(dir, "rulegate") };
  for (const k of Object.keys(env)) if (k.startsWith("ANTHROPIC_") || k.startsWith("RULEGATE_RULES")) delete env[k];
  return env;
}

function wall(args: readonly string[], env: NodeJS.ProcessEnv, input: string): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: REPO_ROOT, env, input, encoding: "utf8" });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}: ${r.stderr.slice(0, 300)}`);
  return ms;
}
