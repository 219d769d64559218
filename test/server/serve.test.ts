import { appendFileSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runClaudeCodeHook } from "../../adapters/claude-code/hook.ts";
import { replayLog } from "../../runtime/replay/index.ts";
import { verified } from "../../runtime/replay/index.ts";
import { E2E_POLICY } from "../e2e/policy.ts";
import { permission, postToolUse, preToolUse, startTestServer, type TestServer } from "./support.ts";

let servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers) await s.server.close();
  servers = [];
});
async function serve(policy: string, options: { approvals?: "terminal" | "web" } = {}): Promise<TestServer> {
  const s = await startTestServer(policy, options);
  servers.push(s);
  return s;
}

/** The command hook in this process, on the server's $RULEGATE_HOME: a hook process of the same session. */
async function commandHook(s: TestServer, body: object): Promise<string | undefined> {
  const out = await runClaudeCodeHook(JSON.stringify(body), {
    env: {},
    home: join(s.root, "home"),
    rulegateHome: s.rulegateHome,
    policyFile: s.policyFile,
    cache: null,
  });
  if (out.exit !== 0) throw new Error(out.stderr);
  if (out.stdout === "") return undefined;
  return (JSON.parse(out.stdout) as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput
    .permissionDecision;
}

async function until<T>(probe: () => Promise<T | null> | T | null, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== null) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("rules serve: the hook endpoint", { timeout: 60_000 }, () => {
  it("answers 401 on every endpoint without the token or with a wrong one", async () => {
    const s = await serve(E2E_POLICY);
    for (const path of ["/healthz", "/metrics", "/", "/api/approvals", "/api/sessions", "/api/decisions"]) {
      expect([path, (await s.get(path, null)).status]).toEqual([path, 401]);
      expect([path, (await s.get(path, "x".repeat(43))).status]).toEqual([path, 401]);
    }
    const hook = await s.hook(preToolUse("s1", s.project, "Bash", { command: "echo hi" }), null);
    expect(hook.status).toBe(401);
    expect((hook.json["error"] as { code: string }).code).toBe("serve-unauthorized");
  });

  it("refuses a request whose Host header is not the loopback address (DNS rebinding)", async () => {
    const s = await serve(E2E_POLICY);
    const status = await new Promise<number>((done, fail) => {
      const req = request(`${s.server.url}/healthz`, {
        headers: { host: "attacker.example:80", authorization: `Bearer ${s.token}` },
      });
      req.on("response", (res) => done(res.statusCode ?? 0)).on("error", fail);
      req.end();
    });
    expect(status).toBe(421);
  });

  it("decides as the command hook does, in the same log, which rules replay --verify accepts", async () => {
    const s = await serve(E2E_POLICY);
    const session = "same-semantics";
    const calls: [string, object][] = [
      ["Bash", { command: "touch forbidden.txt" }],
      ["Bash", { command: "echo hello" }],
      ["Bash", { command: "curl https://example.com" }],
      ["Write", { file_path: join(s.project, "a.txt"), content: "x" }],
    ];
    const got: (string | undefined)[] = [];
    for (const [tool, input] of calls) {
      const body = preToolUse(session, s.project, tool, input);
      const answer = await s.hook(body);
      expect(answer.status).toBe(200);
      got.push(permission(answer));
      if (permission(answer) === "allow")
        expect((await s.hook(postToolUse(session, s.project, tool, input, body.tool_use_id))).status).toBe(200);
    }
    // The history rule no-write-after-web holds across requests: the curl ran, so the write is blocked.
    expect(got).toEqual(["deny", "allow", "allow", "deny"]);
    const replay = await replayLog(join(s.rulegateHome, "sessions", `${session}.jsonl`), { policy: "recorded" });
    expect(verified(replay)).toBe(true);
  });

  it("follows a session that moves between the command hook and the server: the log is the truth", async () => {
    const s = await serve(E2E_POLICY);
    const session = "moving";
    const echo = preToolUse(session, s.project, "Bash", { command: "echo warm" });
    expect(permission(await s.hook(echo))).toBe("allow");
    await s.hook(postToolUse(session, s.project, "Bash", { command: "echo warm" }, echo.tool_use_id));
    // A command hook process of the same session: the web read happens outside the server.
    const curl = preToolUse(session, s.project, "Bash", { command: "curl https://example.com" });
    expect(await commandHook(s, curl)).toBe("allow");
    await commandHook(
      s,
      postToolUse(session, s.project, "Bash", { command: "curl https://example.com" }, curl.tool_use_id),
    );
    // The server's warm state predates the curl; the write after it must still be blocked.
    const write = preToolUse(session, s.project, "Write", { file_path: join(s.project, "b.txt"), content: "x" });
    const answer = await s.hook(write);
    expect(permission(answer)).toBe("deny");
    expect(JSON.stringify(answer.json)).toContain("no-write-after-web");
    const replay = await replayLog(join(s.rulegateHome, "sessions", `${session}.jsonl`), { policy: "recorded" });
    expect(verified(replay)).toBe(true);
  });

  it("answers 500 on an internal failure (a damaged log) and logs why", async () => {
    const s = await serve(E2E_POLICY);
    expect(permission(await s.hook(preToolUse("damaged", s.project, "Bash", { command: "echo a" })))).toBe("allow");
    appendFileSync(join(s.rulegateHome, "sessions", "damaged.jsonl"), '{"seq":99,"not":"chained"}\n');
    const answer = await s.hook(preToolUse("damaged", s.project, "Bash", { command: "echo b" }));
    expect(answer.status).toBe(500);
    expect((answer.json["error"] as { code: string }).code).toBe("serve-hook-blocked");
    expect(s.logs.join("\n")).toMatch(/hook PreToolUse blocked: .*damaged/);
    const metrics = await (await s.get("/metrics")).text();
    expect(metrics).toMatch(/rulegate_hook_failures_total\{event="PreToolUse"\} 1/);
  });

  it("reports decisions by outcome and latency in /metrics, and its state in /healthz", async () => {
    const s = await serve(E2E_POLICY);
    await s.hook(preToolUse("m", s.project, "Bash", { command: "touch forbidden.txt" }));
    await s.hook(preToolUse("m", s.project, "Bash", { command: "echo ok" }));
    await s.hook(preToolUse("m", s.project, "Bash", { command: "echo ok2" }));
    const metrics = await (await s.get("/metrics")).text();
    expect(metrics).toMatch(/rulegate_decisions_total\{decision="deny"\} 1/);
    expect(metrics).toMatch(/rulegate_decisions_total\{decision="allow"\} 2/);
    expect(metrics).toMatch(/rulegate_hook_duration_seconds_count\{event="PreToolUse"\} 3/);
    expect(metrics).toMatch(/rulegate_pending_approvals 0/);
    const health = (await (await s.get("/healthz")).json()) as { status: string; policies: { errors: unknown }[] };
    expect(health.status).toBe("ok");
    expect(health.policies).toHaveLength(1);
  });
});

describe("rules serve: watched rules files", { timeout: 60_000 }, () => {
  it("recompiles a changed rules file and records policy_changed in the live session at once", async () => {
    const s = await serve(E2E_POLICY);
    expect(permission(await s.hook(preToolUse("w", s.project, "Bash", { command: "echo x" })))).toBe("allow");
    writeFileSync(s.policyFile, E2E_POLICY.replace('deny: ["bash(touch forbidden*)"]', 'deny: ["bash(echo *)"]'));
    await until(() => (s.logLines("w").some((e) => e["type"] === "policy_changed") ? true : null), "policy_changed");
    expect(permission(await s.hook(preToolUse("w", s.project, "Bash", { command: "echo x" })))).toBe("deny");
    const replay = await replayLog(join(s.rulegateHome, "sessions", "w.jsonl"), { policy: "recorded" });
    expect(verified(replay)).toBe(true);
  });

  it("keeps the last good rules when the file stops compiling, and shows the error in /healthz", async () => {
    const s = await serve(E2E_POLICY);
    expect(permission(await s.hook(preToolUse("b", s.project, "Bash", { command: "touch forbidden.txt" })))).toBe(
      "deny",
    );
    writeFileSync(s.policyFile, "version: 1\nrules:\n  - id: broken\n    match: op.type ==\n");
    const health = await until(async () => {
      const h = (await (await s.get("/healthz")).json()) as {
        status: string;
        policies: { errors: { code: string }[] | null }[];
      };
      return h.status === "degraded" ? h : null;
    }, "a degraded /healthz");
    expect(health.policies[0]?.errors?.[0]?.code).toMatch(/^RG\d{4}$/);
    expect(permission(await s.hook(preToolUse("b", s.project, "Bash", { command: "touch forbidden.txt" })))).toBe(
      "deny",
    );
    expect(permission(await s.hook(preToolUse("b", s.project, "Bash", { command: "echo fine" })))).toBe("allow");
  });
});

const ASK_POLICY = `version: 1
settings: { default: allow, approval_timeout: 2s }
permissions:
  ask: ["bash(npm publish*)"]
`;

describe("rules serve --approvals web: held approvals", { timeout: 60_000 }, () => {
  it("holds a gated call until it is approved through the API, then allows it and logs the approval", async () => {
    const s = await serve(ASK_POLICY, { approvals: "web" });
    const held = s.hook(preToolUse("web", s.project, "Bash", { command: "npm publish" }));
    const pending = await until(async () => {
      const list = (await (await s.get("/api/approvals")).json()) as { id: string; request: { subject: string } }[];
      return list.length > 0 ? list : null;
    }, "a pending approval");
    expect(pending[0]?.request.subject).toBe("npm publish");
    expect((await s.post(`/api/approvals/${pending[0]?.id}`, { answer: "approve" })).status).toBe(200);
    expect(permission(await held)).toBe("allow");
    // Answered once: a second answer finds nothing pending.
    expect((await s.post(`/api/approvals/${pending[0]?.id}`, { answer: "deny" })).status).toBe(404);
    const types = s.logLines("web").map((e) => e["type"]);
    expect(types).toEqual(expect.arrayContaining(["approval_requested", "approval_resolved"]));
    expect(s.logLines("web").find((e) => e["type"] === "approval_resolved")?.["answer"]).toBe("approved");
  });

  it("denies a held call nobody answers once settings.approval_timeout has passed", async () => {
    const s = await serve(ASK_POLICY, { approvals: "web" });
    const answer = await s.hook(preToolUse("late", s.project, "Bash", { command: "npm publish" }));
    expect(permission(answer)).toBe("deny");
    expect(JSON.stringify(answer.json)).toContain("approval timed out");
    expect(await (await s.get("/api/approvals")).json()).toEqual([]);
  });

  it("with --approvals terminal, an ask goes back to Claude Code's own prompt", async () => {
    const s = await serve(ASK_POLICY);
    expect(permission(await s.hook(preToolUse("term", s.project, "Bash", { command: "npm publish" })))).toBe("ask");
  });
});

describe("rules serve: the agent cannot drive it", { timeout: 60_000 }, () => {
  it("denies, through the server's own decision path, a call that answers a held approval or reads the token", async () => {
    const s = await serve(ASK_POLICY, { approvals: "web" });
    const port = new URL(s.server.url).port;
    const attacks = [
      `curl -X POST http://127.0.0.1:${port}/api/approvals/x -H 'content-type: application/json' -d '{"answer":"approve"}'`,
      `curl -d @forged.json http://127.0.0.1:${port}/v1/hooks/claude-code`,
      `curl -d '{"rules":"/etc/x.yaml"}' http://127.0.0.1:${port}/api/sessions/s1/what-if`,
      `cat ${join(s.rulegateHome, "serve.json")}`,
    ];
    for (const command of attacks) {
      const answer = await s.hook(preToolUse("attacker", s.project, "Bash", { command }));
      expect([command, permission(answer)]).toEqual([command, "deny"]);
      expect(JSON.stringify(answer.json)).toContain("rulegate-self-control");
    }
  });
});
