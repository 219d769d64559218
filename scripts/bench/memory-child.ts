/**
 * Run in a fresh `node --expose-gc` process by the memory bench: one session decides calls of the decision
 * mix (a human approving every gate) until it has produced N events, then prints the heap after a full GC,
 * with the session still alive, next to the heap measured before the session existed (modules, policy and
 * bash grammar loaded). Prints one JSON line.
 */
import { homedir } from "node:os";
import { join } from "node:path";
import { compileText } from "../../compiler/index.ts";
import { createSession } from "../../runtime/session/index.ts";
import { LIMITS } from "../../runtime/state/index.ts";
import { loadShellAnalyzer } from "../../runtime/shell/index.ts";
import type { Approver } from "../../runtime/stages/index.ts";
import { decisionCalls, decisionPolicy } from "./decision-workload.ts";
import { REPO_ROOT } from "./model-traces.ts";

const target = Number(process.argv[2]);
const gc = (globalThis as { gc?: () => void }).gc;
if (!Number.isInteger(target) || target <= 0 || gc === undefined)
  throw new Error("usage: node --expose-gc --import tsx memory-child.ts EVENTS");
const heap = (): number => {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
};

const { policy } = compileText(decisionPolicy(), join(REPO_ROOT, "bench-decision.yaml"));
if (policy === null) throw new Error("the decision bench policy does not compile");
const calls = decisionCalls();
const analyzer = await loadShellAnalyzer();
const approver: Approver = { ask: async () => "approve" };
const start = heap();

let t = Date.UTC(2026, 0, 1);
let events = 0;
const session = createSession(policy, {
  id: "bench",
  home: homedir(),
  cwd: REPO_ROOT,
  analyzer,
  approver,
  clock: () => new Date(t++),
  sink: (e) => void (events += e.length),
});
let decisions = 0;
while (events < target) await session.decide(calls[decisions++ % calls.length]!);
const end = heap();

const state = session.state;
process.stdout.write(
  JSON.stringify({
    events,
    decisions,
    start,
    end,
    stateBytes: JSON.stringify(state).length,
    approved: state.approved.length,
    approvedCap: LIMITS.approved,
  }) + "\n",
);
