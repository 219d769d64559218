import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureHookBundle, RULES_BIN } from "./bundle.ts";
import { E2E_POLICY } from "./policy.ts";

/**
 * `rules serve` as shipped: bin/rules.js runs the bundled CLI (dist/cli.mjs) in a process of its own, with
 * --port 0; the test reads serve.json for the URL and token, as the hook settings and a user would.
 */
let dir: string;
let child: ChildProcess;
let started: { url: string; hook: string; serveFile: string; pid: number };
let stderr = "";

beforeAll(async () => {
  await ensureHookBundle();
  dir = mkdtempSync(join(tmpdir(), "rg-serve-bundle-"));
  mkdirSync(join(dir, "project"));
  writeFileSync(join(dir, "rules.yaml"), E2E_POLICY);
  child = spawn(
    process.execPath,
    [RULES_BIN, "serve", "--port", "0", "--format", "json", "--policy", join(dir, "rules.yaml")],
    { cwd: dir, env: { PATH: process.env["PATH"] ?? "", HOME: dir, RULEGATE_HOME: join(dir, "rg") } },
  );
  child.stderr?.on("data", (b: Buffer) => (stderr += b.toString()));
  started = await new Promise((done, fail) => {
    let out = "";
    child.stdout?.on("data", (b: Buffer) => {
      out += b.toString();
      if (out.includes("\n")) done(JSON.parse(out.split("\n")[0] as string) as typeof started);
    });
    child.on("exit", (code) => fail(new Error(`rules serve exited ${code}: ${stderr}`)));
    setTimeout(() => fail(new Error(`rules serve did not start in 30 s: ${stderr}`)), 30_000);
  });
}, 120_000);

afterAll(() => {
  if (child.exitCode === null) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

const serveFile = () =>
  JSON.parse(readFileSync(started.serveFile, "utf8")) as { url: string; token: string; pid: number | null };

describe("rules serve, the shipped bundle in its own process", { timeout: 60_000 }, () => {
  it("runs the bundle, not the TypeScript sources", () => {
    expect(stderr).not.toMatch(/running the TypeScript sources/);
  });

  it("writes serve.json with url, token and pid, readable by its owner only", () => {
    const file = serveFile();
    expect(file.url).toBe(started.url);
    expect(file.pid).toBe(child.pid);
    expect(file.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(started.serveFile).mode & 0o777).toBe(0o600);
  });

  it("answers 401 without the token and decides a call with it", async () => {
    const body = JSON.stringify({
      session_id: "bundle",
      cwd: join(dir, "project"),
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "touch forbidden.txt" },
      tool_use_id: "toolu_b1",
    });
    const headers = { "content-type": "application/json" };
    expect((await fetch(started.hook, { method: "POST", headers, body })).status).toBe(401);
    const res = await fetch(started.hook, {
      method: "POST",
      headers: { ...headers, authorization: `Bearer ${serveFile().token}` },
      body,
    });
    expect(res.status).toBe(200);
    const json = (await res.json()) as { hookSpecificOutput: { permissionDecision: string } };
    expect(json.hookSpecificOutput.permissionDecision).toBe("deny");
  });

  it("stops on SIGTERM with exit 0 and leaves serve.json with its token and no pid", async () => {
    const token = serveFile().token;
    const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(serveFile()).toMatchObject({ token, pid: null });
  });
});
