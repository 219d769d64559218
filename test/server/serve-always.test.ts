import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { compileSources } from "../../compiler/index.ts";
import { startServer, type RunningServer } from "../../server/index.ts";
import { permission, preToolUse } from "./support.ts";

/**
 * Issue 16 §4 in `rules serve --approvals web` (ADR 0222): a held call's "Always: <pattern>" answer approves
 * it and stores the pattern in the project's `.rulegate/rules.local.yaml` through the session's learner
 * (policy_changed); the next call like it is not held. Only the UI's login may answer "always".
 */
const RULES =
  'version: 1\nsettings: { default: allow, approval_timeout: 5s }\npermissions:\n  ask: ["bash(npm run *)"]\n';

interface Serve {
  readonly server: RunningServer;
  readonly project: string;
  readonly rulegateHome: string;
  readonly token: string;
}
let running: RunningServer[] = [];
afterEach(async () => {
  for (const s of running) await s.close();
  running = [];
});

/** Under the config sources (no --policy): the user's rules in HOME, the project's local file beside them. */
async function serve(): Promise<Serve> {
  const root = mkdtempSync(join(tmpdir(), "rg-serve-always-"));
  const home = join(root, "home");
  mkdirSync(join(home, ".config", "rulegate"), { recursive: true });
  writeFileSync(join(home, ".config", "rulegate", "rules.yaml"), RULES);
  const project = join(root, "project");
  mkdirSync(project, { recursive: true });
  const rulegateHome = join(root, "rulegate");
  const started = await startServer({
    port: 0,
    policyFile: null,
    approvals: "web",
    env: {},
    home,
    rulegateHome,
    log: () => {},
  });
  if (!started.ok) throw new Error(`${started.code}: ${started.message}`);
  running.push(started.server);
  const token = (JSON.parse(readFileSync(started.server.serveFile, "utf8")) as { token: string }).token;
  return { server: started.server, project, rulegateHome, token };
}

async function hook(s: Serve, body: object) {
  const res = await fetch(s.server.hookUrl, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${s.token}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text === "" ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

async function cookieOf(s: Serve): Promise<string> {
  const res = await fetch(s.server.loginUrl, { redirect: "manual" });
  return (res.headers.get("set-cookie") ?? "").split(";")[0] as string;
}

async function answer(s: Serve, id: string, body: object, auth: { cookie: string } | { authorization: string }) {
  return fetch(`${s.server.url}/api/approvals/${id}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...auth },
    body: JSON.stringify(body),
  });
}

interface Pending {
  readonly id: string;
  readonly request: { readonly subject: string; readonly always: string | null };
}
async function held(s: Serve): Promise<Pending> {
  const end = Date.now() + 10_000;
  for (;;) {
    const res = await fetch(`${s.server.url}/api/approvals`, { headers: { authorization: `Bearer ${s.token}` } });
    const list = (await res.json()) as Pending[];
    if (list[0] !== undefined) return list[0];
    if (Date.now() > end) throw new Error("no pending approval");
    await new Promise((r) => setTimeout(r, 25));
  }
}

const logOf = (s: Serve, session: string) =>
  readFileSync(join(s.rulegateHome, "sessions", `${session}.jsonl`), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('rules serve --approvals web: "always"', { timeout: 60_000 }, () => {
  it("approves the held call, stores the pattern in the local rules, and the next call like it is not held", async () => {
    const s = await serve();
    const first = hook(s, preToolUse("al", s.project, "Bash", { command: "npm run test:unit -- --watch=false" }));
    const p = await held(s);
    expect(p.request.always).toBe("bash(npm run test:unit *)");
    const cookie = await cookieOf(s);
    expect((await answer(s, p.id, { answer: "always" }, { cookie })).status).toBe(200);
    expect(permission(await first)).toBe("allow");

    const localFile = join(s.project, ".rulegate", "rules.local.yaml");
    const local = readFileSync(localFile, "utf8");
    expect(local).toContain('you answered "always" for Bash "npm run test:unit -- --watch=false"');
    expect(local).toContain('- "bash(npm run test:unit *)"');
    expect(compileSources({ local: localFile }).diagnostics).toEqual([]);
    const changed = logOf(s, "al").filter((e) => e["type"] === "policy_changed");
    expect(changed.map((e) => e["learned"])).toEqual(["bash(npm run test:unit *)"]);

    // Not held: answered at once, with no approval queued (a held call would wait for the 5 s timeout and deny).
    const next = await hook(s, preToolUse("al", s.project, "Bash", { command: "npm run test:unit -- --coverage" }));
    expect(permission(next)).toBe("allow");
    expect(JSON.stringify(next.json)).toContain("approved always by bash(npm run test:unit *)");
    // The stored rules are the policy in force: no second policy_changed back to the old rules.
    expect(logOf(s, "al").filter((e) => e["type"] === "policy_changed")).toHaveLength(1);
    // A call the pattern does not cover is still held.
    const other = hook(s, preToolUse("al", s.project, "Bash", { command: "npm run build" }));
    const again = await held(s);
    expect(again.request.subject).toBe("npm run build");
    expect((await answer(s, again.id, { answer: "deny" }, { cookie })).status).toBe(200);
    expect(permission(await other)).toBe("deny");
  });

  it("is for the UI's login only: the bearer token cannot answer always, and nothing is stored", async () => {
    const s = await serve();
    const first = hook(s, preToolUse("tk", s.project, "Bash", { command: "npm run lint" }));
    const p = await held(s);
    const res = await answer(s, p.id, { answer: "always" }, { authorization: `Bearer ${s.token}` });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("serve-ui-only");
    expect(existsSync(join(s.project, ".rulegate", "rules.local.yaml"))).toBe(false);
    // Still pending: the token's plain approve works as before, and approves this call only.
    expect((await answer(s, p.id, { answer: "approve" }, { authorization: `Bearer ${s.token}` })).status).toBe(200);
    expect(permission(await first)).toBe("allow");
    expect(existsSync(join(s.project, ".rulegate", "rules.local.yaml"))).toBe(false);
  });
});
