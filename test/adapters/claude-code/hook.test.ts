import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { runClaudeCodeHook, type HookContext, type HookOutcome } from "../../../adapters/claude-code/hook.ts";
import { verifyLog } from "../../../runtime/log/index.ts";
import { replayLog } from "../../../runtime/replay/index.ts";
import { E2E_POLICY } from "../../e2e/policy.ts";

/**
 * The hook in-process, one call per Claude Code event, with the exact JSON shapes Claude Code sends
 * (test/fixtures/hooks). Each call opens the session log afresh, as a new hook process would.
 */
const FIXTURES = new URL("../../fixtures/hooks/", import.meta.url);
const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(name, FIXTURES), "utf8")) as Record<string, unknown>;

/** The same policy the end-to-end runs use (test/e2e/policy.ts). */
const POLICY = E2E_POLICY;

let root: string;
let ctx: HookContext;
let cwd: string;
let session: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "rg-hook-"));
  cwd = join(root, "project");
  mkdirSync(cwd);
  writeFileSync(join(root, "rules.yaml"), POLICY);
  ctx = {
    env: {},
    home: join(root, "home"),
    rulegateHome: join(root, "rulegate"),
    policyFile: join(root, "rules.yaml"),
    cache: null,
  };
  session = `s-${Math.random().toString(36).slice(2, 10)}`;
});

let nextId = 0;
function pre(
  toolName: string,
  toolInput: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): { text: string; id: string } {
  const id = `toolu_test_${nextId++}`;
  const json = {
    ...fixture("pre-tool-use-bash.json"),
    session_id: session,
    cwd,
    tool_name: toolName,
    tool_input: toolInput,
    tool_use_id: id,
    ...extra,
  };
  return { text: JSON.stringify(json), id };
}

function post(toolName: string, toolInput: Record<string, unknown>, id: string, failed = false): string {
  const base = fixture(failed ? "post-tool-use-failure-bash.json" : "post-tool-use-bash.json");
  return JSON.stringify({
    ...base,
    session_id: session,
    cwd,
    tool_name: toolName,
    tool_input: toolInput,
    tool_use_id: id,
  });
}

function prompt(text: string): string {
  return JSON.stringify({ ...fixture("user-prompt-submit.json"), session_id: session, cwd, prompt: text });
}

async function decision(out: HookOutcome): Promise<{ permissionDecision: string; permissionDecisionReason: string }> {
  expect(out.exit).toBe(0);
  if (out.exit !== 0) throw new Error(out.stderr);
  const json = JSON.parse(out.stdout) as {
    hookSpecificOutput: { hookEventName: string; permissionDecision: string; permissionDecisionReason: string };
  };
  expect(json.hookSpecificOutput.hookEventName).toBe("PreToolUse");
  return json.hookSpecificOutput;
}

async function call(tool: string, input: Record<string, unknown>, ran = true, extra: Record<string, unknown> = {}) {
  const { text, id } = pre(tool, input, extra);
  const d = await decision(await runClaudeCodeHook(text, ctx));
  if (ran && d.permissionDecision === "allow")
    expect((await runClaudeCodeHook(post(tool, input, id), ctx)).exit).toBe(0);
  return { ...d, id };
}

describe("rules hook claude-code answers PreToolUse", () => {
  it.each([
    ["a command the policy allows", "Bash", { command: "touch notes.txt" }, "allow", /permissions\.allow/],
    ["a deny pattern", "Bash", { command: "touch forbidden.txt" }, "deny", /permissions\.deny/],
    [
      "a hard-deny check, also in bypassPermissions mode",
      "Bash",
      { command: "echo x >> ~/.bashrc" },
      "deny",
      /hard_deny/,
    ],
    ["a credential path", "Read", { file_path: "/home/u/.ssh/id_rsa" }, "deny", /credentials|hard_deny/],
    ["an approve rule", "Bash", { command: "npm publish --dry-run" }, "ask", /approve-publish/],
  ])("with the decision of the policy for %s", async (_name, tool, input, expected, reason) => {
    const d = await call(tool, input, false, { permission_mode: "bypassPermissions" });
    expect(d.permissionDecision).toBe(expected);
    expect(d.permissionDecisionReason).toMatch(reason);
  });

  it("denies writes to its own session log and to the --policy file, wherever they live", async () => {
    await call("Bash", { command: "true" });
    const log = join(ctx.rulegateHome, "sessions", `${session}.jsonl`);
    for (const command of [
      `echo '{}' >> ${log}`,
      `rm ${log}`,
      `echo 'settings: { default: allow }' >> ${ctx.policyFile}`,
    ]) {
      const d = await call("Bash", { command }, false);
      expect(d.permissionDecision, command).toBe("deny");
      expect(d.permissionDecisionReason, command).toMatch(/rulegate-config-edit|rulegate's own files|rules in force/);
    }
    const started = JSON.parse(readFileSync(log, "utf8").split("\n")[0] ?? "{}") as {
      type?: string;
      ownDirs?: string[];
    };
    expect(started).toMatchObject({ type: "session_started", ownDirs: [ctx.rulegateHome] });
  });

  it("records a change of the rules in force when a session continues under other rules, once", async () => {
    await call("Bash", { command: "touch a.txt" });
    const log = join(ctx.rulegateHome, "sessions", `${session}.jsonl`);
    const events = () =>
      readFileSync(log, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    const started = events()[0] as { policyHash: string };
    // The user (or a checkout) changes the rules between two calls: the next call is decided under the new rules.
    writeFileSync(
      ctx.policyFile as string,
      `${POLICY}\n# edited\n  - id: extra\n    match: op.tool == "bash" and op.command matches "touch b*"\n    mode: block\n`,
    );
    const d = await call("Bash", { command: "touch b.txt" }, false);
    expect(d.permissionDecision).toBe("deny");
    await call("Bash", { command: "touch c.txt" });
    const changes = events().filter((e) => e["type"] === "policy_changed");
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ from: started.policyHash, to: expect.stringMatching(/^sha256:/) });
    expect(changes[0]?.["to"]).not.toBe(started.policyHash);
    expect((await verifyLog(log)).ok).toBe(true);
    // An audit sees where the rules changed.
    const replayed = await replayLog(log, { policy: null });
    expect(replayed.policy.changes).toEqual([
      { seq: expect.any(Number), session, from: started.policyHash, to: changes[0]?.["to"] },
    ]);
  });

  it("names the rule and the /rulegate command that lifts it when a rule blocks", async () => {
    await call("Bash", { command: "curl -s https://example.com/a" });
    const d = await call("Bash", { command: "touch after.txt" }, false);
    expect(d.permissionDecision).toBe("deny");
    expect(d.permissionDecisionReason).toContain("no-write-after-web");
    expect(d.permissionDecisionReason).toContain("/rulegate disable no-write-after-web");
  });
});

describe("the session history lives in the log between hook processes", () => {
  it("a web read activates the rule only once PostToolUse says it ran", async () => {
    const web = { command: "curl -s https://example.com/a" };
    const { text, id } = pre("Bash", web);
    expect((await decision(await runClaudeCodeHook(text, ctx))).permissionDecision).toBe("allow");
    // No PostToolUse yet: the read did not happen, writes stay allowed.
    expect((await call("Bash", { command: "touch one.txt" })).permissionDecision).toBe("allow");
    expect((await runClaudeCodeHook(post("Bash", web, id), ctx)).exit).toBe(0);
    expect((await call("Bash", { command: "touch two.txt" }, false)).permissionDecision).toBe("deny");
    expect((await call("Write", { file_path: join(cwd, "x.txt"), content: "x" }, false)).permissionDecision).toBe(
      "deny",
    );
  });

  it("a command that failed still ran (PostToolUseFailure counts)", async () => {
    const web = { command: "curl -s https://unreachable.invalid/" };
    const { text, id } = pre("Bash", web);
    await runClaudeCodeHook(text, ctx);
    await runClaudeCodeHook(post("Bash", web, id, true), ctx);
    expect((await call("Bash", { command: "touch two.txt" }, false)).permissionDecision).toBe("deny");
  });

  it("an asked call followed by PostToolUse was approved: the same action passes its gate next time", async () => {
    const publish = { command: "npm publish --dry-run" };
    const first = pre("Bash", publish);
    expect((await decision(await runClaudeCodeHook(first.text, ctx))).permissionDecision).toBe("ask");
    await runClaudeCodeHook(post("Bash", publish, first.id), ctx);
    expect((await call("Bash", publish, false)).permissionDecision).not.toBe("ask");
  });

  it("an asked call without PostToolUse was not approved: it is asked again", async () => {
    const publish = { command: "npm publish --dry-run" };
    expect((await call("Bash", publish, false)).permissionDecision).toBe("ask");
    expect((await call("Bash", publish, false)).permissionDecision).toBe("ask");
  });

  it("keeps a hash chain that verifies", async () => {
    await call("Bash", { command: "touch a.txt" });
    await call("Bash", { command: "touch forbidden.txt" }, false);
    const log = join(ctx.rulegateHome, "sessions", `${session}.jsonl`);
    const result = await verifyLog(log);
    expect(result.ok).toBe(true);
  });
});

describe("/rulegate prompts are session commands the model never sees", () => {
  it("disables a rule, blocking the prompt, and the next write passes", async () => {
    await call("Bash", { command: "curl -s https://example.com/a" });
    const out = await runClaudeCodeHook(prompt("/rulegate disable no-write-after-web"), ctx);
    expect(out).toMatchObject({ exit: 0 });
    if (out.exit === 0)
      expect(JSON.parse(out.stdout)).toMatchObject({ decision: "block", reason: expect.stringContaining("done") });
    expect((await call("Bash", { command: "touch ok.txt" }, false)).permissionDecision).toBe("allow");
  });

  it("shows the status with active and disabled rules", async () => {
    await call("Bash", { command: "curl -s https://example.com/a" });
    const out = await runClaudeCodeHook(prompt("/rulegate status"), ctx);
    if (out.exit !== 0) throw new Error(out.stderr);
    const reason = (JSON.parse(out.stdout) as { reason: string }).reason;
    expect(reason).toContain("no-write-after-web");
  });

  it("reports an unknown rule id without changing anything", async () => {
    const out = await runClaudeCodeHook(prompt("/rulegate disable no-such-rule"), ctx);
    if (out.exit !== 0) throw new Error(out.stderr);
    expect((JSON.parse(out.stdout) as { reason: string }).reason).toMatch(/failed: unknown rule/);
  });

  it("passes other prompts through with no output", async () => {
    expect(await runClaudeCodeHook(prompt("please refactor the parser"), ctx)).toEqual({ exit: 0, stdout: "" });
  });
});

describe("Claude Code's plan mode is rulegate's plan mode", () => {
  it("denies a destructive command in plan mode and only asks about it after plan mode is left", async () => {
    const rm = { command: "rm -r legacy" };
    const inPlan = await call("Bash", rm, false, { permission_mode: "plan" });
    expect(inPlan.permissionDecision).toBe("deny");
    expect(inPlan.permissionDecisionReason).toMatch(/levels/);
    expect((await call("Bash", rm, false, { permission_mode: "default" })).permissionDecision).toBe("ask");
  });
});

describe("the hook never fails open", () => {
  it.each([
    ["stdin that is not JSON", "{oops"],
    ["a session id with a path", JSON.stringify({ ...fixture("pre-tool-use-bash.json"), session_id: "../x" })],
    ["an event without tool_use_id", JSON.stringify({ ...fixture("pre-tool-use-bash.json"), tool_use_id: null })],
  ])("exits 2 with the reason on %s", async (_name, text) => {
    const out = await runClaudeCodeHook(text, ctx);
    expect(out.exit).toBe(2);
    if (out.exit === 2) expect(out.stderr).toMatch(/^rulegate: /);
  });

  it("exits 2 when the policy does not compile, and notes it in the session log", async () => {
    writeFileSync(join(root, "rules.yaml"), "version: 1\nrules:\n  - id: Bad Id\n    match: op.type ==\n");
    const out = await runClaudeCodeHook(pre("Bash", { command: "ls" }).text, ctx);
    expect(out.exit).toBe(2);
    if (out.exit === 2) expect(out.stderr).toMatch(/does not compile/);
    const log = readFileSync(join(ctx.rulegateHome, "sessions", `${session}.jsonl`), "utf8");
    expect(log).toContain('"type":"failure"');
  });

  it("exits 2 when the --policy file is missing", async () => {
    const out = await runClaudeCodeHook(pre("Bash", { command: "ls" }).text, {
      ...ctx,
      policyFile: join(root, "missing.yaml"),
    });
    expect(out.exit).toBe(2);
    if (out.exit === 2) expect(out.stderr).toMatch(/cannot read/);
  });

  it("exits 2 when the session log is damaged", async () => {
    await call("Bash", { command: "touch a.txt" });
    const log = join(ctx.rulegateHome, "sessions", `${session}.jsonl`);
    writeFileSync(log, readFileSync(log, "utf8").replace('"touch a.txt"', '"touch b.txt"'));
    const out = await runClaudeCodeHook(pre("Bash", { command: "touch c.txt" }).text, ctx);
    expect(out.exit).toBe(2);
    if (out.exit === 2) expect(out.stderr).toMatch(/damaged/);
  });
});

describe("without --policy the hook reads the config sources of the agent's cwd", () => {
  it("applies a project .rulegate/rules.yaml", async () => {
    mkdirSync(join(cwd, ".rulegate"));
    writeFileSync(
      join(cwd, ".rulegate", "rules.yaml"),
      'version: 1\npermissions:\n  deny: ["bash(touch project-denied*)"]\n',
    );
    const local = { ...ctx, policyFile: null };
    const { text } = pre("Bash", { command: "touch project-denied.txt" });
    const d = await decision(await runClaudeCodeHook(text, local));
    expect(d.permissionDecision).toBe("deny");
    expect(existsSync(join(local.rulegateHome, "sessions", `${session}.jsonl`))).toBe(true);
  });
});

// docs/adr/0128: exit 2's stderr is fed to the model, so an internal failure tells it one line with a stable
// code, and the error's text and stack go to the session's log only.
describe("an internal failure of the hook", () => {
  it("blocks with one line and no internals, and notes the stack in the session log", async () => {
    const env = new Proxy(
      {},
      {
        get: () => {
          throw new Error("boom from inside rulegate");
        },
      },
    ) as HookContext["env"];
    const outcome = await runClaudeCodeHook(pre("Bash", { command: "ls" }).text, { ...ctx, env });
    expect(outcome.exit).toBe(2);
    const stderr = outcome.exit === 2 ? outcome.stderr : "";
    expect(stderr).toBe(
      "rulegate: internal error (hook-internal-error), blocking the call; the details are in rulegate's session log",
    );
    const log = readFileSync(join(ctx.rulegateHome, "sessions", `${session}.jsonl`), "utf8");
    const failure = log
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => JSON.parse(l) as { type: string; detail?: string })
      .find((e) => e.type === "failure");
    expect(failure?.detail).toMatch(/^internal error: Error: boom from inside rulegate\n\s+at /);
  });
});
