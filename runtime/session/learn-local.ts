import { existsSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { withApproval, type CompileResult } from "../../compiler/index.ts";
import type { LearnOutcome, LearnRequest } from "./session.ts";

/**
 * The `learn` of a session whose user keeps their own rules in `file` (`.rulegate/rules.local.yaml`): the
 * pattern goes into `permissions.approve` with a comment of when and why, then the rules are compiled again
 * with it (`recompile`). A file that does not compile is put back as it was, and the answer approves the one
 * call only. The agent can never write this file (a `.rulegate/` path: hard deny rulegate-config-edit), so only
 * a human's answer reaches it (docs/adr/0263).
 */
export function localRulesLearner(
  file: string,
  recompile: () => CompileResult,
): (learned: LearnRequest) => Promise<LearnOutcome> {
  return async (learned) => {
    const before = existsSync(file) ? readFileSync(file, "utf8") : null;
    const subject = learned.subject.length > 80 ? `${learned.subject.slice(0, 79)}…` : learned.subject;
    const text = withApproval(before, {
      pattern: learned.pattern,
      comment: `${learned.at}: you answered "always" for ${learned.tool} ${JSON.stringify(subject)} (${learned.reason})`,
    });
    if (text === null) return { error: `${file} is not a rules mapping with a permissions list to add to` };
    mkdirSync(dirname(file), { recursive: true });
    write(file, text);
    const r = recompile();
    if (r.policy !== null) return { policy: r.policy };
    if (before === null) unlinkSync(file);
    else write(file, before);
    const first = r.diagnostics.find((d) => d.severity === "error");
    return { error: `the rules did not compile with it: ${first?.code ?? ""} ${first?.message ?? "unknown error"}` };
  };
}

/** Written whole or not at all: a reader never sees half a rules file. */
function write(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}
