import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";
import { CLASSIFIER_POLICY, GUARD_POLICY, modelScriptArb, policyOf, runSession, stepArb } from "./random-sessions.ts";

/**
 * Decisions are a function of the policy and the inputs: with the clock, the id source, the model and the
 * human injected (SessionDeps), the same input sequence gives identical decision records and identical
 * events, even when the second run shares the process (parse caches, compiled matchers) with the first.
 */
const POLICIES = [policyOf(GUARD_POLICY), policyOf(CLASSIFIER_POLICY)] as const;

let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});

describe("decisions are deterministic", () => {
  test("the same policy and input sequence give the same decisions and events", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(POLICIES.length - 1),
        modelScriptArb,
        fc.boolean(),
        fc.array(stepArb({ hookFlow: true }), { minLength: 1, maxLength: 30 }),
        async (p, model, hookFlow, steps) => {
          const policy = POLICIES[p] as (typeof POLICIES)[number];
          const options = { analyzer, model, executeOnAllow: !hookFlow };
          const first = await runSession(policy, steps, options);
          const second = await runSession(policy, steps, options);
          expect(second.outputs).toEqual(first.outputs);
          expect(second.events).toEqual(first.events);
          expect(second.session.state).toEqual(first.session.state);
        },
      ),
      { numRuns: 150 },
    );
  });

  test("a policy compiled twice from the same text decides the same way", async () => {
    await fc.assert(
      fc.asyncProperty(modelScriptArb, fc.array(stepArb(), { minLength: 1, maxLength: 20 }), async (model, steps) => {
        const first = await runSession(policyOf(GUARD_POLICY), steps, { analyzer, model });
        const second = await runSession(policyOf(GUARD_POLICY), steps, { analyzer, model });
        expect(second.events).toEqual(first.events);
      }),
      { numRuns: 50 },
    );
  });
});
