import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type ScriptedAgent, startScriptedAgent } from "../support/scripted-agent.ts";
import { ROOT } from "./bundle.ts";
import { makeSandbox } from "./clients.ts";
import { runPiRpc } from "./pi-rpc.ts";
import { writeProjectPolicy } from "./policy.ts";

/**
 * pi 1.3.0 in RPC mode, where `ctx.ui.confirm` and `ctx.ui.select` reach a client: the test answers the gates as the user
 * would. An approved call runs; a refused one is blocked and ends the agent's run (`terminate`), so the
 * model is not asked again and its next call never comes.
 */
const EXTENSION = join(ROOT, "adapters", "pi", "index.ts");
const POLICY = `version: 1
permissions:
  allow: ["bash(touch *)"]
rules:
  - id: approve-gated
    match: op.command matches "touch gated*"
    mode: approve
    description: Gated files need a human.
`;
let agent: ScriptedAgent | null = null;

afterEach(async () => {
  await agent?.close();
  agent = null;
});

describe("pi in RPC mode with the rulegate extension", { timeout: 120_000 }, () => {
  it("asks the client at a gate: approved runs, refused is blocked and ends the run", async () => {
    const sb = makeSandbox("pi-rpc");
    writeProjectPolicy(sb.project, POLICY);
    agent = await startScriptedAgent([
      { name: "bash", input: { command: "touch gated-yes.txt" } },
      { name: "bash", input: { command: "touch gated-no.txt" } },
      { name: "bash", input: { command: "touch after.txt" } },
    ]);
    // Each gate offers "always" (the exact command: touch takes only operands), so it is a select of three.
    const run = await runPiRpc(
      { sandbox: sb, baseUrl: agent.url, extension: EXTENSION, prompt: "do the task" },
      () => false,
      (r) => (r.title.includes("gated-yes") ? "Allow once" : "Deny"),
    );
    expect(run.confirms).toEqual([]);
    expect(run.selects.map((c) => c.options)).toEqual([
      ["Allow once", "Always allow calls like this: bash(touch gated-yes.txt)", "Deny"],
      ["Allow once", "Always allow calls like this: bash(touch gated-no.txt)", "Deny"],
    ]);
    expect(run.selects[0]?.title).toMatch(
      /^rulegate: approve this call\?\n\nbash: touch gated-yes\.txt\n\n.*approve-gated/s,
    );
    expect(existsSync(join(sb.project, "gated-yes.txt"))).toBe(true);
    expect(existsSync(join(sb.project, "gated-no.txt"))).toBe(false);
    const refused = run.records.find((r) => r["type"] === "tool_execution_end" && r["isError"] === true);
    expect(refused).toMatchObject({
      toolName: "bash",
      result: {
        content: [{ type: "text", text: expect.stringMatching(/approve-gated.*The user did not approve it/s) }],
        terminate: true,
      },
    });
    // terminate: the run ended with the refusal; the model was not asked again, so neither the refusal
    // nor a third call went through it (the refusal waits in the session for the user's next prompt).
    expect(agent.resultOf(1)).toBeUndefined();
    expect(agent.missing).toHaveLength(2);
    expect(existsSync(join(sb.project, "after.txt"))).toBe(false);
  });
});

describe("pi's propose_plan with the rulegate extension", { timeout: 120_000 }, () => {
  it("asks the user once for the plan: the chosen step runs without a prompt, a call off the plan is asked again", async () => {
    const sb = makeSandbox("pi-plan");
    writeProjectPolicy(sb.project, POLICY);
    agent = await startScriptedAgent([
      {
        name: "propose_plan",
        input: {
          steps: [
            { tool: "bash", input: { command: "touch gated-one.txt" } },
            { tool: "bash", input: { command: "touch gated-two.txt" } },
          ],
        },
      },
      { name: "bash", input: { command: "touch gated-one.txt" } },
      { name: "bash", input: { command: "touch gated-three.txt" } },
    ]);
    // The user chooses steps and approves only step 0; the gate of the call off the plan is refused.
    const run = await runPiRpc(
      { sandbox: sb, baseUrl: agent.url, extension: EXTENSION, prompt: "do the task" },
      (r) => r.title === "rulegate: approve step 0?",
      (r) => r.options.find((o) => o.startsWith("Choose")) ?? "",
    );
    expect(run.selects).toHaveLength(2);
    expect(run.selects[0]?.title).toMatch(
      /^rulegate: approve this plan\?\n\nrulegate checked the 2 step\(s\) of plan plan-1:\n {2}0\. bash: touch gated-one\.txt — approved if you accept/,
    );
    expect(run.confirms.map((c) => c.title)).toEqual(["rulegate: approve step 0?", "rulegate: approve step 1?"]);
    expect(agent.resultOf(0)?.text).toContain("The user approved step(s) 0 of plan plan-1");
    expect(existsSync(join(sb.project, "gated-one.txt"))).toBe(true);
    expect(existsSync(join(sb.project, "gated-three.txt"))).toBe(false);
    // The approved step ran, which completed the plan: the next gated call is asked like any other.
    expect(run.selects[1]?.title).toMatch(
      /^rulegate: approve this call\?\n\nbash: touch gated-three\.txt\n\n.*approve-gated/s,
    );
  });
});

describe('pi\'s "always" answer with the rulegate extension', { timeout: 120_000 }, () => {
  it("stores the offered pattern in the local rules; the next call like it runs without a prompt", async () => {
    const sb = makeSandbox("pi-always");
    writeProjectPolicy(sb.project, 'version: 1\npermissions:\n  ask: ["bash(git init *)"]\n');
    agent = await startScriptedAgent([
      { name: "bash", input: { command: "git init -q one" } },
      { name: "bash", input: { command: "git init -q two" } },
    ]);
    const run = await runPiRpc(
      { sandbox: sb, baseUrl: agent.url, extension: EXTENSION, prompt: "do the task" },
      () => false,
      (r) => r.options.find((o) => o.startsWith("Always")) ?? "",
    );
    expect(run.selects.map((s) => s.options[1])).toEqual(["Always allow calls like this: bash(git init *)"]);
    expect(run.confirms).toEqual([]);
    expect(existsSync(join(sb.project, "one", ".git"))).toBe(true);
    expect(existsSync(join(sb.project, "two", ".git"))).toBe(true);
    const local = readFileSync(join(sb.project, ".rulegate", "rules.local.yaml"), "utf8");
    expect(local).toMatch(/you answered "always" for bash "git init -q one"[^\n]*\n\s+- "bash\(git init \*\)"/);
  });
});
