/**
 * Programs whose purpose is to load the machine: CPU, memory, process-table and I/O stressors. What they
 * exhaust is the host the agent and the user's other work run on (docs/adr/0317): EXPENSIVE, which asks under
 * the built-in act levels. Their listings and help read.
 */
import { fx, type Program } from "./types.ts";

const LOAD = fx("EXPENSIVE", ["execute"], "resource-exhaustion");
const LOOK = fx("READ", [], "resource-exhaustion");

export const LOAD_GENERATORS: readonly Program[] = [
  {
    names: [
      "stress",
      "stress-ng",
      "memtester",
      "cpuburn",
      "burnP6",
      "burnK7",
      "burnMMX",
      "hackbench",
      "mprime",
      "prime95",
      "y-cruncher",
      "stressapptest",
    ],
    base: LOAD,
    rules: [
      {
        flag: ["--class", "--stressors", "--list", "--version", "-V"],
        notFlag: ["--all", "-a", "--seq", "--sequential"],
        then: LOOK,
      },
    ],
  },
  // sysbench prepares and reports without load; `run` is the load.
  { names: ["sysbench"], base: LOOK, rules: [{ word: ["run"], then: LOAD }] },
];
