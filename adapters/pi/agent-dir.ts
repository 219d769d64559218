/**
 * The files in pi's agent directory that decide what pi loads and runs at its next start: the extensions
 * (rulegate among them, when installed for every session), settings, project trust and MCP servers. The
 * built-in hard-deny knows them under `~/.pi/agent` (ADR 0243); pi moves the directory when
 * `PI_CODING_AGENT_DIR` is set, and only the extension sees that variable, so it counts them among its own
 * files wherever they are: a call that changes them could start the next session without rulegate.
 */
import { isAbsolute, join, resolve } from "node:path";

export function agentDir(env: Readonly<Record<string, string | undefined>>, home: string, cwd: string): string {
  const set = env["PI_CODING_AGENT_DIR"];
  if (set === undefined || set === "") return join(home, ".pi", "agent");
  // pi expands a leading ~ and resolves a relative path against its working directory.
  const expanded = set === "~" ? home : set.startsWith("~/") ? join(home, set.slice(2)) : set;
  return isAbsolute(expanded) ? expanded : resolve(cwd, expanded);
}

export function agentDirGuards(dir: string): string[] {
  return ["extensions", "settings.json", "trust.json", "mcp.json"].map((name) => join(dir, name));
}
