import type { Pattern } from "../../compiler/index.ts";
import type { Operation } from "../operation/index.ts";
import type { Ending, DecisionContext, StageResult } from "./context.ts";
import { NEXT } from "./context.ts";
import { callIdInUse } from "./call-id.ts";
import { executionFacts, monitorHits } from "./execute.ts";
import { patternHits } from "./ports.ts";

/** Step 1: a call the agent already cancelled is denied before anything else: fail closed (docs/adr/0053). */
export function cancelledStage(ctx: DecisionContext): StageResult {
  if (ctx.deps.signal?.aborted !== true) return NEXT;
  return end({ decision: "deny", stage: "cancelled", reason: "the call was cancelled" });
}

/** An id still waiting for an earlier call's report is that call's: denied before anything else (docs/adr/0128). */
export function callIdStage(ctx: DecisionContext): StageResult {
  const inUse = callIdInUse(ctx.state, ctx.deps.callId, ctx.op);
  if (inUse === null) return NEXT;
  return {
    kind: "end",
    ending: { decision: "deny", stage: "hard_deny", reason: inUse.reason, check: inUse.check },
    trace: [{ stage: "hard_deny", outcome: "hit", detail: inUse.reason }],
  };
}

/** The operation as rules see it, and which history monitors it moves (evaluated once, while it is whole). */
export function monitorsStage(ctx: DecisionContext): StageResult {
  const { home } = ctx.deps;
  const evalCtx = {
    op: ctx.op,
    mode: ctx.state.mode,
    home,
    patternHits: (p: Pattern, o: Operation) => patternHits(p, o, home),
  };
  return { kind: "next", learned: { evalCtx, hits: monitorHits(ctx.policy, evalCtx) } };
}

/** `/automode off`: allowed and recorded; what runs now is history like any other executed call (docs/reference/rules-yaml.md). */
export function offStage(ctx: DecisionContext): StageResult {
  if (ctx.state.automode) return NEXT;
  return {
    kind: "end",
    ending: { decision: "allow", stage: "off", reason: "automode is off" },
    learned: { facts: executionFacts(ctx.policy, ctx.state, ctx.op, { hits: ctx.hits, triggered: [] }) },
    trace: [{ stage: "off", outcome: "hit", detail: "automode is off" }],
  };
}

function end(ending: Ending): StageResult {
  return { kind: "end", ending };
}
