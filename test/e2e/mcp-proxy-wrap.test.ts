import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureHookBundle, RULES_BIN } from "./bundle.ts";
import { filesystemServer, makeWorld, textOf, worldEnv } from "./mcp/proxy-process.ts";

/**
 * `rules mcp-proxy --wrap` on a client config, as shipped: the rewritten entry is what a client starts, and it
 * gates; a second run changes nothing; `--unwrap` gives the config back.
 */
beforeAll(async () => {
  await ensureHookBundle();
}, 120_000);

describe("rules mcp-proxy --wrap / --unwrap", () => {
  it("wraps a config so that the client's server runs behind the proxy, idempotently, and unwraps it", async () => {
    const world = makeWorld();
    writeFileSync(join(world.project, ".env"), "API_KEY=secret\n");
    const config = join(world.root, "claude_desktop_config.json");
    const original = `${JSON.stringify({ mcpServers: { files: { command: process.execPath, args: [filesystemServer(), world.project] } } }, null, 2)}\n`;
    writeFileSync(config, original);
    const rules = (...args: string[]) =>
      spawnSync(process.execPath, [RULES_BIN, "mcp-proxy", ...args], { env: worldEnv(world), encoding: "utf8" });

    const wrap = rules("--wrap", config);
    expect(wrap.status, wrap.stderr).toBe(0);
    expect(wrap.stdout).toContain("files behind rules mcp-proxy");
    expect(readFileSync(`${config}.rulegate-backup`, "utf8")).toBe(original);
    const wrapped = readFileSync(config, "utf8");
    const again = rules("--wrap", config, "--format", "json");
    expect(JSON.parse(again.stdout)).toMatchObject({ ok: true, changed: [] });
    expect(readFileSync(config, "utf8")).toBe(wrapped);

    // Started the way a client starts the entry.
    const entry = (JSON.parse(wrapped) as { mcpServers: { files: { command: string; args: string[] } } }).mcpServers
      .files;
    const client = new Client({ name: "desktop", version: "1" });
    await client.connect(
      new StdioClientTransport({ command: entry.command, args: entry.args, env: worldEnv(world), stderr: "pipe" }),
    );
    try {
      const secret = await client.callTool({
        name: "read_text_file",
        arguments: { path: join(world.project, ".env") },
      });
      expect(secret.isError).toBe(true);
      expect(textOf(secret)).toContain("rulegate denied (credentials)");
    } finally {
      await client.close();
    }

    // Its session is named after the config's key, as its tools are (mcp__files__…).
    expect(readdirSync(join(world.rulegateHome, "sessions")).some((f) => /^mcp-files-.*\.jsonl$/.test(f))).toBe(true);

    const unwrap = rules("--unwrap", config);
    expect(unwrap.status, unwrap.stderr).toBe(0);
    expect(JSON.parse(readFileSync(config, "utf8"))).toEqual(JSON.parse(original));
    expect(existsSync(`${config}.rulegate-backup`)).toBe(true);
  }, 60_000);
});
