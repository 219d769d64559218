import { describe, expect, test } from "vitest";
import type { Event, OperationSummary } from "../../../runtime/events/index.ts";
import { fold, foldAll, initialState, LIMITS } from "../../../runtime/state/index.ts";
import { policyOf } from "../session/random-sessions.ts";

/**
 * foldAll is the fold of its events one by one. It lets a call that is decided and executed in the same batch
 * skip the pending list; this holds it to the sequential fold where that matters most: a full pending list,
 * whose oldest entry the call's own entry pushes out.
 */
const policy = policyOf("version: 1\n");
const base = { at: "2026-11-23T00:00:00.000Z", session: "s" };
const operation: OperationSummary = {
  tool: "bash",
  type: "read_local",
  types: ["read_local"],
  level: "READ",
  categories: [],
  signature: "sha256:0",
};
const execution = { hits: {}, triggered: [], action: null, subject: "ls" };

function decided(callId: string, decision: "allow" | "ask"): Event {
  return {
    type: "decision",
    ...base,
    callId,
    session: "s",
    tool: "bash",
    decision,
    stage: "default",
    rules: [],
    check: null,
    reason: "r",
    operation,
    gates: [],
    approval: null,
    llm_calls: 0,
    execution,
  };
}

const executed = (callId: string): Event => ({ type: "executed", ...base, callId, operation, ...execution });

describe("folding a batch equals folding its events one by one", () => {
  test.each([
    ["a pending list with room", 3],
    ["a full pending list", LIMITS.pending],
  ])("a call decided and run in one batch, on %s", (_what, gated) => {
    const start = foldAll(
      initialState(policy),
      Array.from({ length: gated }, (_, i) => decided(`g${i}`, "ask")),
    );
    expect(start.pending).toHaveLength(gated);
    const batch = [decided("c", "allow"), executed("c")];
    const batched = foldAll(start, batch);
    expect(batched).toEqual(batch.reduce(fold, start));
    expect(batched.pending.map((p) => p.callId)).toEqual(
      start.pending.slice(gated === LIMITS.pending ? 1 : 0).map((p) => p.callId),
    );
  });

  test("an execution reported before the decision of the same call does not take the decision's pending entry", () => {
    const start = initialState(policy);
    const batch = [executed("c"), decided("c", "allow")];
    expect(foldAll(start, batch)).toEqual(batch.reduce(fold, start));
    expect(foldAll(start, batch).pending.map((p) => p.callId)).toEqual(["c"]);
  });

  test("a decision followed by an approval and then the run keeps the sequential result", () => {
    const start = initialState(policy);
    const batch: Event[] = [
      decided("c", "ask"),
      { type: "approval_resolved", ...base, callId: "c", signature: "sha256:0", answer: "approved" },
      executed("c"),
    ];
    expect(foldAll(start, batch)).toEqual(batch.reduce(fold, start));
  });

  test("a call pending already and decided again, then run", () => {
    const start = foldAll(initialState(policy), [decided("a", "ask"), decided("b", "ask")]);
    const batch = [decided("a", "allow"), executed("a")];
    expect(foldAll(start, batch)).toEqual(batch.reduce(fold, start));
    expect(foldAll(start, batch).pending.map((p) => p.callId)).toEqual(["b"]);
  });
});
