import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scanLog } from "../../runtime/log/index.ts";
import { ensureHookBundle, ROOT, RULES_BIN } from "../e2e/bundle.ts";

/**
 * `rules eval … | head -1`: the reader closes the pipe after the first line. The shipped CLI (bin/rules.js and
 * dist/cli.mjs) must end quietly with exit 0, and every event it logged must be a whole line of a sound chain.
 */
let dir: string;
const CALLS = 3000;

beforeAll(async () => {
  await ensureHookBundle();
  dir = mkdtempSync(join(tmpdir(), "rg-epipe-"));
  const lines = Array.from({ length: CALLS }, (_, i) =>
    JSON.stringify({ session: "s", tool: "Read", input: { file_path: `/tmp/project/file-${i}.txt` } }),
  );
  writeFileSync(join(dir, "calls.jsonl"), `${lines.join("\n")}\n`);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function evalWithEarlyClose(
  args: readonly string[],
): Promise<{ code: number | null; signal: string | null; stderr: string; firstChunk: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [RULES_BIN, "eval", "--policy", join(ROOT, "rules", "examples", "guard.yaml"), ...args],
      {
        cwd: dir,
        env: { PATH: process.env["PATH"] ?? "", HOME: dir },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stderr = "";
    let firstChunk = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    // Like `head -1`: read one chunk, then close the read end of the pipe.
    child.stdout.once("data", (d: Buffer) => {
      firstChunk = d.toString();
      child.stdout.destroy();
    });
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stderr, firstChunk }));
  });
}

describe("rules eval with its stdout closed early, as shipped", { timeout: 120_000 }, () => {
  it("ends quietly with exit 0", async () => {
    const out = await evalWithEarlyClose(["--format", "json", "calls.jsonl"]);
    expect(out.firstChunk).toMatch(/^\{"/);
    expect(out.stderr).toBe("");
    expect(out.signal).toBeNull();
    expect(out.code).toBe(0);
  });

  it("leaves a log of whole lines whose chain verifies, having stopped before the end of the input", async () => {
    const log = join(dir, "events.jsonl");
    const out = await evalWithEarlyClose(["--format", "json", "--log", log, "calls.jsonl"]);
    expect(out.stderr).toBe("");
    expect(out.code).toBe(0);
    const text = readFileSync(log, "utf8");
    expect(text.endsWith("\n")).toBe(true);
    const types: string[] = [];
    const scan = await scanLog(log, (e) => void types.push(String(e.body["type"])));
    expect(scan.ok).toBe(true);
    const decided = types.filter((t) => t === "decision").length;
    expect(decided).toBeGreaterThan(0);
    expect(decided).toBeLessThan(CALLS);
  });
});
