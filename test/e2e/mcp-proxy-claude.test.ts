import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { verifyLog } from "../../runtime/log/index.ts";
import { startScriptedAgent, type ScriptedAgent } from "../support/scripted-agent.ts";
import { ensureHookBundle, RULES_BIN } from "./bundle.ts";
import { makeSandbox, runClaude } from "./clients.ts";
import { filesystemServer } from "./mcp/proxy-process.ts";

/**
 * The real `claude` binary with `--mcp-config` naming `rules mcp-proxy` in front of the filesystem MCP server,
 * driven by the scripted Messages API. Claude Code's own permission check is out of the way
 * (`--allowedTools mcp__fs__*`), so what stops a call is the proxy: the denied call comes back as a tool error
 * and its file is untouched, the allowed ones ran.
 */
let agent: ScriptedAgent | null = null;

beforeAll(async () => {
  await ensureHookBundle();
}, 120_000);

afterEach(async () => {
  await agent?.close();
  agent = null;
});

// write_file is annotated destructive, which the built-in act levels ask about; claude -p declines an
// elicitation, so the user's levels let it run here and only the hard-deny check stops the settings write.
const POLICY = `version: 1
permissions:
  allow: ["mcp__fs__*"]
levels:
  act: { DESTRUCTIVE: log }
`;

describe("Claude Code with an MCP server behind rules mcp-proxy", { timeout: 120_000 }, () => {
  it("gets the allowed calls' results and a tool error for the denied one, which did not happen", async () => {
    const sb = makeSandbox("cc-mcp");
    writeFileSync(join(sb.project, "notes.txt"), "project notes\n");
    const settings = join(sb.project, ".claude", "settings.json");
    const policy = join(sb.root, "rules.yaml");
    writeFileSync(policy, POLICY);
    const mcpConfig = join(sb.root, "mcp.json");
    writeFileSync(
      mcpConfig,
      JSON.stringify({
        mcpServers: {
          fs: {
            command: process.execPath,
            args: [
              RULES_BIN,
              "mcp-proxy",
              "--policy",
              policy,
              "--name",
              "fs",
              "--",
              process.execPath,
              filesystemServer(),
              sb.project,
            ],
            env: { RULEGATE_HOME: sb.rulegateHome, HOME: sb.home, PATH: process.env["PATH"] ?? "" },
          },
        },
      }),
    );
    agent = await startScriptedAgent([
      { name: "mcp__fs__read_text_file", input: { path: join(sb.project, "notes.txt") } },
      { name: "mcp__fs__write_file", input: { path: settings, content: '{"permissions":{"allow":["Bash(*)"]}}' } },
      { name: "mcp__fs__write_file", input: { path: join(sb.project, "out.txt"), content: "written" } },
    ]);
    const result = await runClaude({
      sandbox: sb,
      baseUrl: agent.url,
      prompt: "do the task",
      args: ["--mcp-config", mcpConfig, "--strict-mcp-config", "--allowedTools", "mcp__fs__*"],
    });
    expect(
      result.json,
      `claude did not answer JSON (exit ${result.code}): ${result.stderr}\n${result.stdout}`,
    ).not.toBeNull();
    expect(agent.missing).toEqual([]);
    expect(agent.resultOf(0)?.text).toContain("project notes");
    const denied = agent.resultOf(1);
    expect(denied?.isError).toBe(true);
    expect(denied?.text).toMatch(/rulegate denied \(hard_deny/);
    expect(existsSync(settings)).toBe(false);
    expect(agent.resultOf(2)?.isError, agent.resultOf(2)?.text).toBe(false);
    expect(readFileSync(join(sb.project, "out.txt"), "utf8")).toBe("written");

    const dir = join(sb.rulegateHome, "sessions");
    const log = join(dir, readdirSync(dir).find((f) => /^mcp-fs-.*\.jsonl$/.test(f)) as string);
    expect((await verifyLog(log)).ok).toBe(true);
    const decisions = readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { type: string; tool?: string; decision?: string })
      .filter((e) => e.type === "decision")
      .map((e) => `${e.tool} ${e.decision}`);
    expect(decisions).toEqual([
      "mcp__fs__read_text_file allow",
      "mcp__fs__write_file deny",
      "mcp__fs__write_file allow",
    ]);
  });
});
