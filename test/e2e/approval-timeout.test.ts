import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureHookBundle, ROOT, RULES_BIN } from "./bundle.ts";

/**
 * An approval that times out is a deny with `approval: "timeout"`, and nothing after it is lost: through the
 * shipped CLI (bin/rules.js → dist/cli.mjs) and the shipped library (dist/index.mjs), each in a process of
 * its own, where nothing but the approval timer can keep the process up.
 */
let dir: string;

beforeAll(async () => {
  await ensureHookBundle();
  dir = mkdtempSync(join(tmpdir(), "rg-approval-timeout-"));
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const POLICY = (timeout: string) => `version: 1
settings: { default: allow, approval_timeout: ${timeout} }
permissions:
  ask: ["bash(npm publish*)"]
`;

const call = (command: string, extra: object = {}) =>
  JSON.stringify({ session: "s1", tool: "bash", input: { command }, cwd: dir, ...extra });

function run(args: readonly string[], input?: string) {
  return spawnSync(process.execPath, [...args], {
    cwd: dir,
    input,
    encoding: "utf8",
    env: { PATH: process.env["PATH"] ?? "", HOME: dir },
    timeout: 60_000,
  });
}

describe("an approval that times out, as shipped", { timeout: 120_000 }, () => {
  it("rules eval denies the timed-out call and decides every later line, without waiting out approval_timeout", () => {
    writeFileSync(join(dir, "rules.yaml"), POLICY("300s"));
    const lines = [
      call("npm publish", { reply: "timeout" }),
      call("ls"),
      call("npm publish --tag next", { reply: "approve" }),
      "",
    ].join("\n");
    const started = Date.now();
    const out = run([RULES_BIN, "eval", "--format", "json", "--policy", join(dir, "rules.yaml"), "-"], lines);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect([out.status, out.stderr]).toEqual([0, ""]);
    const decisions = out.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { line: number; decision: string; approval: string | null; reason: string });
    expect(decisions.map((d) => [d.line, d.decision, d.approval])).toEqual([
      [1, "deny", "timeout"],
      [2, "allow", null],
      [3, "allow", "approved"],
    ]);
    expect(decisions[0]?.reason).toMatch(/approval timed out/);
  });

  it("the library denies a call whose approver never answers once approval_timeout has passed", () => {
    writeFileSync(join(dir, "short.yaml"), POLICY("1s"));
    // An approver that never settles and nothing else pending: only the approval timer can keep the process up.
    const script = `
      import { createSession, loadPolicy } from ${JSON.stringify(join(ROOT, "dist", "index.mjs"))};
      const session = createSession(loadPolicy(${JSON.stringify(join(dir, "short.yaml"))}), { cwd: ${JSON.stringify(dir)}, approver: { ask: () => new Promise(() => {}) } });
      const d = await session.decide({ tool: "Bash", input: { command: "npm publish" } });
      process.stdout.write(JSON.stringify({ decision: d.decision, approval: d.approval }));
    `;
    const out = run(["--input-type=module", "-e", script]);
    expect([out.status, out.stderr]).toEqual([0, ""]);
    expect(JSON.parse(out.stdout)).toEqual({ decision: "deny", approval: "timeout" });
  });
});
