import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { isEvent } from "../../../runtime/events/index.ts";
import { createSession } from "../../../runtime/session/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";
import { fold, foldAll, initialState, replay } from "../../../runtime/state/index.ts";
import {
  CLASSIFIER_POLICY,
  GUARD_POLICY,
  modelScriptArb,
  policyOf,
  runSession,
  stepArb,
} from "../session/random-sessions.ts";

/**
 * docs/reference/event-log.md: the state is the fold of the events. On random sessions (calls with random replies, user
 * messages, slash commands, and in the hook flow out-of-band approvals and execution reports), folding the
 * events the session committed, from the policy's initial state, gives exactly the live state: in one batch,
 * one by one, after a round trip through JSON (what the log stores), and from a snapshot plus the tail.
 */
const POLICIES = { guard: policyOf(GUARD_POLICY), classifier: policyOf(CLASSIFIER_POLICY) };

let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});

const sessionArb = (hookFlow: boolean) =>
  fc.record({
    policy: fc.constantFrom<keyof typeof POLICIES>("guard", "classifier"),
    model: modelScriptArb,
    steps: fc.array(stepArb({ hookFlow }), { minLength: 1, maxLength: 30 }),
    cut: fc.nat(),
  });

describe("replaying a session's events gives its live state", () => {
  test.each([
    ["allowed calls run at once (rules eval, pi)", false],
    ["allowed calls run when the agent reports them (Claude Code hook)", true],
  ])("%s", async (_, hookFlow) => {
    await fc.assert(
      fc.asyncProperty(sessionArb(hookFlow), async ({ policy: name, model, steps, cut }) => {
        const policy = POLICIES[name];
        const { session, events } = await runSession(policy, steps, { analyzer, model, executeOnAllow: !hookFlow });
        const live = session.state;
        expect(foldAll(initialState(policy), events)).toEqual(live);
        expect(events.reduce(fold, initialState(policy))).toEqual(live);
        const stored: unknown[] = JSON.parse(JSON.stringify(events));
        expect(stored.every(isEvent)).toBe(true);
        expect(replay(policy, stored.filter(isEvent))).toEqual(live);
        // A rebuilt session (snapshot of a prefix + the log tail) starts where the live one stands.
        const at = events.length === 0 ? 0 : cut % (events.length + 1);
        const snapshot = foldAll(initialState(policy), events.slice(0, at));
        expect(createSession(policy, { state: snapshot, events: events.slice(at), analyzer }).state).toEqual(live);
      }),
      { numRuns: hookFlow ? 120 : 150 },
    );
  });
});
