/** Test helpers: operations from the real derivation (shell analysis included) and the catalogue over them. */
import { deriveOperation } from "../../../runtime/operation/index.ts";
import type { HardDenyHit, Operation } from "../../../runtime/operation/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";
import { HARD_DENY_CHECKS, hardDenyCheck } from "../../../runtime/hard-deny/index.ts";

export const HOME = "/home/u";
export const CWD = "/home/u/proj";

export interface Deriver {
  bash(command: string, cwd?: string): Operation;
  tool(tool: string, input: Record<string, unknown>, cwd?: string): Operation;
}

/** `realpath` stays off so results do not depend on this machine's filesystem (one test turns it on). */
export async function deriver(options: { realpath?: boolean; home?: string } = {}): Promise<Deriver> {
  const analyzer: ShellAnalyzer = await loadShellAnalyzer();
  const derive = (tool: string, input: Record<string, unknown>, cwd: string): Operation =>
    deriveOperation(
      { tool, input, cwd },
      { home: options.home ?? HOME, skills: [], analyzer, realpath: options.realpath ?? false },
    );
  return {
    bash: (command, cwd = CWD) => derive("Bash", { command }, cwd),
    tool: (tool, input, cwd = CWD) => derive(tool, input, cwd),
  };
}

/** Every check enabled, as under the built-in defaults. */
export function judge(op: Operation, home: string = HOME): HardDenyHit | null {
  return hardDenyCheck(op, HARD_DENY_CHECKS, { home, credentials: [] });
}
