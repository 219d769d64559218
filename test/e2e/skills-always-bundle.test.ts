import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_ENTRY } from "../../scripts/build-hook.ts";
import { ensureHookBundle } from "./bundle.ts";

/**
 * Issue 16 §2-4 through the shipped CLI bundle (dist/cli.mjs), in its own process: skills scan reads the four
 * label formats, a skill_safety report that would lower a level is ignored, and `reply: "always"` writes the
 * user's local rules file that answers the next call like it.
 */
let dir: string;

beforeAll(async () => {
  await ensureHookBundle();
  dir = mkdtempSync(join(tmpdir(), "rg-skills-always-"));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function rules(args: readonly string[], input = ""): { status: number | null; stdout: string; stderr: string } {
  const run = `const { main } = await import(${JSON.stringify(CLI_ENTRY)}); process.exitCode = await main(process.argv.slice(1));`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", run, ...args], {
    cwd: dir,
    input,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", HOME: join(dir, "home") },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("the shipped CLI bundle, issue 16 §2-4", () => {
  it("skills scan prints each label with its format at file:line:col", () => {
    const r = rules(["skills", "scan", resolve("test/fixtures/skills/gog-mixed/SKILL.md")]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^DESTRUCTIVE\s+gog gmail delete\s+heading\s+\S+SKILL\.md:13:22$/m);
    expect(r.stdout).toMatch(/^WRITE\s+gog calendar create\s+table\s+\S+SKILL\.md:20:16$/m);
    expect(r.stdout).toMatch(/^EXPENSIVE\s+gog gmail export\s+comment\s+\S+SKILL\.md:23:3$/m);
  });

  it("ignores a report that would lower a level, and stores an always answer in the local rules file", () => {
    writeFileSync(
      join(dir, "rules.yaml"),
      'version: 1\nsettings: { default: allow }\npermissions:\n  ask: ["bash(npm run *)", "bash(git push*)"]\n',
    );
    const lines = [
      { skill_safety: { tool: "git", operations: { push: "READ" } } },
      { tool: "Bash", input: { command: "git push origin main" } },
      { tool: "Bash", input: { command: "npm run test:unit -- --watch=false" }, reply: "always" },
      { tool: "Bash", input: { command: "npm run test:unit -- --coverage" } },
    ];
    const r = rules(
      ["eval", "--policy", "rules.yaml", "--format", "json", "-"],
      lines.map((l) => JSON.stringify(l)).join("\n"),
    );
    expect(r.stderr).toBe("");
    const out = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(out[0]?.labels).toEqual([expect.objectContaining({ name: "push", level: "READ", outcome: "ignored" })]);
    expect(out.slice(1).map((o) => o.decision)).toEqual(["ask", "allow", "allow"]);
    const local = join(dir, ".rulegate", "rules.local.yaml");
    expect(existsSync(local)).toBe(true);
    expect(readFileSync(local, "utf8")).toContain('- "bash(npm run test:unit *)"');
  });
});
