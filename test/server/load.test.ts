import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { replayLog, verified } from "../../runtime/replay/index.ts";
import { E2E_POLICY } from "../e2e/policy.ts";
import { permission, postToolUse, preToolUse, startTestServer, type TestServer } from "./support.ts";

/**
 * Load (issue 14): 8 fake agents talk to one `rules serve` at once for 30 s, each as Claude Code does: a
 * prompt now and then, a PreToolUse per call, a PostToolUse for each call that was not denied. Every request
 * must answer 200, every event sent must be in its session's log, and every log must verify (`rules replay
 * --verify`: intact chain, every decision re-derived).
 */
const AGENTS = 8;
const SECONDS = 30;

const CALLS: readonly { tool: string; input: (project: string, i: number) => object }[] = [
  { tool: "Bash", input: (_p, i) => ({ command: `echo step ${i}` }) },
  { tool: "Read", input: (p, i) => ({ file_path: join(p, `src/file-${i % 7}.ts`) }) },
  { tool: "Bash", input: (_p, i) => ({ command: `touch out-${i}.txt` }) },
  { tool: "Write", input: (p, i) => ({ file_path: join(p, `notes-${i}.md`), content: `note ${i}\n` }) },
  { tool: "Bash", input: (_p, i) => ({ command: `git status --short # ${i}` }) },
  { tool: "Bash", input: (_p, i) => ({ command: `touch forbidden-${i}` }) },
  { tool: "Grep", input: (_p, i) => ({ pattern: `TODO ${i}`, path: "." }) },
  // After a web read the history rule denies every write of the session: denials and their missing PostToolUse.
  { tool: "Bash", input: (_p, i) => ({ command: i % 40 === 39 ? "curl https://example.com/x" : `echo tick ${i}` }) },
];

interface Sent {
  readonly pre: Set<string>;
  readonly post: Set<string>;
  prompts: number;
  requests: number;
}

let s: TestServer;
afterAll(async () => {
  await s?.server.close();
});

async function agent(n: number, until: number, failures: string[]): Promise<Sent> {
  const session = `load-${n}`;
  const sent: Sent = { pre: new Set(), post: new Set(), prompts: 0, requests: 0 };
  const check = (what: string, status: number) => {
    sent.requests++;
    if (status !== 200) failures.push(`${session} ${what}: ${status}`);
  };
  for (let i = 0; Date.now() < until; i++) {
    if (i % 25 === 0) {
      const answer = await s.hook({
        session_id: session,
        cwd: s.project,
        hook_event_name: "UserPromptSubmit",
        prompt: `task ${i}`,
      });
      check("UserPromptSubmit", answer.status);
      sent.prompts++;
    }
    const call = CALLS[(i + n) % CALLS.length] as (typeof CALLS)[number];
    const id = `toolu_${session}_${i}`;
    const input = call.input(s.project, i);
    const pre = await s.hook(preToolUse(session, s.project, call.tool, input, id));
    check("PreToolUse", pre.status);
    sent.pre.add(id);
    if (pre.status === 200 && permission(pre) !== "deny") {
      check("PostToolUse", (await s.hook(postToolUse(session, s.project, call.tool, input, id))).status);
      sent.post.add(id);
    }
  }
  return sent;
}

describe("rules serve under load", { timeout: (SECONDS + 150) * 1000 }, () => {
  it(`serves ${AGENTS} concurrent agents for ${SECONDS} s: no request fails, no event is lost, every chain verifies`, async () => {
    s = await startTestServer(E2E_POLICY);
    const failures: string[] = [];
    const until = Date.now() + SECONDS * 1000;
    const sent = await Promise.all(Array.from({ length: AGENTS }, (_, n) => agent(n, until, failures)));
    expect(failures).toEqual([]);

    let total = 0;
    for (const [n, mine] of sent.entries()) {
      const session = `load-${n}`;
      const events = s.logLines(session);
      total += mine.requests;
      const received = new Set(events.filter((e) => e["type"] === "call_received").map((e) => e["callId"]));
      const decided = new Set(events.filter((e) => e["type"] === "decision").map((e) => e["callId"]));
      const executed = new Set(events.filter((e) => e["type"] === "executed").map((e) => e["callId"]));
      const lost = [...mine.pre].filter((id) => !received.has(id) || !decided.has(id));
      const lostRuns = [...mine.post].filter((id) => !executed.has(id));
      expect({ session, lost, lostRuns }).toEqual({ session, lost: [], lostRuns: [] });
      expect(decided.size).toBe(mine.pre.size);
      expect(events.filter((e) => e["type"] === "user_message").length).toBe(mine.prompts);
      // Every agent made real progress, denials included.
      expect(mine.pre.size).toBeGreaterThan(20);
      expect(events.some((e) => e["type"] === "decision" && e["decision"] === "deny")).toBe(true);

      const replay = await replayLog(join(s.rulegateHome, "sessions", `${session}.jsonl`), { policy: "recorded" });
      expect([session, replay.chain.ok, verified(replay), replay.verification.reason]).toEqual([
        session,
        true,
        true,
        null,
      ]);
    }
    expect(total).toBeGreaterThan(AGENTS * 40);
  });
});
