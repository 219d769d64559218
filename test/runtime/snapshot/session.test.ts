import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileText } from "../../../compiler/index.ts";
import type { Policy } from "../../../compiler/ir.ts";
import type { Event, OperationSummary } from "../../../runtime/events/index.ts";
import { openLog } from "../../../runtime/log/index.ts";
import { loadSession, saveSnapshot, sessionFolder } from "../../../runtime/snapshot/index.ts";
import { foldAll, initialState, type SessionState } from "../../../runtime/state/index.ts";
import { tempDirs } from "../log/temp.ts";

const newDir = tempDirs();

function policyOf(yaml: string): Policy {
  const { policy, diagnostics } = compileText(yaml, "/tmp/rules.yaml");
  if (policy === null) throw new Error(diagnostics.map((d) => d.message).join("; "));
  return policy;
}

const POLICY = policyOf(`version: 1
settings: { denial_history: 3 }
rules:
  - id: after-web
    after: seen(op.type == read_external)
    match: op.type == write_local
    mode: approve
  - id: busy
    after: count(op.tool == "bash") > 2 and seen(op.type == execute)
    match: op.type == execute
    mode: log
`);
const RULES = ["after-web", "busy", "unknown-rule"];

const at = "2026-11-22T12:00:00.000Z";
const session = "s1";
const callId = fc.constantFrom("c1", "c2", "c3", "c4");
const signature = fc.constantFrom("sha256:aa", "sha256:bb", "sha256:cc");
const operation: fc.Arbitrary<OperationSummary> = fc.record({
  tool: fc.constantFrom("bash", "write", "webfetch"),
  type: fc.constantFrom("execute" as const, "write_local" as const, "read_external" as const),
  types: fc.constant(["execute" as const]),
  level: fc.constantFrom("READ" as const, "WRITE" as const),
  categories: fc.constant([]),
  signature,
});
const facts = fc.record({
  hits: fc.constantFrom({}, { "after-web": [0] }, { busy: [0, 1] }, { busy: [1] }),
  triggered: fc.constant([]),
  action: fc.constantFrom(null, { tool: "bash", input: { command: "ls" }, cwd: "/repo", signature: "sha256:aa" }),
  subject: fc.constantFrom("ls", "curl x"),
});

const event: fc.Arbitrary<Event> = fc.oneof(
  fc.record({
    type: fc.constant("decision" as const),
    at: fc.constant(at),
    session: fc.constant(session),
    callId,
    tool: fc.constant("bash"),
    decision: fc.constantFrom("allow" as const, "ask" as const, "deny" as const),
    stage: fc.constantFrom("default" as const, "rules" as const),
    rules: fc.constant([]),
    check: fc.constant(null),
    reason: fc.string(),
    operation,
    gates: fc.constant([]),
    approval: fc.constant(null),
    llm_calls: fc.nat(2),
    execution: fc.option(facts, { nil: null }),
  }),
  fc
    .record({
      type: fc.constant("executed" as const),
      at: fc.constant(at),
      session: fc.constant(session),
      callId,
      operation,
    })
    .chain((e) => facts.map((f) => ({ ...e, ...f }))),
  fc.record({
    type: fc.constant("approval_resolved" as const),
    at: fc.constant(at),
    session: fc.constant(session),
    callId,
    signature,
    answer: fc.constantFrom("approved" as const, "denied" as const),
  }),
  fc.record({
    type: fc.constant("rule_activated" as const),
    at: fc.constant(at),
    session: fc.constant(session),
    ruleId: fc.constantFrom(...RULES),
    by: fc.constant("history" as const),
    callId: fc.constant(null),
  }),
  fc.record({
    type: fc.constantFrom("rule_disabled" as const, "rule_enabled" as const),
    at: fc.constant(at),
    session: fc.constant(session),
    ruleId: fc.constantFrom(...RULES),
  }),
  fc.record({
    type: fc.constant("mode_changed" as const),
    at: fc.constant(at),
    session: fc.constant(session),
    change: fc.oneof(
      fc.record({
        what: fc.constantFrom("plan" as const, "automode" as const, "approve_all" as const),
        on: fc.boolean(),
      }),
      fc.record({ what: fc.constant("approve_all_tool" as const), tool: fc.constantFrom("bash", "write") }),
    ),
  }),
  fc.record({
    type: fc.constant("user_message" as const),
    at: fc.constant(at),
    session: fc.constant(session),
    text: fc.string(),
  }),
  fc.record({ type: fc.constant("reset" as const), at: fc.constant(at), session: fc.constant(session) }),
  fc.record({
    type: fc.constant("session_started" as const),
    at: fc.constant(at),
    session: fc.constant(session),
    policyHash: fc.constantFrom("sha256:p1", "sha256:p2"),
  }),
  fc.record({
    type: fc.constant("policy_changed" as const),
    at: fc.constant(at),
    session: fc.constant(session),
    from: fc.constantFrom("sha256:p1", "sha256:p2"),
    to: fc.constantFrom("sha256:p1", "sha256:p2"),
  }),
);

describe("snapshots of the real session state", () => {
  it("give the same state from snapshot + tail as the fold of the whole log, for random event sequences", async () => {
    const folder = sessionFolder(POLICY);
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 60 }), fc.nat(), async (events, pick) => {
        const dir = await newDir();
        const log = join(dir, "s1.jsonl");
        const writer = await openLog(log);
        const cut = pick % events.length;
        const first = await writer.append(events.slice(0, cut + 1));
        await writer.append(events.slice(cut + 1));
        await writer.close();

        const full = foldAll(initialState(POLICY), events);
        const partial = foldAll(initialState(POLICY), events.slice(0, cut + 1));
        await saveSnapshot(join(dir, "s1.snapshot.json"), folder, partial, first.head);
        const loaded = await loadSession(log, join(dir, "s1.snapshot.json"), folder);
        expect(loaded.source).toBe("snapshot");
        expect(loaded.folded).toBe(events.length - cut - 1);
        expect(loaded.state).toEqual(full);
        expect(Object.isFrozen(loaded.state)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  /** A log of one user message and a snapshot of `state` at its end. */
  async function logAndSnapshot(state: SessionState): Promise<{ readonly log: string; readonly snapshot: string }> {
    const dir = await newDir();
    const log = join(dir, "s1.jsonl");
    const writer = await openLog(log);
    const appended = await writer.append([{ type: "user_message", at, session, text: "hi" }]);
    await writer.close();
    await saveSnapshot(join(dir, "snap.json"), sessionFolder(POLICY), state, appended.head);
    return { log, snapshot: join(dir, "snap.json") };
  }

  it("folds from the start under a changed policy, whose initial state may differ", async () => {
    const { log, snapshot } = await logAndSnapshot(foldAll(initialState(POLICY), []));
    const other = policyOf("version: 1\n");
    const loaded = await loadSession(log, snapshot, sessionFolder(other));
    expect(loaded).toMatchObject({ source: "full", fallback: "policy-changed" });
    expect(loaded.state.policyHash).toBe(other.hash);
    expect(loaded.state.transcript).toEqual([{ kind: "user", text: "hi" }]);
  });

  it("folds from the start when the snapshot's state has a field of an older shape", async () => {
    // Pending calls were once a record keyed by call id; they are a list now.
    const older = { ...foldAll(initialState(POLICY), []), pending: {} } as unknown as SessionState;
    const { log, snapshot } = await logAndSnapshot(older);
    const loaded = await loadSession(log, snapshot, sessionFolder(POLICY));
    expect(loaded).toMatchObject({ source: "full" });
    expect(loaded.fallback).toBe("unreadable");
    expect(loaded.state.pending).toEqual([]);
    expect(loaded.state.transcript).toEqual([{ kind: "user", text: "hi" }]);
  });

  it("stops at a line that is not a session event", async () => {
    const dir = await newDir();
    const log = join(dir, "s1.jsonl");
    const writer = await openLog(log);
    await writer.append([
      { type: "user_message", at, session, text: "hi" },
      { type: "teleport", at, session },
    ]);
    await writer.close();
    const loaded = await loadSession(log, join(dir, "none.json"), sessionFolder(POLICY));
    expect(loaded.log).toMatchObject({
      ok: false,
      seq: 2,
      reason: "invalid-event",
      detail: 'unknown event type "teleport"',
    });
  });
});
