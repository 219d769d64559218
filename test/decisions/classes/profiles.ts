/**
 * The two scoring profiles of issue 11 as test helpers: the permissive one (the built-in safety net under
 * `default: allow` and `bash(*)`) and the guard one (DESTRUCTIVE, EXPENSIVE and SECURITY ask). A class test
 * states, per command, what each profile decides, through the real decision path (`rules test`'s runner).
 */
import { describe, expect, test } from "vitest";
import { compileFile } from "../../../compiler/index.ts";
import { GUARD_PROFILE, HOME_DIR, PERMISSIVE_PROFILE, WORKSPACE } from "../../../scripts/score/score.ts";
import { counterIds } from "../../../runtime/session/defaults.ts";
import { createScriptRunner, type LineOutput } from "../../../runtime/session/script.ts";
import { unavailableModel } from "../../../runtime/model/index.ts";

export interface Outcome {
  readonly decision: string;
  readonly stage: string;
  readonly check: string | null;
  readonly reason: string;
}

export type Profile = "permissive" | "guard";
export type Decide = (command: string) => Promise<Outcome>;

/** A decider for one profile; each command is decided in a fresh session, as the scorer does. */
export function decider(profile: Profile): Decide {
  const compiled = compileFile(profile === "guard" ? GUARD_PROFILE : PERMISSIVE_PROFILE);
  if (compiled.policy === null)
    throw new Error(`${profile} profile does not compile: ${JSON.stringify(compiled.diagnostics)}`);
  const runner = createScriptRunner(compiled.policy, () => ({
    home: HOME_DIR,
    cwd: WORKSPACE,
    clock: () => new Date(Date.UTC(2026, 0, 1)),
    ids: counterIds(),
    model: unavailableModel,
  }));
  let n = 0;
  return async (command) => {
    n++;
    const { output } = await runner.run({ session: `s${n}`, tool: "Bash", input: { command } }, n);
    if (!isDecision(output)) throw new Error(`no decision for ${command}: ${JSON.stringify(output)}`);
    return { decision: output.decision, stage: output.stage, check: output.check, reason: output.reason };
  };
}

function isDecision(o: LineOutput): o is Extract<LineOutput, { decision: unknown }> {
  return "decision" in o;
}

/** What a row expects: a decision, or a hard deny by a named check. */
export type Expect = "allow" | "ask" | "deny" | { readonly check: string };

export function matches(actual: Outcome, want: Expect): boolean {
  if (typeof want === "string") return actual.decision === want;
  return actual.decision === "deny" && actual.stage === "hard_deny" && actual.check === want.check;
}

/** A class table: each row is a command and what the permissive and the guard profile decide about it. */
export type ClassRow = readonly [command: string, permissive: Expect, guard: Expect];

/** Runs a class table under both profiles, one test per command. */
export function classTable(title: string, rows: readonly ClassRow[]): void {
  describe.each(["permissive", "guard"] as const)(`${title} under the %s profile`, (profile) => {
    const decide = decider(profile);
    test.each(rows.map(([c, p, g]) => [c, profile === "permissive" ? p : g] as const))("%s", async (command, want) => {
      const got = await decide(command);
      expect(matches(got, want), JSON.stringify(got)).toBe(true);
    });
  });
}
