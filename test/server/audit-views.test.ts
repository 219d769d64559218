import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { main } from "../../cli/main.ts";
import { E2E_POLICY } from "../e2e/policy.ts";
import { permission, postToolUse, preToolUse, startTestServer, type TestServer } from "./support.ts";

/**
 * The audit views of `rules serve` over its JSON API: a session's timeline (calls with their decision, user
 * prompts and commands, approvals naming their call), Verify (the first bad line of a broken chain) and the
 * what-if (the replay diff of `rules replay --policy FILE --diff`, for the UI's login only).
 */
let servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers) await s.server.close();
  servers = [];
});
async function serve(): Promise<TestServer> {
  const s = await startTestServer(E2E_POLICY);
  servers.push(s);
  return s;
}

function prompt(session: string, cwd: string, text: string) {
  return { session_id: session, cwd, hook_event_name: "UserPromptSubmit", prompt: text };
}

/** A session with a prompt, an allowed call that ran, a web read, a denied write and a session command. */
async function recordSession(s: TestServer, id: string): Promise<void> {
  expect((await s.hook(prompt(id, s.project, "please touch a file"))).status).toBe(200);
  const touch = preToolUse(id, s.project, "Bash", { command: "touch a.txt" }, `${id}_1`);
  expect(permission(await s.hook(touch))).toBe("allow");
  expect((await s.hook(postToolUse(id, s.project, "Bash", { command: "touch a.txt" }, `${id}_1`))).status).toBe(200);
  const curl = preToolUse(id, s.project, "Bash", { command: "curl https://example.com" }, `${id}_2`);
  expect(permission(await s.hook(curl))).toBe("allow");
  await s.hook(postToolUse(id, s.project, "Bash", { command: "curl https://example.com" }, `${id}_2`));
  const write = preToolUse(id, s.project, "Write", { file_path: join(s.project, "b.txt"), content: "x" }, `${id}_3`);
  expect(permission(await s.hook(write))).toBe("deny");
  await s.hook(prompt(id, s.project, "/rulegate disable no-write-after-web"));
}

/** The UI's cookie, as the browser gets it from the one-time link. */
async function uiCookie(s: TestServer): Promise<string> {
  const res = await fetch(s.server.loginUrl, { redirect: "manual" });
  expect(res.status).toBe(303);
  return (res.headers.get("set-cookie") ?? "").split(";")[0] as string;
}

async function whatIf(s: TestServer, id: string, body: object, headers: Record<string, string>) {
  const res = await fetch(`${s.server.url}/api/sessions/${id}/what-if`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe("rules serve: a session's timeline", { timeout: 60_000 }, () => {
  it("shows each call with its subject, decision, stage, rules and whether it ran; prompts and commands", async () => {
    const s = await serve();
    await recordSession(s, "tl");
    const t = (await (await s.get("/api/sessions/tl")).json()) as { rows: Record<string, unknown>[]; chain: unknown };
    expect(t.chain).toEqual({ ok: true });
    const calls = t.rows.filter((r) => r["kind"] === "call");
    expect(calls.map((c) => [c["subject"], c["decision"], c["executed"]])).toEqual([
      ["touch a.txt", "allow", true],
      ["curl https://example.com", "allow", true],
      [join(s.project, "b.txt"), "deny", false],
    ]);
    expect(calls[2]?.["stage"]).toBe("rules");
    expect(calls[2]?.["rules"]).toEqual(["no-write-after-web"]);
    expect(calls[2]?.["modelRequests"]).toBe(0);
    expect(t.rows.find((r) => r["kind"] === "prompt")?.["text"]).toBe("please touch a file");
    expect(t.rows.find((r) => r["kind"] === "command")?.["text"]).toBe("/disable no-write-after-web");
    const sessions = (await (await s.get("/api/sessions")).json()) as Record<string, unknown>[];
    expect(sessions.find((x) => x["id"] === "tl")).toMatchObject({
      live: true,
      decisions: { allow: 2, ask: 0, deny: 1 },
      chain: { ok: true },
    });
  });
});

describe("rules serve: Verify", { timeout: 60_000 }, () => {
  it("verifies an intact session and names the first bad line, with its text, of a tampered one", async () => {
    const s = await serve();
    await recordSession(s, "vf");
    const good = (await (await s.post("/api/sessions/vf/verify", {})).json()) as Record<string, unknown>;
    expect(good).toMatchObject({ id: "vf", verified: true, reason: null, calls: 3, badLine: null });

    const path = join(s.rulegateHome, "sessions", "vf.jsonl");
    const lines = readFileSync(path, "utf8").split("\n");
    const at = lines.findIndex((l) => l.includes('"type":"decision"') && l.includes('"deny"'));
    lines[at] = (lines[at] as string).replace('"decision":"deny"', '"decision":"allow"');
    writeFileSync(path, lines.join("\n"));
    const bad = (await (await s.post("/api/sessions/vf/verify", {})).json()) as {
      verified: boolean;
      badLine: { seq: number; reason: string; text: string };
    };
    expect(bad.verified).toBe(false);
    expect(bad.badLine.seq).toBe(at + 1);
    expect(bad.badLine.text).toContain('"decision":"allow"');
    const list = (await (await s.get("/api/sessions")).json()) as { id: string; chain: { ok: boolean; seq: number } }[];
    expect(list.find((x) => x.id === "vf")?.chain).toMatchObject({ ok: false, seq: at + 1 });
  });

  it("answers 404 for a session id that is not a log name", async () => {
    const s = await serve();
    expect((await s.post("/api/sessions/..%2Fserve/verify", {})).status).toBe(404);
    expect((await s.post("/api/sessions/nothing-here/verify", {})).status).toBe(404);
  });
});

describe("rules serve: What-if", { timeout: 60_000 }, () => {
  it("replays a session under another rules file and lists what changed, as rules replay --diff", async () => {
    const s = await serve();
    await recordSession(s, "wi");
    const lenient = join(s.root, "lenient.yaml");
    writeFileSync(lenient, `version: 1\npermissions:\n  allow: ["bash(*)", "write(**)"]\n`);
    const cookie = await uiCookie(s);
    const answer = await whatIf(s, "wi", { rules: lenient }, { cookie });
    expect(answer.status).toBe(200);
    const changed = answer.json["changed"] as {
      tool: string;
      recorded: { decision: string };
      replayed: { decision: string };
    }[];
    expect(answer.json["calls"]).toBe(3);
    expect(changed.map((c) => [c.tool, c.recorded.decision, c.replayed.decision])).toEqual([
      ["write", "deny", "allow"],
    ]);

    // The same calls, field for field, as `rules replay LOG --policy FILE --diff --format json` lists them.
    let out = "";
    const io = {
      stdout: (t: string) => void (out += t),
      stderr: () => {},
      stdin: async () => "",
      isTty: false,
      color: false,
      env: { HOME: join(s.root, "home") },
      cwd: s.root,
    };
    const log = join(s.rulegateHome, "sessions", "wi.jsonl");
    expect(await main(["replay", log, "--policy", lenient, "--diff", "--format", "json"], io)).toBe(0);
    expect(answer.json["changed"]).toEqual((JSON.parse(out) as { calls: unknown[] }).calls);
  });

  it("is for the UI's login only: the bearer token, a relative path, a non-rules file and broken rules are refused", async () => {
    const s = await serve();
    await recordSession(s, "wr");
    const lenient = join(s.root, "lenient.yaml");
    writeFileSync(lenient, `version: 1\npermissions:\n  allow: ["bash(*)"]\n`);
    expect((await whatIf(s, "wr", { rules: lenient }, { authorization: `Bearer ${s.token}` })).status).toBe(403);
    expect((await whatIf(s, "wr", { rules: lenient }, {})).status).toBe(401);
    const cookie = await uiCookie(s);
    const relative = await whatIf(s, "wr", { rules: "lenient.yaml" }, { cookie });
    expect([relative.status, (relative.json["error"] as { code: string }).code]).toEqual([
      422,
      "serve-what-if-bad-file",
    ]);
    const serveJson = await whatIf(s, "wr", { rules: join(s.rulegateHome, "serve.json") }, { cookie });
    expect([serveJson.status, (serveJson.json["error"] as { code: string }).code]).toEqual([
      422,
      "serve-what-if-bad-file",
    ]);
    const broken = join(s.root, "broken.yaml");
    writeFileSync(broken, "version: 1\npermissions: [\n");
    const invalid = await whatIf(s, "wr", { rules: broken }, { cookie });
    expect(invalid.status).toBe(422);
    expect(invalid.json["error"]).toMatchObject({ code: "serve-what-if-invalid" });
  });
});
