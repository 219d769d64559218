import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { BenchRow } from "../bench.ts";
import type { BenchSection } from "./index.ts";

/**
 * README.md's Measured table: session memory after 100,000 events ≤ 2 × memory after 1,000 events. Each size runs in its own
 * fresh process (memory-child.ts) with the same modules, policy (the decision bench's 200 rules) and call
 * mix; the heap is measured after full GCs with the session alive. The budget row is the process heap; the
 * rows under it split out what grew: the heap above the pre-session baseline, and the session state itself.
 */
const CHILD = fileURLToPath(new URL("./memory-child.ts", import.meta.url));
const SMALL = 1_000;
const LARGE = 100_000;
const BUDGET = 2;

interface Measured {
  readonly events: number;
  readonly decisions: number;
  readonly start: number;
  readonly end: number;
  readonly stateBytes: number;
  readonly approved: number;
  readonly approvedCap: number;
}

export const memoryBench: BenchSection = {
  name: "memory",
  async run(progress) {
    progress(
      `a session of ${SMALL.toLocaleString("en-US")} events and one of ${LARGE.toLocaleString("en-US")}, each in a fresh process`,
    );
    // Side by side: each process measures only its own heap, and the wall time halves on two cores.
    const [small, large] = await Promise.all([measure(SMALL), measure(LARGE)]);
    const ratio = large.end / small.end;
    const growth = (m: Measured) => m.end - m.start;
    return [
      {
        what: `heap after ${SMALL.toLocaleString("en-US")} events (${small.decisions} decisions), after GC`,
        value: mib(small.end),
        budget: "",
        ok: null,
      },
      {
        what: `heap after ${LARGE.toLocaleString("en-US")} events (${large.decisions.toLocaleString("en-US")} decisions), after GC`,
        value: `${mib(large.end)} (${ratio.toFixed(2)}× ${SMALL.toLocaleString("en-US")} events)`,
        budget: `≤ ${BUDGET}× after ${SMALL.toLocaleString("en-US")} events`,
        ok: ratio <= BUDGET,
      },
      {
        what: "  heap grown since the session started (JIT, shell cache)",
        value: `${mib(growth(small))} → ${mib(growth(large))} (${(growth(large) / growth(small)).toFixed(2)}×)`,
        budget: "",
        ok: null,
      },
      {
        what: "  session state, serialized",
        value: `${kib(small.stateBytes)} → ${kib(large.stateBytes)} (${(large.stateBytes / small.stateBytes).toFixed(2)}×)`,
        budget: "",
        ok: null,
      },
      {
        what: "    of which approved signatures (bounded)",
        value: `${small.approved} → ${large.approved} (cap ${large.approvedCap})`,
        budget: "",
        ok: null,
      },
    ] satisfies BenchRow[];
  },
};

async function measure(events: number): Promise<Measured> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--expose-gc", "--import", "tsx", CHILD, String(events)],
    { maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout) as Measured;
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}
