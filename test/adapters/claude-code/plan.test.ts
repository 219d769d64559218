import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { runClaudeCodeHook, type HookContext, type HookOutcome } from "../../../adapters/claude-code/hook.ts";
import { planSteps } from "../../../adapters/claude-code/plan-steps.ts";
import { replayLog } from "../../../runtime/replay/index.ts";
import { E2E_POLICY } from "../../e2e/policy.ts";

/**
 * Claude Code's plan hand-off through the hook in-process (docs/adr/0250): ExitPlanMode's PreToolUse previews
 * the plan's steps and asks the user with every step's outcome; its PostToolUse (the user accepted) approves
 * the asked steps; later calls that are steps pass, others are asked again. Each event opens the log afresh.
 */
const FIXTURES = new URL("../../fixtures/hooks/", import.meta.url);
const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(name, FIXTURES), "utf8")) as Record<string, unknown>;

const PLAN = `# Clean the build output

1. Remove the old outputs:

\`\`\`bash
# the build folder only
$ rm -rf build
git push --force \\
  origin main
\`\`\`

2. Edit \`src/app.ts\` to drop the old flag, and Write docs/notes.md.

\`\`\`ts
rm -rf not-a-step
\`\`\`

\`\`\`sh
rm -rf ~
\`\`\`
`;

let root: string;
let cwd: string;
let ctx: HookContext;
const session = "plan-session";
let nextId = 0;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "rg-plan-"));
  cwd = join(root, "project");
  mkdirSync(cwd);
  writeFileSync(join(root, "rules.yaml"), E2E_POLICY);
  ctx = {
    env: {},
    home: join(root, "home"),
    rulegateHome: join(root, "rulegate"),
    policyFile: join(root, "rules.yaml"),
    cache: null,
  };
});

function event(name: string, toolName: string, toolInput: Record<string, unknown>, id: string): string {
  return JSON.stringify({
    ...fixture(name),
    session_id: session,
    cwd,
    tool_name: toolName,
    tool_input: toolInput,
    tool_use_id: id,
  });
}

async function pre(toolName: string, toolInput: Record<string, unknown>) {
  const id = `toolu_plan_${nextId++}`;
  const out: HookOutcome = await runClaudeCodeHook(event("pre-tool-use-bash.json", toolName, toolInput, id), ctx);
  if (out.exit !== 0) throw new Error(out.stderr);
  const json = JSON.parse(out.stdout) as {
    hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string };
  };
  return {
    id,
    decision: json.hookSpecificOutput.permissionDecision,
    reason: json.hookSpecificOutput.permissionDecisionReason,
  };
}

async function prompt(text: string): Promise<string> {
  const json = JSON.stringify({ ...fixture("user-prompt-submit.json"), session_id: session, cwd, prompt: text });
  const out = await runClaudeCodeHook(json, ctx);
  if (out.exit !== 0) throw new Error(out.stderr);
  return (JSON.parse(out.stdout) as { reason: string }).reason;
}

async function post(toolName: string, toolInput: Record<string, unknown>, id: string): Promise<void> {
  expect((await runClaudeCodeHook(event("post-tool-use-bash.json", toolName, toolInput, id), ctx)).exit).toBe(0);
}

describe("the steps of a plan's Markdown", () => {
  it("are the command lines of shell blocks and the files named after an editing tool", () => {
    expect(planSteps(PLAN, "/p")).toEqual([
      { tool: "Bash", input: { command: "rm -rf build" }, cwd: "/p" },
      { tool: "Bash", input: { command: "git push --force origin main" }, cwd: "/p" },
      { pattern: "edit(/p/src/app.ts)", cwd: "/p" },
      { pattern: "write(/p/docs/notes.md)", cwd: "/p" },
      { tool: "Bash", input: { command: "rm -rf ~" }, cwd: "/p" },
    ]);
    expect(planSteps("Just read the code and tell me what it does.", "/p")).toEqual([]);
  });
});

describe("ExitPlanMode in Claude Code", () => {
  it("asks the user with every step's outcome, a denied step first, and approves the asked steps when the plan is accepted", async () => {
    const exit = await pre("ExitPlanMode", { plan: PLAN });
    expect(exit.decision).toBe("ask");
    const lines = exit.reason.split("\n");
    expect(lines[0]).toBe("rulegate DENIES step(s) 4 of plan plan-1; they will not run whatever you answer:");
    expect(lines.slice(1, 6).map((l) => l.replace(/ \(.*$/, ""))).toEqual([
      "  0. bash: rm -rf build — approved if you accept",
      "  1. bash: git push --force origin main — approved if you accept",
      `  2. edit(${cwd}/src/app.ts) — approved if you accept`,
      `  3. write(${cwd}/docs/notes.md) — allowed`,
      "  4. bash: rm -rf ~ — DENIED",
    ]);
    expect(lines[6]).toBe(
      "Accepting the plan approves step(s) 0, 1, 2 once each; any call that is not a step of the plan is asked again.",
    );

    // Before the user accepted, the step is asked about like any call.
    expect((await pre("Bash", { command: "rm -rf build" })).decision).toBe("ask");
    await post("ExitPlanMode", { plan: PLAN }, exit.id);

    const step = await pre("Bash", { command: "rm -rf build" });
    expect([step.decision, step.reason]).toEqual([
      "allow",
      expect.stringContaining("step 0 of the approved plan plan-1"),
    ]);
    await post("Bash", { command: "rm -rf build" }, step.id);
    const deviating = await pre("Bash", { command: "rm -rf dist" });
    expect([deviating.decision, deviating.reason]).toEqual([
      "ask",
      expect.stringContaining("not a step of the approved plan plan-1"),
    ]);
    expect((await pre("Bash", { command: "rm -rf ~" })).decision).toBe("deny");

    // The user sees the plan in /rulegate status and can end it with /rulegate plan clear.
    const status = await prompt("/rulegate status");
    expect(status).toContain(
      "plan plan-1 (approved: 0, 1, 2):\n  0. bash: rm -rf build — ran\n  1. bash: git push --force origin main — approved",
    );
    expect(await prompt("/rulegate plan clear")).toBe("rulegate: /plan clear done");
    expect((await pre("Bash", { command: "git push --force origin main" })).decision).toBe("ask");

    const log = join(ctx.rulegateHome, "sessions", `${session}.jsonl`);
    const types = readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .map((l) => (JSON.parse(l) as { type: string }).type);
    expect(types.filter((t) => t.startsWith("plan_"))).toEqual(["plan_proposed", "plan_approved", "plan_cleared"]);
    const replayed = await replayLog(log, { policy: "recorded", home: ctx.home });
    expect(replayed.verification).toEqual({ ok: true, reason: null });
  });

  it("says so when a plan names no step, and still leaves the decision to the user", async () => {
    const exit = await pre("ExitPlanMode", { plan: "Read the code, then explain it." });
    expect(exit.decision).toBe("ask");
    expect(exit.reason).toContain("found no steps in this plan");
  });
});
