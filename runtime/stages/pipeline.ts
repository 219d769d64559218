import type { Policy } from "../../compiler/index.ts";
import { summarize, type Event } from "../events/index.ts";
import type { Operation, ToolCall } from "../operation/index.ts";
import type { SessionState } from "../state/index.ts";
import type { Answers } from "./ask-model.ts";
import { approvalAnswered, gated } from "./approval.ts";
import { absorb, NOTHING_LEARNED, type DecisionContext } from "./context.ts";
import { finish } from "./finish.ts";
import { deriveOperation, raisedByReports, workspaceOf } from "./ports.ts";
import { modelAnswered } from "./rules.ts";
import { STAGE_TABLE } from "./table.ts";
import type { HumanAnswer, PendingApproval, PendingModel, Step, StepDeps } from "./types.ts";

/**
 * One decision as a value (docs/explanation/decision-order.md, docs/adr/0170): derive the operation, then run the stage table until a
 * stage decides, or until the decision needs the model or a human. Nothing here waits, asks or changes state:
 * the caller performs what a pending step asks for and calls `resume` with the answer.
 */
export function begin(policy: Policy, state: SessionState, call: ToolCall, deps: StepDeps): Step {
  const base = { at: deps.now(), session: deps.session };
  const { callId } = deps;
  const workspace = workspaceOf(policy.paths.workspace, deps.home, deps.root ?? call.cwd).dirs;
  // Labels the agent reported only raise the level (docs/adr/0264).
  const op = raisedByReports(
    deriveOperation(call, { home: deps.home, skills: policy.skills, analyzer: deps.analyzer, workspace }),
    state.reported,
  );
  const events: Event[] = [
    {
      type: "call_received",
      ...base,
      callId,
      tool: call.tool,
      input: call.input,
      cwd: call.cwd,
      ...(call.labels !== undefined ? { labels: call.labels } : {}),
      ...(deps.root !== undefined && deps.root !== call.cwd ? { root: deps.root } : {}),
      ...(deps.line !== undefined ? { line: deps.line } : {}),
    },
    { type: "operation_derived", ...base, callId, operation: summarize(op) },
  ];
  const trace = deps.trace === true ? [{ stage: "operation", outcome: "info", detail: describeOp(op) } as const] : null;
  return run({ policy, state, call, deps, base, events, trace, ...NOTHING_LEARNED, op }, 0);
}

/** Goes on with a pending decision: the model's answers to its questions, or a human's answer to its prompt. */
export function resume(pending: PendingModel, answers: Answers): Step;
export function resume(pending: PendingApproval, answer: HumanAnswer): Step;
export function resume(pending: PendingModel | PendingApproval, answer: Answers | HumanAnswer): Step {
  if (pending.kind === "approval") {
    if (typeof answer !== "string") throw new Error("a pending approval is resumed with a human's answer");
    return { kind: "decided", result: approvalAnswered(pending, answer) };
  }
  if (typeof answer === "string") throw new Error("pending model questions are resumed with the model's answers");
  const { ctx, at } = pending.held;
  return run(absorb(ctx, modelAnswered(ctx, answer)), at + 1);
}

/** The loop over the stage table, from one stage on. */
function run(start: DecisionContext, from: number): Step {
  let ctx = start;
  for (let at = from; at < STAGE_TABLE.length; at++) {
    const result = (STAGE_TABLE[at] as (typeof STAGE_TABLE)[number]).run(ctx);
    ctx = absorb(ctx, result);
    switch (result.kind) {
      case "next":
        continue;
      case "end":
        return { kind: "decided", result: finish(ctx, result.ending) };
      case "gated":
        return gated(ctx, result.gates, at);
      case "model":
        return { kind: "pending", pending: modelPending(ctx, at) };
    }
  }
  throw new Error("the stage table ended without a decision (its last stage, default, always decides)");
}

function modelPending(ctx: DecisionContext, at: number): PendingModel {
  const { op, call, deps } = ctx;
  return {
    kind: "model",
    callId: deps.callId,
    ask: {
      policy: ctx.policy,
      action: { tool: op.tool, input: call.input, cwd: call.cwd, signature: op.signature },
      questions: ctx.questions,
      about: ctx.about,
      transcript: ctx.state.transcript,
      ...(deps.instructions !== undefined ? { instructions: deps.instructions } : {}),
      base: ctx.base,
      callId: deps.callId,
    },
    held: { ctx, at },
  };
}

function describeOp(op: Operation): string {
  const shell =
    op.shell === null
      ? ""
      : `; commands: ${op.shell.commands.map((c) => c.text).join(" ; ")}${op.shell.unanalysable ? " (unanalysable)" : ""}`;
  return `${op.tool} ${op.type} [${op.types.join(", ")}] ${op.level} {${op.categories.join(", ")}} ${op.signature}${shell}`;
}
