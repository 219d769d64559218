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
  writeFileSync(
    join(project, ".rulegate", "rules.local.yaml"),
    [
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
    ].join("\n"),
  );
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = () => ({
  PATH: process.env["PATH"] ?? "",
  HOME: join(dir, "home"),
  RULEGATE_HOME: join(dir, "rulegate"),
  CLAUDE_PROJECT_DIR: project,
});

function hook(event: "PreToolUse" | "PostToolUse", command: string, id: string, session = "s-reuse"): string | null {
  return hookAnswer(event, command, id, session)?.permissionDecision ?? null;
}

function hookAnswer(
  event: "PreToolUse" | "PostToolUse",
  command: string,
  id: string,
  session: string,
): { permissionDecision: string; permissionDecisionReason: string } | null {
  const fixture = JSON.parse(
    readFileSync(join(ROOT, "test", "fixtures", "hooks", "pre-tool-use-bash.json"), "utf8"),
  ) as Record<string, unknown>;
  const body = {
    ...fixture,
    session_id: session,
    cwd: project,
    hook_event_name: event,
    tool_input: { command },
    tool_use_id: id,
    ...(event === "PostToolUse" ? { tool_response: { stdout: "" } } : {}),
  };
  const out = spawnSync(process.execPath, [RULES_BIN, "hook", "claude-code"], {
    cwd: project,
    input: JSON.stringify(body),
    encoding: "utf8",
    env: env(),
  });
  expect(out.status, out.stderr).toBe(0);
  if (event === "PostToolUse") return null;
  return (
    JSON.parse(out.stdout) as { hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string } }
  ).hookSpecificOutput;
}

function verify(session: string): {
  status: number | null;
  doc: {
    ok: boolean;
    calls: {
      subject: string;
      recorded: { decision: string };
      replayed: { decision: string } | null;
      changed: boolean;
    }[];
  };
} {
  const log = join(dir, "rulegate", "sessions", `${session}.jsonl`);
  const out = spawnSync(process.execPath, [RULES_BIN, "replay", log, "--verify", "--format", "json"], {
    cwd: project,
    encoding: "utf8",
    env: env(),
  });
  return { status: out.status, doc: JSON.parse(out.stdout) as ReturnType<typeof verify>["doc"] };
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
    const out = spawnSync(process.execPath, [RULES_BIN, "replay", log, "--verify", "--format", "json"], {
      cwd: project,
      encoding: "utf8",
      env: env(),
    });
    const doc = JSON.parse(out.stdout) as {
      ok: boolean;
      calls: {
        subject: string;
        recorded: { decision: string };
        replayed: { decision: string } | null;
        changed: boolean;
      }[];
    };
    expect(doc.calls.map((c) => [c.subject, c.recorded.decision, c.replayed?.decision, c.changed])).toEqual([
      ["touch a.txt", "allow", "allow", false],
      ["touch forbidden.txt", "deny", "deny", false],
      ["curl -s https://example.com", "allow", "allow", false],
      ["touch b.txt", "deny", "deny", false],
    ]);
    expect([out.status, doc.ok]).toEqual([0, true]);
  });

  // docs/adr/0128: while the web read waits for its report, its id cannot carry another call; the report
  // that follows is the web read's, so the write after it is blocked.
  it("denies a call whose id an unreported call still holds, and credits the report to that call", () => {
    const session = "s-in-use";
    const curl = hookAnswer("PreToolUse", "curl -s https://example.com", "toolu_w", session);
    const reused = hookAnswer("PreToolUse", "touch b.txt", "toolu_w", session);
    expect(curl?.permissionDecision).toBe("allow");
    expect(reused?.permissionDecision).toBe("deny");
    expect(reused?.permissionDecisionReason).toContain("the call id toolu_w is still in use by an earlier call");
    // The refusal leaves the web read waiting: the id stays its own until it reports.
    expect(hook("PreToolUse", "touch b2.txt", "toolu_w", session)).toBe("deny");
    hookAnswer("PostToolUse", "curl -s https://example.com", "toolu_w", session);
    expect(hook("PreToolUse", "touch c.txt", "toolu_x", session)).toBe("deny");
    // The same call presented twice (one event reaching two installed hooks) is no ambiguity: decided as usual.
    expect([
      hook("PreToolUse", "touch d.txt", "toolu_y", session),
      hook("PreToolUse", "touch d.txt", "toolu_y", session),
    ]).toEqual(["deny", "deny"]);

    const { status, doc } = verify(session);
    expect(doc.calls.map((c) => [c.subject, c.recorded.decision, c.replayed?.decision, c.changed])).toEqual([
      ["curl -s https://example.com", "allow", "allow", false],
      ["touch b.txt", "deny", "deny", false],
      ["touch b2.txt", "deny", "deny", false],
      ["touch c.txt", "deny", "deny", false],
      ["touch d.txt", "deny", "deny", false],
      ["touch d.txt", "deny", "deny", false],
    ]);
    expect([status, doc.ok]).toEqual([0, true]);
  });

  it("lets a call take the id of an earlier call that has reported back (sequential reuse)", () => {
    const session = "s-in-use-seq";
    expect(hook("PreToolUse", "touch e.txt", "toolu_z", session)).toBe("allow");
    expect(hook("PreToolUse", "touch e.txt", "toolu_z", session)).toBe("allow");
    hook("PostToolUse", "touch e.txt", "toolu_z", session);
    expect(hook("PreToolUse", "touch f.txt", "toolu_z", session)).toBe("allow");
    expect(verify(session).doc.ok).toBe(true);
  });
});
