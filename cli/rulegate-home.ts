import { homedir } from "node:os";
import { join } from "node:path";

/** rulegate's own directory: `$RULEGATE_HOME`, else `~/.rulegate` (session logs, snapshots, caches). */
export function rulegateHome(
  env: Readonly<Record<string, string | undefined>>,
  home: string = env["HOME"] ?? homedir(),
): string {
  return env["RULEGATE_HOME"] ?? join(home, ".rulegate");
}
