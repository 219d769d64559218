/**
 * Download, then run: `curl -o /tmp/i.sh URL && bash /tmp/i.sh`, `wget URL; chmod +x x; ./x`, `git clone URL && cd r
 * && make`. The file a network command saves earlier in the command string is code nobody has seen when a later
 * command runs it, exactly like `curl URL | sh`; so is a file a decoder wrote (`base64 -d > x.sh; bash x.sh`), like
 * `base64 -d | sh` (the pipe-to-shell check reports all of them). Which files a command saves and which it runs is
 * operation/staged-code.ts (docs/adr/0311).
 */
import { mayStage, type Operation, stagedCode } from "../operation/index.ts";
import { commandsOf, shown } from "./commands.ts";

/** The first later command that runs a file an earlier command downloaded or decoded, as a reason; null when none. */
export function downloadThenRun(op: Operation, home: string): string | null {
  const commands = commandsOf(op);
  const fetches = op.types.includes("read_external") || op.categories.includes("network");
  if (commands.length < 2 || !mayStage(commands, fetches)) return null;
  for (const run of stagedCode(commands, op.call.cwd, home).runs) {
    if (run.source === "unread") continue;
    const how = run.source === "network" ? "downloaded" : "decoded";
    return `${shown(run.runner)} runs ${run.target}, which ${shown(run.writer)} ${how} in the same command`;
  }
  return null;
}
