/**
 * A decision as a value (docs/adr/0170): `begin` stops where the model or a human must answer, the pending
 * value can be held, answered later, or answered twice in two ways, and `resume` ends where `decide` ends.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Event } from "../../../runtime/events/index.ts";
import type { ModelClient } from "../../../runtime/model/types.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";
import {
  askModel,
  begin,
  decide,
  resume,
  type Approver,
  type DecideDeps,
  type PendingApproval,
  type PendingModel,
  type Step,
} from "../../../runtime/stages/index.ts";
import { initialState } from "../../../runtime/state/index.ts";
import { HOME, policyOf } from "../session/random-sessions.ts";

const policy = policyOf(`
version: 1
extends: [builtin:defaults]
settings: { default: allow, approval_timeout: 30s }
permissions: { ask: ["bash(git push*)"] }
rules:
  - id: no-prod
    match: op.tool == "bash"
    effect: "the command touches the production database"
    mode: block
`);
const push = { tool: "bash", input: { command: "git push origin main" }, cwd: "/work/project" };
const ls = { tool: "bash", input: { command: "ls" }, cwd: "/work/project" };

/** A model that answers every question "no" and counts its requests. */
function noModel(): ModelClient & { asked: number } {
  const m = {
    asked: 0,
    ask: async (batch: Parameters<ModelClient["ask"]>[0]) => {
      m.asked++;
      return {
        ok: true as const,
        verdicts: batch.questions.map((q) => ({
          questionId: q.id,
          answer: { kind: "effect" as const, holds: false },
          reason: "not about production",
          cached: false,
        })),
        usage: { requests: 1, inputTokens: 1, outputTokens: 1 },
      };
    },
  };
  return m;
}

let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});

const deps = (over: Partial<DecideDeps> = {}): DecideDeps => ({
  session: "s",
  callId: "c1",
  now: () => "2026-11-25T10:00:00.000Z",
  model: noModel(),
  approver: null,
  sleep: () => new Promise(() => {}),
  home: HOME,
  analyzer,
  executeOnAllow: true,
  ...over,
});
const approving = (answer: "approve" | "deny"): Approver => ({ ask: async () => answer });

function pending<K extends "model" | "approval">(
  step: Step,
  kind: K,
): Extract<PendingModel | PendingApproval, { kind: K }> {
  if (step.kind !== "pending" || step.pending.kind !== kind)
    throw new Error(`expected a pending ${kind}, got ${JSON.stringify(step)}`);
  return step.pending as Extract<PendingModel | PendingApproval, { kind: K }>;
}
const types = (events: readonly Event[]) => events.map((e) => e.type);

describe("begin and resume", () => {
  it("stop at the model's questions, asked in one batch, and end as decide ends with that model", async () => {
    const state = initialState(policy);
    const model = pending(begin(policy, state, ls, deps()), "model");
    expect(model.ask.questions.map((q) => q.kind)).toEqual(["effect"]);
    const answers = await askModel(noModel(), model.ask, undefined);
    const step = resume(model, answers);
    expect(step.kind).toBe("decided");
    if (step.kind !== "decided") return;
    expect(step.result).toEqual(await decide(policy, state, ls, deps()));
    expect(step.result.decision).toMatchObject({ decision: "allow", stage: "read_only", llm_calls: 1 });
  });

  it("hold a gated call as a value with its prompt and timeout; answered later it records the answer", async () => {
    const state = initialState(policy);
    const model = pending(begin(policy, state, push, deps()), "model");
    const held = pending(resume(model, await askModel(noModel(), model.ask, undefined)), "approval");
    expect(held.request).toMatchObject({
      callId: "c1",
      gates: ["permissions.ask"],
      reason: "asked by bash(git push*)",
    });
    expect(held.timeoutMs).toBe(30_000);
    const approved = resume(held, "approve");
    if (approved.kind !== "decided") throw new Error("an answered approval is decided");
    expect(approved.result.decision).toMatchObject({ decision: "allow", approval: "approved" });
    expect(types(approved.result.events)).toEqual([
      "call_received",
      "operation_derived",
      "model_verdict",
      "approval_requested",
      "approval_resolved",
      "decision",
      "executed",
    ]);
    expect(approved.result).toEqual(await decide(policy, state, push, deps({ approver: approving("approve") })));
  });

  it("leave the pending value unchanged: the same one answered another way decides independently", async () => {
    const state = initialState(policy);
    const model = pending(begin(policy, state, push, deps()), "model");
    const held = pending(resume(model, await askModel(noModel(), model.ask, undefined)), "approval");
    const answers = (["approve", "deny", "timeout", "nobody", "cancelled"] as const).map((a) => resume(held, a));
    const decisions = answers.map((s) =>
      s.kind === "decided" ? [s.result.decision.decision, s.result.decision.approval] : s.kind,
    );
    expect(decisions).toEqual([
      ["allow", "approved"],
      ["deny", "denied"],
      ["deny", "timeout"],
      ["ask", null],
      ["deny", null],
    ]);
    // Each answer's events are its own: none leaked into the held value or into another answer.
    expect(types(held.held.ctx.events)).toEqual([
      "call_received",
      "operation_derived",
      "model_verdict",
      "approval_requested",
    ]);
    const denied = answers[1];
    if (denied?.kind !== "decided") throw new Error("decided");
    expect(types(denied.result.events).filter((t) => t === "approval_resolved")).toHaveLength(1);
  });

  it("decide runs the same steps with the effects: a timed-out approval denies, the model is asked once", async () => {
    const model = noModel();
    const never: Approver = {
      ask: (_, { signal }) => new Promise((r) => signal?.addEventListener("abort", () => r(null))),
    };
    const r = await decide(policy, initialState(policy), push, deps({ model, approver: never, sleep: async () => {} }));
    expect(r.decision).toMatchObject({ decision: "deny", approval: "timeout", stage: "permissions.ask" });
    expect(model.asked).toBe(1);
  });

  it("refuse an answer of the wrong kind (a bug in the caller, not a decision)", async () => {
    const model = pending(begin(policy, initialState(policy), push, deps()), "model");
    expect(() => resume(model as never, "approve" as never)).toThrow(/model's answers/);
  });
});
