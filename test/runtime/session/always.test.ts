import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import type { Policy } from "../../../compiler/ir.ts";
import { counterIds, createSession, type LearnRequest } from "../../../runtime/session/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";
import type { ApprovalRequest } from "../../../runtime/stages/index.ts";
import { CWD, HOME, policyOf } from "./random-sessions.ts";

/**
 * Issue 16 §4, approvals that learn: the offer of "always, for calls like this" is the narrowest permission
 * pattern that covers the call, checked to match it, never broader than one program and its sub-command, and
 * never made for credential or protected paths, opaque code or plan mode (docs/adr/0262). A stored pattern
 * answers later prompts it covers, and nothing else (docs/adr/0263).
 */
const ASK_ALL = `version: 1
settings: { default: ask }
levels:
  act: { READ: ask, WRITE: ask, DESTRUCTIVE: ask, EXPENSIVE: ask }
paths:
  protected: ["$defaults", "deploy/**"]
`;

let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});

async function offered(policy: Policy, tool: string, input: Record<string, unknown>, plan = false) {
  const seen: ApprovalRequest[] = [];
  const session = createSession(policy, {
    home: HOME,
    cwd: CWD,
    ids: counterIds(),
    analyzer,
    approver: { ask: async (r) => (seen.push(r), null) },
  });
  if (plan) await session.command("/plan on");
  const d = await session.decide({ tool, input });
  return { decision: d, offer: seen[0]?.always ?? null, asked: seen.length > 0 };
}

describe("the always offer", () => {
  const policy = () => policyOf(ASK_ALL);
  test.each([
    ["a script of a task runner keeps its name", "npm run test:unit -- --watch=false", "bash(npm run test:unit *)"],
    [
      "an in-house CLI keeps its command words",
      "gog gmail send --to a@b.example --subject hi",
      "bash(gog gmail send *)",
    ],
    ["a git sub-command keeps the words before its options", "git commit -m 'fix the parser'", "bash(git commit *)"],
    ["a program that takes only operands is offered exactly", "rm build/old.js", "bash(rm build/old.js)"],
    ["two commands get no offer", "cd app && npm test", null],
    ["a wrapper gets no offer", "sudo apt-get install jq", null],
    ["opaque code gets no offer", "$TOOL deploy --prod", null],
    ["a write to a protected path gets no offer", "cp build.sh deploy/run.sh", null],
  ])("%s: %s", async (_, command, expected) => {
    const r = await offered(policy(), "Bash", { command });
    expect(r.asked).toBe(true);
    expect(r.offer).toBe(expected);
  });

  test.each([
    [
      "a file tool names the exact path",
      "Edit",
      { file_path: `${CWD}/src/report.ts`, old_string: "a", new_string: "b" },
      `edit(${CWD}/src/report.ts)`,
    ],
    [
      "webfetch names the host",
      "WebFetch",
      { url: "https://docs.example.com/api/x", prompt: "p" },
      "webfetch(domain:docs.example.com)",
    ],
    ["an MCP tool is one operation", "mcp__github__create_issue", { title: "x" }, "mcp__github__create_issue"],
    [
      "a protected file is asked every time",
      "Edit",
      { file_path: `${CWD}/deploy/app.yaml`, old_string: "a", new_string: "b" },
      null,
    ],
  ])("%s", async (_, tool, input, expected) => {
    expect((await offered(policy(), tool, input)).offer).toBe(expected);
  });

  test("plan mode offers nothing: it only tightens", async () => {
    const r = await offered(policy(), "Bash", { command: "npm run test:unit" }, true);
    expect(r.offer).toBeNull();
  });

  test("an offer always matches its call and is never broader than the program and one sub-command", async () => {
    const words = [
      "run",
      "test:unit",
      "gmail",
      "send",
      "--to",
      "x",
      "push",
      "origin",
      "-m",
      "'a b'",
      "build/x.js",
      "*.ts",
      "$HOME",
    ];
    const programs = ["npm", "git", "gog", "kubectl", "rm", "make", "deployctl", "curl"];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...programs),
        fc.array(fc.constantFrom(...words), { maxLength: 5 }),
        async (p, args) => {
          const command = [p, ...args].join(" ");
          const { offer } = await offered(policy(), "Bash", { command });
          if (offer === null) return;
          const spec = offer.slice("bash(".length, -1);
          if (spec.includes("*")) {
            expect(spec.endsWith(" *"), offer).toBe(true);
            expect(spec.slice(0, -2).split(" ").length, offer).toBeGreaterThanOrEqual(2);
            expect(spec.slice(0, -2), offer).not.toMatch(/[*?]/);
          }
          // The stored pattern answers the very call it was offered for.
          const learned = policyOf(`${ASK_ALL}permissions:\n  approve: [${JSON.stringify(offer)}]\n`);
          const again = await offered(learned, "Bash", { command });
          expect(again.asked, `${offer} should answer ${command}`).toBe(false);
          expect(again.decision.decision).toBe("allow");
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("a stored always pattern", () => {
  const learned = () =>
    policyOf(
      `${ASK_ALL}permissions:\n  deny: ["bash(npm run test:unit --danger*)"]\n  approve: ["bash(npm run test:unit *)"]\n`,
    );

  test.each([
    ["answers a call it covers", "npm run test:unit -- --coverage", "allow"],
    ["leaves a call it does not cover asked", "npm run test:e2e", "ask"],
    ["never lifts a deny pattern", "npm run test:unit --danger", "deny"],
    ["never lifts a hard deny", "npm run test:unit && rm -rf /", "deny"],
  ])("%s: %s", async (_, command, decision) => {
    expect((await offered(learned(), "Bash", { command })).decision.decision).toBe(decision);
  });

  test("is not applied in plan mode", async () => {
    expect((await offered(learned(), "Bash", { command: "npm run test:unit" }, true)).decision.decision).toBe("ask");
  });

  test("a reply of always is learned through the session's learn, and the new rules are recorded as policy_changed", async () => {
    const requests: LearnRequest[] = [];
    const before = policyOf(ASK_ALL);
    const after = learned();
    const events: string[] = [];
    const session = createSession(before, {
      home: HOME,
      cwd: CWD,
      ids: counterIds(),
      analyzer,
      sink: (es) =>
        void events.push(...es.map((e) => (e.type === "policy_changed" ? `policy_changed ${e.learned}` : e.type))),
      approver: { ask: async () => "always" },
      learn: async (r) => (requests.push(r), { policy: after }),
    });
    const first = await session.decideDetailed({
      tool: "Bash",
      input: { command: "npm run test:unit -- --watch=false" },
    });
    expect(first.decision.decision).toBe("allow");
    expect(first.learned).toEqual({ pattern: "bash(npm run test:unit *)" });
    expect(requests[0]).toMatchObject({ pattern: "bash(npm run test:unit *)", tool: "Bash" });
    expect(events).toContain("policy_changed bash(npm run test:unit *)");
    expect(session.policy.hash).toBe(after.hash);
    expect(session.state.policyHash).toBe(after.hash);
  });

  test("an answer given later in the agent's own prompt (session.approve) learns the pattern the prompt offered", async () => {
    const requests: LearnRequest[] = [];
    const after = learned();
    const session = createSession(policyOf(ASK_ALL), {
      home: HOME,
      cwd: CWD,
      ids: counterIds(),
      analyzer,
      approver: null,
      executeOnAllow: false,
      learn: async (r) => (requests.push(r), { policy: after }),
    });
    const first = await session.decide(
      { tool: "Bash", input: { command: "npm run test:unit -- --watch=false" } },
      { callId: "c1" },
    );
    expect(first.decision).toBe("ask");
    expect(session.state.pending.find((p) => p.callId === "c1")?.always).toBe("bash(npm run test:unit *)");
    expect(await session.approve("c1", "always")).toBe(true);
    expect(requests.map((r) => [r.pattern, r.subject])).toEqual([
      ["bash(npm run test:unit *)", "npm run test:unit -- --watch=false"],
    ]);
    expect(session.policy.hash).toBe(after.hash);
    const next = await session.decide(
      { tool: "Bash", input: { command: "npm run test:unit -- --coverage" } },
      { callId: "c2" },
    );
    expect([next.decision, next.reason]).toEqual([
      "allow",
      expect.stringContaining("approved always by bash(npm run test:unit *)"),
    ]);
  });
});
