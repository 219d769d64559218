import { join } from "node:path";

export type InstallScope = "project" | "user";

/** The two files `--install` writes and `--uninstall` cleans: the settings and the `/rulegate` prompt command. */
export interface InstallTarget {
  readonly scope: InstallScope;
  readonly settingsPath: string;
  readonly commandPath: string;
  /** The other settings file of the same scope: a rulegate hook of the other type there would run too. */
  readonly siblingPath: string | null;
}

/**
 * `http`: the HTTP hook carries the server's token, so in a project it goes to `.claude/settings.local.json`, the
 * file Claude Code keeps out of version control, never to the shared `settings.json` (ADR 0183).
 */
export function installTarget(scope: InstallScope, cwd: string, home: string, http = false): InstallTarget {
  const base = scope === "user" ? join(home, ".claude") : join(cwd, ".claude");
  const settings = http && scope === "project" ? "settings.local.json" : "settings.json";
  const sibling = scope === "project" ? join(base, http ? "settings.json" : "settings.local.json") : null;
  return {
    scope,
    settingsPath: join(base, settings),
    commandPath: join(base, "commands", "rulegate.md"),
    siblingPath: sibling,
  };
}
