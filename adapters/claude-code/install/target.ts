import { join } from "node:path";

export type InstallScope = "project" | "user";

/** The two files `--install` writes and `--uninstall` cleans: the settings and the `/rulegate` prompt command. */
export interface InstallTarget {
  readonly scope: InstallScope;
  readonly settingsPath: string;
  readonly commandPath: string;
}

export function installTarget(scope: InstallScope, cwd: string, home: string): InstallTarget {
  const base = scope === "user" ? join(home, ".claude") : join(cwd, ".claude");
  return { scope, settingsPath: join(base, "settings.json"), commandPath: join(base, "commands", "rulegate.md") };
}
