import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { open as open_ } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { BenchRow } from "../bench.ts";
import { buildHook } from "../build-hook.ts";
import type { BenchSection } from "./index.ts";
import { REPO_ROOT } from "./model-traces.ts";
import { median, micros, percentile } from "./stats.ts";

/**
 * README.md's Measured table: `rules mcp-proxy` adds at most 1 ms p50 to a tool call. The same SDK client calls the same tool of
 * the real filesystem MCP server twice over: directly, and through the proxy as shipped (bin/rules.js →
 * dist/cli.mjs) with a policy that allows it, so each proxied call is decided, logged (decision and execution
 * appended to the session's event log) and passed through. Calls alternate between the two, and the overhead
 * is the difference of the medians.
 */
const CALLS = 400;
const WARMUP = 50;
const BUDGET_US = 1_000;

const require = createRequire(import.meta.url);

export const mcpProxyBench: BenchSection = {
  name: "mcp-proxy",
  async run(progress) {
    progress("building dist/cli.mjs");
    await buildHook();
    const dir = mkdtempSync(join(tmpdir(), "rulegate-bench-mcp-"));
    const project = join(dir, "project");
    mkdirSync(project);
    writeFileSync(join(project, "notes.txt"), "a small file\n");
    const policy = join(dir, "rules.yaml");
    writeFileSync(policy, 'version: 1\npermissions:\n  allow: ["mcp__fs__*"]\n');
    const server = join(
      dirname(require.resolve("@modelcontextprotocol/server-filesystem/package.json")),
      "dist",
      "index.js",
    );
    const env = {
      PATH: process.env["PATH"] ?? "",
      HOME: join(dir, "home"),
      RULEGATE_HOME: join(dir, "rulegate"),
    };
    const open = async (command: string, args: string[]) => {
      const client = new Client({ name: "bench", version: "1" });
      await client.connect(new StdioClientTransport({ command, args, env, cwd: project, stderr: "ignore" }));
      return client;
    };
    const direct = await open(process.execPath, [server, project]);
    const proxied = await open(process.execPath, [
      join(REPO_ROOT, "bin", "rules.js"),
      "mcp-proxy",
      "--policy",
      policy,
      "--name",
      "fs",
      "--",
      process.execPath,
      server,
      project,
    ]);
    try {
      const call = { name: "read_text_file", arguments: { path: join(project, "notes.txt") } };
      const time = async (c: Client) => {
        const t0 = process.hrtime.bigint();
        const r = await c.callTool(call);
        if (r.isError) throw new Error(`the bench call failed: ${JSON.stringify(r.content)}`);
        return Number(process.hrtime.bigint() - t0) / 1_000;
      };
      progress(`${WARMUP} warm-up calls each`);
      for (let i = 0; i < WARMUP; i++) {
        await time(direct);
        await time(proxied);
      }
      progress(`${CALLS} calls each, alternating`);
      const a: number[] = [];
      const b: number[] = [];
      const syncs: number[] = [];
      const probe = await open_(join(dir, "probe.log"), "a");
      for (let i = 0; i < CALLS; i++) {
        a.push(await time(direct));
        b.push(await time(proxied));
        // What one durable log append costs on this disk right now: the proxy pays it before every allow.
        const t0 = process.hrtime.bigint();
        await probe.write(`${"x".repeat(400)}\n`);
        await probe.datasync();
        syncs.push(Number(process.hrtime.bigint() - t0) / 1_000);
      }
      await probe.close();
      const overhead = median(b) - median(a);
      const rows: BenchRow[] = [
        {
          what: "rules mcp-proxy overhead per tool call (p50)",
          value: `${micros(overhead)} (${micros(median(b))} vs ${micros(median(a))})`,
          budget: "≤ 1 ms p50",
          ok: overhead <= BUDGET_US,
        },
        {
          what: "  of which one write + fdatasync on this disk (p50)",
          value: micros(median(syncs)),
          budget: "",
          ok: null,
        },
        {
          what: "  p99 through the proxy / direct",
          value: `${micros(percentile(b, 0.99))} / ${micros(percentile(a, 0.99))}`,
          budget: "",
          ok: null,
        },
      ];
      return rows;
    } finally {
      await Promise.allSettled([direct.close(), proxied.close()]);
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
