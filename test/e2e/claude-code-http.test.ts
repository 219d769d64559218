import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { verifyLog } from "../../runtime/log/index.ts";
import { startScriptedAgent, type ScriptedAgent, type ScriptedTurn } from "../support/scripted-agent.ts";
import { ensureHookBundle, RULES_BIN } from "./bundle.ts";
import { makeSandbox, runClaude, type Sandbox } from "./clients.ts";
import { writeProjectPolicy } from "./policy.ts";
import { api, startServe, type ServeProcess } from "./serve-process.ts";

/**
 * The real `claude` binary with the HTTP hook (`type: "http"`, written by `rules hook claude-code --install
 * --http`) against `rules serve` as shipped, and the scripted model on loopback: the same checks as the command
 * hook's e2e (deny, allow, a history rule), plus what only the server does: a stopped server blocks
 * (onFailure: block), and `--approvals web` holds a call in `claude -p` until it is approved over the API.
 */
let agent: ScriptedAgent | null = null;
let server: ServeProcess | null = null;

beforeAll(async () => {
  await ensureHookBundle();
}, 120_000);

afterEach(async () => {
  await agent?.close();
  agent = null;
  await server?.stop();
  server = null;
});

function installHttp(sandbox: Sandbox, url: string): void {
  const out = spawnSync(process.execPath, [RULES_BIN, "hook", "claude-code", "--install", "--http", "--url", url], {
    cwd: sandbox.project,
    env: { PATH: process.env["PATH"] ?? "", HOME: sandbox.home, RULEGATE_HOME: sandbox.rulegateHome },
    encoding: "utf8",
  });
  expect(out.status, out.stderr).toBe(0);
  expect(out.stdout).toContain("settings.local.json");
}

async function run(turns: readonly ScriptedTurn[], sandbox: Sandbox) {
  agent = await startScriptedAgent(turns, "done");
  const result = await runClaude({ sandbox, baseUrl: agent.url, prompt: "do the task", timeoutMs: 90_000 });
  expect(
    result.json,
    `claude did not answer JSON (exit ${result.code}): ${result.stderr}\n${result.stdout}`,
  ).not.toBeNull();
  return result.json!;
}

function events(sandbox: Sandbox, session: string): { type: string; decision?: string; answer?: string }[] {
  return readFileSync(join(sandbox.rulegateHome, "sessions", `${session}.jsonl`), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { type: string });
}

describe("Claude Code with the rulegate HTTP hook and rules serve", { timeout: 180_000 }, () => {
  it("runs what the policy allows, stops what it denies, and gates writes after a web read", async () => {
    const sb = makeSandbox("cc-http");
    writeProjectPolicy(sb.project);
    server = await startServe(sb);
    installHttp(sb, server.url);
    const probe = await startScriptedAgent([]);
    const url = `${probe.url}/health`;
    await probe.close();
    const json = await run(
      [
        { name: "Bash", input: { command: "touch allowed.txt" } },
        { name: "Bash", input: { command: "touch forbidden.txt" } },
        { name: "Bash", input: { command: `curl -s ${url}` } },
        { name: "Write", input: { file_path: join(sb.project, "after-web.txt"), content: "x" } },
      ],
      sb,
    );
    expect(existsSync(join(sb.project, "allowed.txt"))).toBe(true);
    expect(existsSync(join(sb.project, "forbidden.txt"))).toBe(false);
    expect(existsSync(join(sb.project, "after-web.txt"))).toBe(false);
    expect(json.permission_denials.map((d) => d.tool_name)).toEqual(["Bash", "Write"]);
    expect(agent!.resultOf(1)?.text).toMatch(/rulegate denied \(permissions\.deny/);
    expect(agent!.resultOf(3)?.text).toContain("no-write-after-web");
    const log = join(sb.rulegateHome, "sessions", `${json.session_id}.jsonl`);
    expect((await verifyLog(log)).ok).toBe(true);
    expect(
      events(sb, json.session_id)
        .filter((e) => e.type === "decision")
        .map((e) => e.decision),
    ).toEqual(["allow", "deny", "allow", "deny"]);
    const audit = spawnSync(process.execPath, [RULES_BIN, "replay", log, "--verify"], {
      env: { PATH: process.env["PATH"] ?? "", HOME: sb.home },
      encoding: "utf8",
    });
    expect(audit.status, audit.stdout + audit.stderr).toBe(0);
  });

  it("blocks everything while the server is stopped (onFailure: block)", async () => {
    const sb = makeSandbox("cc-http-down");
    writeProjectPolicy(sb.project);
    server = await startServe(sb);
    installHttp(sb, server.url);
    expect(await server.stop()).toBe(0);
    const json = await run([{ name: "Bash", input: { command: "touch while-down.txt" } }], sb);
    expect(existsSync(join(sb.project, "while-down.txt"))).toBe(false);
    // Nothing gets through: the first hook of the run (UserPromptSubmit) already fails, and blocks.
    expect(json.result).toMatch(/blocking because onFailure is "block"/);
    expect(agent!.resultOf(0)).toBeUndefined();
  });

  it("holds a gated call in claude -p until it is approved over the API, then runs it", async () => {
    const sb = makeSandbox("cc-http-web");
    writeProjectPolicy(sb.project);
    server = await startServe(sb, ["--approvals", "web"]);
    installHttp(sb, server.url);
    const s = server;
    // The approver: what the UI does, over the same API, once the held call shows up.
    let approved: string | null = null;
    const approver = (async () => {
      const end = Date.now() + 60_000;
      while (Date.now() < end) {
        const pending = (await api(s, "/api/approvals")) as { id: string; request: { subject: string } }[];
        const call = pending.find((p) => p.request.subject === "npm publish --dry-run");
        if (call !== undefined) {
          await api(s, `/api/approvals/${call.id}`, { answer: "approve" });
          approved = call.id;
          return;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const json = await run([{ name: "Bash", input: { command: "npm publish --dry-run" } }], sb);
    await approver;
    expect(approved).not.toBeNull();
    expect(json.permission_denials).toEqual([]);
    const log = events(sb, json.session_id);
    expect(log.find((e) => e.type === "approval_resolved")?.answer).toBe("approved");
    expect(log.filter((e) => e.type === "decision").map((e) => e.decision)).toEqual(["allow"]);
    expect(log.some((e) => e.type === "executed")).toBe(true);
  });
});
