import { beforeAll } from "vitest";
import { deriveOperation, type Operation } from "../../../runtime/operation/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";

/**
 * The operation a Bash call derives to, run in `cwd` with the home `home` and no skills, without touching the real
 * filesystem (realpath off). Call it at a test file's top level: it registers the analyzer's loading as a beforeAll.
 */
export function bashDeriver(cwd: string, home: string, workspace?: readonly string[]): (command: string) => Operation {
  let analyzer: ShellAnalyzer;
  beforeAll(async () => {
    analyzer = await loadShellAnalyzer();
  });
  return (command) =>
    deriveOperation(
      { tool: "Bash", input: { command }, cwd },
      {
        home,
        skills: [],
        analyzer,
        realpath: false,
        ...(workspace === undefined ? {} : { workspace }),
      },
    );
}
