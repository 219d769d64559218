import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureHookBundle } from "./bundle.ts";
import { connect, makeWorld, proxyArgs, textOf, type Connected, type ProxyWorld } from "./mcp/proxy-process.ts";
import { api, startServe, type ServeProcess } from "./serve-process.ts";

/**
 * A gated MCP call (the built-in act levels ask for DESTRUCTIVE, and write_file is annotated destructive) asks
 * a human: the client by elicitation when it can, else a running `rules serve --approvals web`, else nobody
 * and it is denied. Asserted on the file the call would write.
 */
const POLICY = "version: 1\n";

let open: Connected | null = null;
let serve: ServeProcess | null = null;

beforeAll(async () => {
  await ensureHookBundle();
}, 120_000);

afterEach(async () => {
  await open?.close();
  open = null;
  await serve?.stop();
  serve = null;
});

const write = (world: ProxyWorld, name: string) => ({
  name: "write_file",
  arguments: { path: join(world.project, name), content: "written" },
});

function decisions(world: ProxyWorld): { decision: string; stage: string; approval: string | null }[] {
  const dir = join(world.rulegateHome, "sessions");
  const log = readdirSync(dir).find((f) => f.endsWith(".jsonl")) as string;
  return readFileSync(join(dir, log), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { type: string; decision: string; stage: string; approval: string | null })
    .filter((e) => e.type === "decision");
}

describe("rules mcp-proxy asks a human for a gated call", () => {
  it.each([
    ["accepts", { action: "accept", content: { approve: true } }, true],
    ["declines", { action: "decline" }, false],
    ["accepts with approve: false", { action: "accept", content: { approve: false } }, false],
  ] as const)(
    "by elicitation when the client can: the user %s",
    async (_what, answer, written) => {
      const world = makeWorld();
      open = await connect(world, proxyArgs(world, POLICY), { capabilities: { elicitation: {} } });
      const asked: string[] = [];
      open.client.setRequestHandler(ElicitRequestSchema, async (req) => {
        asked.push(req.params.message);
        return answer;
      });
      const result = await open.client.callTool(write(world, "out.txt"));
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain("mcp__fs__write_file");
      expect(result.isError ?? false, textOf(result)).toBe(!written);
      if (!written) expect(textOf(result)).toContain("The user was asked and did not approve it.");
      expect(existsSync(join(world.project, "out.txt"))).toBe(written);
    },
    60_000,
  );

  it("a call cancelled while the user is asked is denied and never reaches the server", async () => {
    const world = makeWorld();
    open = await connect(world, proxyArgs(world, POLICY), { capabilities: { elicitation: {} } });
    let asked: () => void = () => {};
    const askedOnce = new Promise<void>((done) => {
      asked = done;
    });
    open.client.setRequestHandler(ElicitRequestSchema, () => {
      asked();
      return new Promise(() => {}); // the user never answers
    });
    const cancel = new AbortController();
    const call = open.client.callTool(write(world, "late.txt"), undefined, { signal: cancel.signal });
    await askedOnce;
    cancel.abort("the user pressed escape");
    await expect(call).rejects.toThrow();
    // The next call is decided after the cancelled one: its decision is in the log by then.
    await open.client.listTools();
    await new Promise((r) => setTimeout(r, 300));
    expect(decisions(world)).toEqual([expect.objectContaining({ decision: "deny", stage: "cancelled" })]);
    expect(existsSync(join(world.project, "late.txt"))).toBe(false);
  }, 60_000);

  it("else as a held approval in a running rules serve --approvals web", async () => {
    const world = makeWorld();
    serve = await startServe(world, ["--approvals", "web"]);
    open = await connect(world, proxyArgs(world, POLICY));
    const call = open.client.callTool(write(world, "served.txt"));
    let pending: { id: string; request: { tool: string } }[] = [];
    for (let i = 0; i < 100 && pending.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      pending = (await api(serve, "/api/approvals")) as typeof pending;
    }
    expect(pending.map((p) => p.request.tool)).toEqual(["mcp__fs__write_file"]);
    await api(serve, `/api/approvals/${pending[0]?.id}`, { answer: "approve" });
    const result = await call;
    expect(result.isError ?? false, textOf(result)).toBe(false);
    expect(readFileSync(join(world.project, "served.txt"), "utf8")).toBe("written");
    expect(decisions(world)).toEqual([expect.objectContaining({ decision: "allow", approval: "approved" })]);
  }, 60_000);

  it("else nobody: denied, saying how such calls can be approved", async () => {
    const world = makeWorld();
    open = await connect(world, proxyArgs(world, POLICY));
    const result = await open.client.callTool(write(world, "nobody.txt"));
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("rules serve --approvals web");
    expect(existsSync(join(world.project, "nobody.txt"))).toBe(false);
  }, 60_000);
});
