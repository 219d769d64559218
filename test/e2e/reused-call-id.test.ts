import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureHookBundle, ROOT, RULES_BIN } from "./bundle.ts";

/**
 * An agent that reuses a tool_use_id (a local model that numbers its tool calls per turn) through the shipped
 * hook: each PreToolUse is its own call, a later report of the id belongs to the latest call that carried it,
 * and the log verifies with every decision as it was made (docs/adr/0132).
 */
let dir: string;
let project: string;

beforeAll(async () => {
  await ensureHookBundle();
  dir = mkdtempSync(join(tmpdir(), "rg-reused-id-"));
  project = join(dir, "project");
  mkdirSync(join(project, ".rulegate"), { recursive: true });
  writeFileSync(join(project, ".rulegate", "rules.local.yaml"), [
    "version: 1",
    "permissions:",
    '  deny: ["bash(touch forbidden*)"]',
    '  allow: ["bash(touch *)", "bash(curl *)"]',
    "rules:",
    "  - id: no-write-after-web",
    "    after: seen(op.type == read_external)",
    "    match: op.type in [write_local, write_external]",
    "    mode: block",
    "",
  ].join("\n"));
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = () => ({ PATH: process.env["PATH"] ?? "", HOME: join(dir, "home"), RULEGATE_HOME: join(dir, "rulegate"), CLAUDE_PROJECT_DIR: project });

function hook(event: "PreToolUse" | "PostToolUse", command: string, id: string): string | null {
  const fixture = JSON.parse(readFileSync(join(ROOT, "test", "fixtures", "hooks", "pre-tool-use-bash.json"), "utf8")) as Record<string, unknown>;
  const body = { ...fixture, session_id: "s-reuse", cwd: project, hook_event_name: event, tool_input: { command }, tool_use_id: id, ...(event === "PostToolUse" ? { tool_response: { stdout: "" } } : {}) };
  const out = spawnSync(process.execPath, [RULES_BIN, "hook", "claude-code"], { cwd: project, input: JSON.stringify(body), encoding: "utf8", env: env() });
  expect(out.status, out.stderr).toBe(0);
  if (event === "PostToolUse") return null;
  return (JSON.parse(out.stdout) as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput.permissionDecision;
}

describe("a tool_use_id used again, through the shipped hook", { timeout: 120_000 }, () => {
  it("decides each call on its own and leaves a log whose every decision re-derives", () => {
    const decided = [
      hook("PreToolUse", "touch a.txt", "toolu_1"),
      hook("PostToolUse", "touch a.txt", "toolu_1"),
      hook("PreToolUse", "touch forbidden.txt", "toolu_1"),
      hook("PreToolUse", "curl -s https://example.com", "toolu_1"),
      hook("PostToolUse", "curl -s https://example.com", "toolu_1"),
      hook("PreToolUse", "touch b.txt", "toolu_1"),
    ];
    // The web read that ran under the reused id is history: the write after it is blocked.
    expect(decided).toEqual(["allow", null, "deny", "allow", null, "deny"]);

    const log = join(dir, "rulegate", "sessions", "s-reuse.jsonl");
    const out = spawnSync(process.execPath, [RULES_BIN, "replay", log, "--verify", "--format", "json"], { cwd: project, encoding: "utf8", env: env() });
    const doc = JSON.parse(out.stdout) as { ok: boolean; calls: { subject: string; recorded: { decision: string }; replayed: { decision: string } | null; changed: boolean }[] };
    expect(doc.calls.map((c) => [c.subject, c.recorded.decision, c.replayed?.decision, c.changed])).toEqual([
      ["touch a.txt", "allow", "allow", false],
      ["touch forbidden.txt", "deny", "deny", false],
      ["curl -s https://example.com", "allow", "allow", false],
      ["touch b.txt", "deny", "deny", false],
    ]);
    expect([out.status, doc.ok]).toEqual([0, true]);
  });
});
