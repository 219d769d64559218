import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { verifyLog } from "../../runtime/log/index.ts";
import { readPrompt, answerAll } from "../runtime/model/scripted-answerer.ts";
import {
  startScriptedAgent,
  type ScriptedAgent,
  type ScriptedAgentOptions,
  type ScriptedTurn,
} from "../support/scripted-agent.ts";
import { ensureHookBundle, RULES_BIN } from "./bundle.ts";
import { makeSandbox, runClaude, type Sandbox } from "./clients.ts";
import { PERMISSIVE_POLICY, writeProjectPolicy } from "./policy.ts";

/**
 * The real `claude` binary (-p, JSON output) with the rulegate hook installed by `rules hook claude-code
 * --install`, against a scripted model on a loopback port. Assertions are about what actually happened:
 * files created or not, permission_denials, what the model got back, and the session's event log.
 */
let agent: ScriptedAgent | null = null;

beforeAll(async () => {
  await ensureHookBundle();
}, 120_000);

afterEach(async () => {
  await agent?.close();
  agent = null;
});

function install(sandbox: Sandbox, policy?: string): void {
  writeProjectPolicy(sandbox.project, policy);
  const out = spawnSync(
    process.execPath,
    [RULES_BIN, "hook", "claude-code", "--install", "--project", "--command", `node '${RULES_BIN}'`],
    {
      cwd: sandbox.project,
      env: { ...process.env, HOME: sandbox.home },
      encoding: "utf8",
    },
  );
  expect(out.status, out.stderr).toBe(0);
  expect(out.stdout).toContain("added the rulegate hook for PreToolUse");
}

async function run(
  turns: readonly ScriptedTurn[],
  sandbox: Sandbox,
  prompt = "do the task",
  args: readonly string[] = [],
  options: ScriptedAgentOptions = {},
) {
  agent = await startScriptedAgent(turns, "done", options);
  const result = await runClaude({ sandbox, baseUrl: agent.url, prompt, args });
  // A client that cannot start fails the test with its own words, never a skip.
  expect(
    result.json,
    `claude did not answer JSON (exit ${result.code}): ${result.stderr}\n${result.stdout}`,
  ).not.toBeNull();
  return result.json!;
}

function sessionLog(sandbox: Sandbox, sessionId: string): string {
  return join(sandbox.rulegateHome, "sessions", `${sessionId}.jsonl`);
}

function events(path: string): { type: string; decision?: string; callId?: string }[] {
  return readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { type: string });
}

/** A plain-English effect, asked of the model only for `touch` (its match prefilter). */
const MODEL_POLICY = `version: 1
settings: { default: allow }
rules:
  - id: no-secret-files
    effect: "creating a file whose name says it holds secrets"
    match: op.command matches "touch *"
    mode: block
`;

// The real claude binary starts in seconds and each run spawns hook processes: on a loaded 2-core machine a run
// with six parallel tool calls has taken over 30 s.
describe("Claude Code with the rulegate hook", { timeout: 120_000 }, () => {
  it("runs what the policy allows and stops what it denies", async () => {
    const sb = makeSandbox("cc-basic");
    install(sb);
    const json = await run(
      [
        { name: "Bash", input: { command: "touch allowed.txt" } },
        { name: "Bash", input: { command: "touch forbidden.txt" } },
        { name: "Bash", input: { command: "echo pwned >> ~/.bashrc" } },
        { name: "Write", input: { file_path: join(sb.project, "written.txt"), content: "hello\n" } },
      ],
      sb,
    );
    expect(existsSync(join(sb.project, "allowed.txt"))).toBe(true);
    expect(existsSync(join(sb.project, "written.txt"))).toBe(true);
    expect(existsSync(join(sb.project, "forbidden.txt"))).toBe(false);
    expect(existsSync(join(sb.home, ".bashrc"))).toBe(false);
    expect(json.permission_denials.map((d) => d.tool_input["command"])).toEqual([
      "touch forbidden.txt",
      "echo pwned >> ~/.bashrc",
    ]);
    expect(agent!.resultOf(1)?.text).toMatch(/rulegate denied \(permissions\.deny/);
    expect(agent!.resultOf(2)?.text).toMatch(/rulegate denied \(hard_deny/);
    expect(agent!.missing).toEqual([]);
    const log = sessionLog(sb, json.session_id);
    expect((await verifyLog(log)).ok).toBe(true);
    const decisions = events(log)
      .filter((e) => e.type === "decision")
      .map((e) => e.decision);
    expect(decisions).toEqual(["allow", "deny", "deny", "allow"]);
    // claude -p ends its session (SessionEnd): the log is whole, and an audit elsewhere can tell.
    expect(events(log).at(-1)?.type).toBe("session_ended");
    const audit = spawnSync(process.execPath, [RULES_BIN, "replay", log, "--verify"], {
      cwd: sb.root,
      env: { PATH: process.env["PATH"] ?? "", HOME: sb.home },
      encoding: "utf8",
    });
    expect(audit.status, audit.stdout + audit.stderr).toBe(0);
    expect(audit.stdout).toMatch(/verified \d+ events; every session in it ended/);
  });

  it("asks the model for a plain-English rule, and the model's verdict decides", async () => {
    const sb = makeSandbox("cc-model");
    install(sb);
    writeFileSync(join(sb.project, ".rulegate", "rules.local.yaml"), MODEL_POLICY);
    // rulegate's model check reaches the same ANTHROPIC_BASE_URL as Claude Code (the hook inherits its env);
    // it is told apart by its system prompt and answered from the action it describes.
    const judged: string[] = [];
    const side = (request: Parameters<NonNullable<ScriptedAgentOptions["side"]>>[0]) => {
      const prompt = readPrompt(request);
      if (!prompt.system.startsWith("You are the model check of rulegate")) return undefined;
      const command = JSON.stringify(prompt.sections["action"] ?? null);
      judged.push(command);
      return { text: answerAll(prompt, () => ({ holds: command.includes("secret") })) };
    };
    const json = await run(
      [
        { name: "Bash", input: { command: "touch plain.txt" } },
        { name: "Bash", input: { command: "touch secret-notes.txt" } },
      ],
      sb,
      "do the task",
      [],
      { side },
    );
    expect(judged).toHaveLength(2);
    expect(existsSync(join(sb.project, "plain.txt")), agent!.resultOf(0)?.text).toBe(true);
    expect(existsSync(join(sb.project, "secret-notes.txt"))).toBe(false);
    expect(json.permission_denials.map((d) => d.tool_input["command"])).toEqual(["touch secret-notes.txt"]);
    expect(agent!.resultOf(1)?.text).toMatch(
      /rulegate denied \(rules, rule no-secret-files\): rule no-secret-files blocks this/,
    );
  });

  it("denies a recursive delete in the home directory under default: allow and bash(*), and the folder survives", async () => {
    const sb = makeSandbox("cc-outside");
    install(sb, PERMISSIVE_POLICY);
    mkdirSync(join(sb.home, "notes"), { recursive: true });
    writeFileSync(join(sb.home, "notes", "keep.txt"), "x\n");
    const json = await run(
      [
        { name: "Bash", input: { command: "rm -rf ~/notes" } },
        { name: "Bash", input: { command: "touch made.txt" } },
      ],
      sb,
    );
    expect(existsSync(join(sb.home, "notes", "keep.txt"))).toBe(true);
    expect(existsSync(join(sb.project, "made.txt"))).toBe(true);
    expect(json.permission_denials.map((d) => d.tool_input["command"])).toEqual(["rm -rf ~/notes"]);
    expect(agent!.resultOf(0)?.text).toMatch(
      /rulegate denied \(hard_deny.*recursive delete of ~\/notes \(outside the workspace\)/s,
    );
  });

  it("gates writes only after a web read that ran, across separate hook processes", async () => {
    const sb = makeSandbox("cc-history");
    install(sb);
    agent = await startScriptedAgent([]);
    const url = `${agent.url}/health`;
    await agent.close();
    const json = await run(
      [
        { name: "Bash", input: { command: "touch before.txt" } },
        { name: "Bash", input: { command: `curl -s ${url}` } },
        { name: "Bash", input: { command: "touch after.txt" } },
        { name: "Write", input: { file_path: join(sb.project, "after-write.txt"), content: "x" } },
      ],
      sb,
    );
    expect(existsSync(join(sb.project, "before.txt"))).toBe(true);
    expect(existsSync(join(sb.project, "after.txt"))).toBe(false);
    expect(existsSync(join(sb.project, "after-write.txt"))).toBe(false);
    expect(json.permission_denials.map((d) => d.tool_name)).toEqual(["Bash", "Write"]);
    expect(agent!.resultOf(2)?.text).toContain("/rulegate disable no-write-after-web");
  });

  it("loses no event when Claude Code runs the hooks of parallel tool calls at once", async () => {
    const sb = makeSandbox("cc-parallel");
    install(sb);
    const calls = ["p1", "p2", "p3", "p4", "p5"].map((f) => ({ name: "Bash", input: { command: `touch ${f}.txt` } }));
    const json = await run([[...calls, { name: "Bash", input: { command: "touch forbidden-p6.txt" } }]], sb);
    for (const f of ["p1", "p2", "p3", "p4", "p5"]) expect(existsSync(join(sb.project, `${f}.txt`))).toBe(true);
    expect(existsSync(join(sb.project, "forbidden-p6.txt"))).toBe(false);
    const log = sessionLog(sb, json.session_id);
    expect((await verifyLog(log)).ok).toBe(true);
    const all = events(log);
    expect(all.filter((e) => e.type === "decision")).toHaveLength(6);
    expect(new Set(all.filter((e) => e.type === "executed").map((e) => e.callId)).size).toBe(5);
  });

  it("lifts a rule with a /rulegate prompt that never reaches the model", async () => {
    const sb = makeSandbox("cc-command");
    install(sb);
    agent = await startScriptedAgent([]);
    const url = `${agent.url}/health`;
    await agent.close();
    const first = await run(
      [
        { name: "Bash", input: { command: `curl -s ${url}` } },
        { name: "Bash", input: { command: "touch one.txt" } },
      ],
      sb,
    );
    expect(existsSync(join(sb.project, "one.txt"))).toBe(false);
    await agent!.close();

    const command = await run([], sb, "/rulegate disable no-write-after-web", ["--resume", first.session_id]);
    expect(command.result).toContain("/disable no-write-after-web done");
    expect(agent!.server.requests).toHaveLength(0);
    await agent!.close();

    await run([{ name: "Bash", input: { command: "touch two.txt" } }], sb, "go on", ["--resume", first.session_id]);
    expect(existsSync(join(sb.project, "two.txt"))).toBe(true);
  });
});
