import type { Policy } from "../../compiler/index.ts";
import type { Operation } from "../operation/index.ts";
import { protectedTouch } from "./ports.ts";

/**
 * Step 4's read-only allow for bash (`settings.read_only_bash`, docs/adr/0176): a command that only reads local
 * files is allowed as the Read, Grep and Glob tools are, once steps 2 and 3 found nothing. "Only reads" is what
 * the analysis can show, every part of it:
 * - readable code: not opaque (the caller checks), no finding of the shell analysis (an interpreter one-liner,
 *   a pipe into a shell), no tool the analysis does not know, and no command run through a wrapper: `ssh host ls`
 *   and `docker exec c cat f` read somewhere else, `sudo cat f` as someone else;
 * - the READ level, and nothing but `read_local` effects: no write, delete or execute, no network (a read of a
 *   URL can carry data out in the URL itself);
 * - every path known and read, none protected (`cat .claude/settings.json` is left to the other stages) and
 *   none a credential (step 2 has denied those already).
 * Returns the reason of the allow, or null when the call is not such a read.
 */
export function readOnlyBash(policy: Policy, op: Operation, home: string): string | null {
  if (!policy.settings.readOnlyBash || op.tool !== "bash" || op.shell === null || op.unknown) return null;
  if (op.opaque !== null || op.shell.findings.length > 0 || op.shell.unanalysable) return null;
  if (op.shell.commands.some((c) => c.context.wrappers.length > 0)) return null;
  if (op.level !== "READ" || op.types.length === 0 || op.types.some((t) => t !== "read_local")) return null;
  if (op.urls.length > 0) return null;
  if (op.paths.some((a) => a.mode !== "read" || a.maybeWrite === true)) return null;
  if (protectedTouch(op, policy.paths.protected, home) !== null) return null;
  return `bash only reads local files (${op.programs.join(", ") || "no program"})`;
}
