import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../../adapters/common/package-root.ts";
import { sha256 } from "../../runtime/model/keys.ts";
import type { ModelAction } from "../../runtime/model/types.ts";

/** The bundled agent sessions the model bench replays: rules/examples/*.jsonl and the model fixtures' traces. */
// Found by walking up, so the benches that run bundled from dist/ see the same files.
const ROOT =
  packageRoot() ??
  (() => {
    throw new Error("cannot find the rulegate package directory");
  })();
const TRACE_DIRS = ["rules/examples", "test/fixtures/model"];

export type TraceLine =
  | {
      readonly session: string;
      readonly tool: string;
      readonly input: Readonly<Record<string, unknown>>;
      readonly cwd?: string;
      readonly reply?: "approve" | "deny";
    }
  | { readonly session: string; readonly user: string }
  | { readonly session: string; readonly command: string };

export interface Trace {
  readonly file: string;
  readonly lines: readonly TraceLine[];
}

export function loadTraces(): Trace[] {
  const traces: Trace[] = [];
  for (const dir of TRACE_DIRS) {
    let names: string[];
    try {
      names = readdirSync(join(ROOT, dir))
        .filter((n) => n.endsWith(".jsonl"))
        .sort();
    } catch {
      continue;
    }
    for (const name of names) {
      const text = readFileSync(join(ROOT, dir, name), "utf8");
      const lines = text
        .split("\n")
        .filter((l) => l.trim() !== "")
        .map((l) => JSON.parse(l) as TraceLine);
      traces.push({ file: join(dir, name), lines });
    }
  }
  return traces;
}

export function isCall(line: TraceLine): line is Extract<TraceLine, { tool: string }> {
  return "tool" in line;
}

/** What the seed strategy shows the model: the raw call (it has no memo, so the signature only names it). */
export function actionOf(line: Extract<TraceLine, { tool: string }>): ModelAction {
  const cwd = line.cwd ?? ROOT;
  return { tool: line.tool, input: line.input, cwd, signature: sha256(JSON.stringify([line.tool, line.input, cwd])) };
}

export const REPO_ROOT = ROOT;
