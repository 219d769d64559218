import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";
import { GUARD_POLICY, modelScriptArb, policyOf, runSession, stepArb } from "../session/random-sessions.ts";

/**
 * docs/reference/event-log.md: the fold returns frozen state, all the way down. Parts of the state are replaced rather than
 * drafted (pending calls, bounded lists), so this is checked on random sessions, not assumed from immer.
 */
const policy = policyOf(GUARD_POLICY);
let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});

function deepFrozen(value: unknown, path = "state"): string | null {
  if (typeof value !== "object" || value === null) return null;
  if (!Object.isFrozen(value)) return path;
  for (const [k, v] of Object.entries(value)) {
    const bad = deepFrozen(v, `${path}.${k}`);
    if (bad !== null) return bad;
  }
  return null;
}

describe("session state", () => {
  test("is deeply frozen after any session", async () => {
    await fc.assert(
      fc.asyncProperty(
        modelScriptArb,
        fc.boolean(),
        fc.array(stepArb({ hookFlow: true }), { minLength: 1, maxLength: 30 }),
        async (model, hookFlow, steps) => {
          const { session } = await runSession(policy, steps, { analyzer, model, executeOnAllow: !hookFlow });
          expect(deepFrozen(session.state)).toBeNull();
        },
      ),
      { numRuns: 100 },
    );
  });
});
