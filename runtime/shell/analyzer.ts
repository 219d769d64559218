/**
 * The public face of shell analysis: the grammar loads once per process on first use; analyses are
 * synchronous afterwards, cached per command string, and deeply frozen (callers share them).
 */
import { LRUCache } from "lru-cache";
import { loadBashParser, type BashParser } from "./parser.ts";
import { analyzeSource } from "./analysis-pass.ts";
import type { ShellAnalysis } from "./types.ts";

export interface ShellAnalyzer {
  /** Simple commands and findings of one bash command string. Never throws on bad input. */
  analyze(command: string): ShellAnalysis;
  /** Same, without the cache (benchmarks, and callers that must not retain input). */
  analyzeUncached(command: string): ShellAnalysis;
}

const CACHE_ENTRIES = 2_000;

let analyzer: Promise<ShellAnalyzer> | null = null;

export function loadShellAnalyzer(): Promise<ShellAnalyzer> {
  analyzer ??= loadBashParser().then(createShellAnalyzer, (err: unknown) => {
    analyzer = null;
    throw err;
  });
  return analyzer;
}

export async function analyzeBash(command: string): Promise<ShellAnalysis> {
  return (await loadShellAnalyzer()).analyze(command);
}

/** A fresh analyzer with its own cache over an already loaded parser. */
export function createShellAnalyzer(parser: BashParser): ShellAnalyzer {
  const cache = new LRUCache<string, ShellAnalysis>({ max: CACHE_ENTRIES });
  const analyzeUncached = (command: string): ShellAnalysis => deepFreeze(analyzeSource(parser, command));
  return {
    analyze(command: string): ShellAnalysis {
      const hit = cache.get(command);
      if (hit !== undefined) return hit;
      const result = analyzeUncached(command);
      cache.set(command, result);
      return result;
    },
    analyzeUncached,
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
