import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { startScriptedAgent, type ScriptedAgent } from "../support/scripted-agent.ts";
import { ensureHookBundle, RULES_BIN } from "./bundle.ts";
import { makeSandbox, runClaude, type Sandbox } from "./clients.ts";
import { writeProjectPolicy } from "./policy.ts";

/**
 * Plan-based approval with the real `claude` binary and the shipped hook (docs/adr/0250). `claude -p` disables
 * ExitPlanMode (it tells the model so), so the plan hand-off is fed to the shipped hook process exactly as an
 * interactive session sends it (PreToolUse while in plan mode, PostToolUse once the user accepted); then the
 * real binary runs on the same session id: the approved step runs, a call off the plan is blocked.
 */
let agent: ScriptedAgent | null = null;

beforeAll(async () => {
  await ensureHookBundle();
}, 120_000);

afterEach(async () => {
  await agent?.close();
  agent = null;
});

function install(sandbox: Sandbox): void {
  writeProjectPolicy(sandbox.project);
  const out = spawnSync(
    process.execPath,
    [RULES_BIN, "hook", "claude-code", "--install", "--project", "--command", `node '${RULES_BIN}'`],
    { cwd: sandbox.project, env: { ...process.env, HOME: sandbox.home }, encoding: "utf8" },
  );
  expect(out.status, out.stderr).toBe(0);
}

/** One hook event through the shipped hook process, as Claude Code runs it. */
function hook(
  sandbox: Sandbox,
  event: Record<string, unknown>,
): { status: number | null; stdout: string; stderr: string } {
  const out = spawnSync(process.execPath, [RULES_BIN, "hook", "claude-code"], {
    cwd: sandbox.project,
    env: { PATH: process.env["PATH"] ?? "", HOME: sandbox.home, RULEGATE_HOME: sandbox.rulegateHome },
    input: JSON.stringify(event),
    encoding: "utf8",
  });
  return { status: out.status, stdout: out.stdout, stderr: out.stderr };
}

const PLAN = `# Remove the retired folders

Remove the two retired source folders, nothing else:

\`\`\`bash
rm -rf legacy
rm -rf assets
\`\`\`
`;

describe("Claude Code plan-based approval", { timeout: 120_000 }, () => {
  it("runs the approved step without a prompt and blocks a call off the plan", async () => {
    const sb = makeSandbox("cc-plan");
    install(sb);
    for (const d of ["legacy", "vendor", "assets"]) mkdirSync(join(sb.project, d));
    const sessionId = randomUUID();
    const common = { session_id: sessionId, cwd: sb.project, tool_name: "ExitPlanMode", tool_input: { plan: PLAN } };

    const pre = hook(sb, {
      ...common,
      hook_event_name: "PreToolUse",
      permission_mode: "plan",
      tool_use_id: "toolu_exit_plan",
    });
    expect(pre.status, pre.stderr).toBe(0);
    const answer = JSON.parse(pre.stdout) as {
      hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string };
    };
    expect(answer.hookSpecificOutput.permissionDecision).toBe("ask");
    expect(answer.hookSpecificOutput.permissionDecisionReason).toMatch(
      /plan plan-1:\n {2}0\. bash: rm -rf legacy — approved if you accept \(levels: DESTRUCTIVE is ask in act mode\)/,
    );
    // The user accepts the plan: Claude Code runs ExitPlanMode and leaves plan mode.
    const post = hook(sb, {
      ...common,
      hook_event_name: "PostToolUse",
      permission_mode: "default",
      tool_use_id: "toolu_exit_plan",
      tool_response: { plan: PLAN, isAgent: false },
    });
    expect(post.status, post.stderr).toBe(0);

    agent = await startScriptedAgent([
      { name: "Bash", input: { command: "rm -rf legacy" } },
      { name: "Bash", input: { command: "rm -rf vendor" } },
    ]);
    const result = await runClaude({
      sandbox: sb,
      baseUrl: agent.url,
      prompt: "carry out the plan",
      args: ["--session-id", sessionId],
    });
    expect(result.json, `claude did not answer JSON (exit ${result.code}): ${result.stderr}`).not.toBeNull();
    expect(existsSync(join(sb.project, "legacy"))).toBe(false);
    expect(existsSync(join(sb.project, "vendor"))).toBe(true);
    // The plan's other step was not called, so it stays approved and open: the removal of vendor deviates from it.
    expect(existsSync(join(sb.project, "assets"))).toBe(true);
    expect(result.json!.permission_denials.map((d) => d.tool_input["command"])).toEqual(["rm -rf vendor"]);

    const log = join(sb.rulegateHome, "sessions", `${sessionId}.jsonl`);
    const events = readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { type: string; decision?: string; reason?: string; planStep?: unknown });
    expect(events.filter((e) => e.type.startsWith("plan_")).map((e) => e.type)).toEqual([
      "plan_proposed",
      "plan_approved",
    ]);
    const decisions = events.filter((e) => e.type === "decision");
    expect(decisions.map((e) => e.decision)).toEqual(["allow", "ask"]);
    expect(decisions[0]?.reason).toContain("step 0 of the approved plan plan-1");
    expect(decisions[1]?.reason).toContain("not a step of the approved plan plan-1");
    expect(events.find((e) => e.type === "executed" && e.planStep !== undefined)?.planStep).toEqual({
      plan: "plan-1",
      step: 0,
    });
    const audit = spawnSync(process.execPath, [RULES_BIN, "replay", log, "--verify"], {
      cwd: sb.root,
      env: { PATH: process.env["PATH"] ?? "", HOME: sb.home },
      encoding: "utf8",
    });
    expect(audit.status, audit.stdout + audit.stderr).toBe(0);
  });
});
