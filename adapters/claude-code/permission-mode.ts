import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * Claude Code's permission mode as last seen by the hook, per session (a small side file next to the log).
 * Plan mode follows Claude Code only when Claude Code's mode *changes*: entering plan turns rulegate's plan
 * mode on, leaving it turns it off, and a `/rulegate plan on` typed in between is not undone by the next call.
 */
export function modeFile(logDir: string, sessionId: string): string {
  return join(logDir, `${sessionId}.claude-mode.json`);
}

export function lastPermissionMode(file: string): string | null {
  try {
    const v = (JSON.parse(readFileSync(file, "utf8")) as { permissionMode?: unknown }).permissionMode;
    return typeof v === "string" ? v : null;
  } catch {
    return null;
  }
}

export function rememberPermissionMode(file: string, mode: string): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ permissionMode: mode }));
    renameSync(tmp, file);
  } catch {
    // Losing this only means the next call compares against an older mode.
  }
}

/** The session command that follows a change of Claude Code's mode, or null. */
export function planCommandFor(
  previous: string | null,
  current: string,
  rulegatePlan: boolean,
): "/plan on" | "/plan off" | null {
  if (current === "plan" && !rulegatePlan && previous !== "plan") return "/plan on";
  if (current !== "plan" && previous === "plan" && rulegatePlan) return "/plan off";
  return null;
}
