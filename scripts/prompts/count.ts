import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compileFile, compileSources } from "../../compiler/index.ts";
import type { Policy } from "../../compiler/ir.ts";
import { metered, unavailableModel } from "../../runtime/model/index.ts";
import { createScriptRunner, localRulesLearner } from "../../runtime/session/index.ts";

/** How a simulated human answers the demo's prompts. */
export type Human =
  /** The replies the demo file gives (a line without one is a prompt nobody answered). */
  | "as-written"
  /** The same, with every `approve` answered `always`. */
  | "as-written-always"
  /** Every prompt approved, once per call. */
  | "approve-every"
  /** Every prompt answered `always` (approve where no pattern is offered). */
  | "always-every";

export const HUMANS: readonly Human[] = ["as-written", "as-written-always", "approve-every", "always-every"];

/**
 * The prompts a user sees in a session script under a rules file: calls that waited for a human
 * (`approval_requested`), after the answers `human` gives. "always" stores into a throwaway local rules file,
 * so the bundled examples are never changed.
 */
export async function countPrompts(rulesFile: string, lines: readonly unknown[], human: Human): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), "rulegate-prompts-"));
  const local = join(dir, ".rulegate", "rules.local.yaml");
  const initial = compiled(compileFile(rulesFile).policy, rulesFile);
  let prompts = 0;
  const runner = createScriptRunner(initial, () => ({
    home: "/home/dev",
    cwd: dir,
    model: metered(unavailableModel),
    sink: (events) => void (prompts += events.filter((e) => e.type === "approval_requested").length),
    learn: localRulesLearner(local, () => compileSources({ user: rulesFile, local })),
  }));
  let n = 0;
  for (const line of lines) await runner.run(answered(line, human), ++n);
  return prompts;
}

function answered(line: unknown, human: Human): unknown {
  if (typeof line !== "object" || line === null || !("tool" in line)) return line;
  const reply = (line as { reply?: string }).reply;
  switch (human) {
    case "as-written":
      return line;
    case "as-written-always":
      return reply === "approve" ? { ...line, reply: "always" } : line;
    case "approve-every":
      return { ...line, reply: "approve" };
    case "always-every":
      return { ...line, reply: "always" };
  }
}

function compiled(policy: Policy | null, file: string): Policy {
  if (policy === null) throw new Error(`${file} does not compile`);
  return policy;
}
