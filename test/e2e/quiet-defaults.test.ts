import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureHookBundle, ROOT, RULES_BIN } from "./bundle.ts";

/**
 * Issue 13, as shipped: with no rules file anywhere (an empty home, a project without .rulegate), the built-in
 * defaults let read-only bash through without a prompt (docs/adr/0176), through the bundled CLI and the hook.
 */
let dir: string;
let home: string;
let project: string;

beforeAll(async () => {
  await ensureHookBundle();
  dir = realpathSync(mkdtempSync(join(tmpdir(), "rg-quiet-")));
  home = join(dir, "home");
  project = join(dir, "project");
  mkdirSync(home);
  mkdirSync(project);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = () => ({ PATH: process.env["PATH"] ?? "", HOME: home, RULEGATE_HOME: join(dir, "rulegate") });

interface EvalLine {
  readonly line: number;
  readonly decision?: string;
  readonly stage?: string;
  readonly operation?: { readonly tool: string; readonly level: string; readonly types: readonly string[] };
}

describe("no rules file", { timeout: 60_000 }, () => {
  it("the demo session's read-only calls are allowed without a prompt", () => {
    const out = spawnSync(
      process.execPath,
      [RULES_BIN, "eval", "--format", "json", join(ROOT, "rules", "examples", "demo-session.jsonl")],
      { cwd: project, env: env(), encoding: "utf8" },
    );
    const lines = out.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as EvalLine)
      .filter((l) => l.decision !== undefined);
    const reads = lines.filter((l) => l.operation?.level === "READ" && l.operation.types.join() === "read_local");
    // The demo's local reads: Read, Grep, Glob, two of git through Bash; and `cat .env`, denied as a credential.
    expect(reads.filter((l) => l.operation?.tool === "bash").length).toBeGreaterThanOrEqual(2);
    for (const r of reads) expect([r.line, r.decision]).not.toEqual([r.line, "ask"]);
    expect(reads.filter((l) => l.decision === "allow").every((l) => l.stage === "read_only")).toBe(true);
    // The rest still asks or is denied: a branch switch, the tests, a push.
    const bashWrites = lines.filter((l) => l.operation?.tool === "bash" && l.operation.level !== "READ");
    expect(bashWrites.every((l) => l.decision !== "allow" || l.stage !== "read_only")).toBe(true);
  });

  it.each([
    ["ls -la", "allow"],
    ["git status", "allow"],
    ["npm test", "ask"],
  ])("the Claude Code hook answers %s with %s", (command, decision) => {
    const event = {
      session_id: `s-quiet-${command.replace(/\W/g, "")}`,
      transcript_path: join(dir, "t.jsonl"),
      cwd: project,
      permission_mode: "default",
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command },
      tool_use_id: `toolu_${Math.random().toString(36).slice(2)}`,
    };
    const out = spawnSync(process.execPath, [RULES_BIN, "hook", "claude-code"], {
      cwd: project,
      env: { ...env(), CLAUDE_PROJECT_DIR: project },
      input: JSON.stringify(event),
      encoding: "utf8",
    });
    expect(out.status, out.stderr).toBe(0);
    const json = JSON.parse(out.stdout) as { hookSpecificOutput: { permissionDecision: string } };
    expect(json.hookSpecificOutput.permissionDecision).toBe(decision);
  });
});
