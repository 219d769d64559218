import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import type { Decision } from "../../../compiler/ir.ts";
import { counterIds, createSession } from "../../../runtime/session/index.ts";
import { scriptedModel } from "../../../runtime/rulestest/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";
import { CALLS, CWD, HOME, policyOf } from "./random-sessions.ts";

/**
 * docs/explanation/decision-order.md, second invariant (docs/adr/0110): plan mode only tightens. For random calls and random policies
 * (both level maps, the default, allow and ask patterns, the classifier and its verdict, deterministic rules),
 * the decision in plan mode is never more permissive than in act mode, deny < ask < allow. Nobody answers a
 * gate, so an ask stays an ask.
 */
const LEVELS = ["READ", "WRITE", "DESTRUCTIVE", "EXPENSIVE", "SECURITY", "FORBIDDEN"] as const;
const MAPPED = ["allow", "log", "ask", "deny", null] as const;
const RANK: Readonly<Record<Decision, number>> = { deny: 0, ask: 1, allow: 2 };

const levelMap = fc.tuple(...LEVELS.map(() => fc.constantFrom(...MAPPED)));
const policyArb = fc.record({
  plan: levelMap,
  act: levelMap,
  default: fc.constantFrom("allow", "ask", "deny"),
  allow: fc.subarray(["bash(*)", "bash(git *)", "write(**)", "webfetch(*)", "read(**)", "mcp__jira__*"]),
  ask: fc.subarray(["bash(git push*)", "write(src/**)"]),
  classifier: fc.boolean(),
  review: fc.constantFrom("allow" as const, "block" as const),
  rule: fc.constantFrom("", "approve", "block", "log"),
});

type PolicyShape = typeof policyArb extends fc.Arbitrary<infer T> ? T : never;

function yamlOf(p: PolicyShape): string {
  const map = (m: readonly (string | null)[]): string =>
    `{ ${LEVELS.flatMap((l, i) => (m[i] === null || m[i] === undefined ? [] : [`${l}: ${m[i]}`])).join(", ")} }`;
  const list = (xs: readonly string[]): string => `[${xs.map((x) => JSON.stringify(x)).join(", ")}]`;
  return `
version: 1
settings: { default: ${p.default}, fail: ask }
read_only_tools: []
permissions:
  allow: ${list(p.allow)}
  ask: ${list(p.ask)}
levels:
  plan: ${map(p.plan)}
  act: ${map(p.act)}
classifier:
  enabled: ${p.classifier}
${
  p.rule === ""
    ? ""
    : `rules:
  - id: writes-after-web
    match: op.type in [write_local, write_external]
    mode: ${p.rule}
`
}`;
}

let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});

describe("plan mode only tightens", () => {
  test("for random calls and policies, the decision in plan mode is never more permissive than in act mode", async () => {
    await fc.assert(
      fc.asyncProperty(policyArb, fc.nat(CALLS.length - 1), async (p, i) => {
        const policy = policyOf(yamlOf(p));
        const decideIn = async (plan: boolean): Promise<{ decision: Decision; stage: string; reason: string }> => {
          const session = createSession(policy, {
            clock: () => new Date(Date.UTC(2026, 0, 1)),
            ids: counterIds(),
            home: HOME,
            cwd: CWD,
            analyzer,
            model: scriptedModel(() => ({ review: p.review })),
            approver: null,
          });
          if (plan) expect((await session.command("/plan on")).ok).toBe(true);
          return session.decide(CALLS[i]!);
        };
        const act = await decideIn(false);
        const plan = await decideIn(true);
        expect(
          RANK[plan.decision],
          `${JSON.stringify(CALLS[i])}\n${yamlOf(p)}\nact: ${act.decision} at ${act.stage} (${act.reason})\nplan: ${plan.decision} at ${plan.stage} (${plan.reason})`,
        ).toBeLessThanOrEqual(RANK[act.decision]);
      }),
      { numRuns: 400 },
    );
  });
});
