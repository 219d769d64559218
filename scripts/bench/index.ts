import type { BenchRow } from "../bench.ts";
import { compileBench } from "./compile.ts";
import { decisionBench } from "./decision.ts";
import { grammarBench } from "./grammar.ts";
import { hookBench } from "./hook.ts";
import { logBench } from "./log.ts";
import { mcpProxyBench } from "./mcp-proxy.ts";
import { memoryBench } from "./memory.ts";
import { modelCallsBench } from "./model-calls.ts";
import { peerBench } from "./peer.ts";
import { serveBench } from "./serve.ts";
import { shellBench } from "./shell.ts";

export interface BenchSection {
  readonly name: string;
  readonly run: (progress: (msg: string) => void) => Promise<readonly BenchRow[]>;
}

/** Every benchmark section, in print order. Add one line per section file. */
export const SECTIONS: readonly BenchSection[] = [
  // The budgets of README.md's Measured table, in its order; then the parts they are made of.
  decisionBench,
  modelCallsBench,
  compileBench,
  hookBench,
  // The warm server beside the command hook, in the same run (issue 14).
  serveBench,
  mcpProxyBench,
  logBench,
  memoryBench,
  shellBench,
  grammarBench,
  // The safety net's recall and pass rate beside the nearest peer's (issue 11).
  peerBench,
];
