import type { Policy } from "../../compiler/index.ts";
import type { ToolCall } from "../operation/index.ts";
import type { SessionState } from "../state/index.ts";
import { askModel } from "./ask-model.ts";
import { begin, resume } from "./pipeline.ts";
import type { DecideDeps, DecideResult, HumanAnswer, PendingApproval } from "./types.ts";

/**
 * One decision run to its end (docs/explanation/decision-order.md, docs/explanation/decision-order.md): `begin`, then each pending step's effect performed
 * through `deps` (the model asked, the approver asked within settings.approval_timeout) and `resume`d.
 * Returns the decision and the events it produced; the caller folds them (this function never changes state).
 */
export async function decide(
  policy: Policy,
  state: SessionState,
  call: ToolCall,
  deps: DecideDeps,
): Promise<DecideResult> {
  let step = begin(policy, state, call, deps);
  while (step.kind === "pending") {
    const p = step.pending;
    step =
      p.kind === "model"
        ? resume(p, await askModel(deps.model, p.ask, deps.signal))
        : resume(p, await askApprover(p, deps));
  }
  return step.result;
}

/**
 * The approver's answer within the timeout. A throwing approver denies; an abort of the call while waiting
 * cancels it, whatever the answer; no approver (or no answer now) leaves the decision `ask`.
 */
export async function askApprover(
  pending: PendingApproval,
  deps: Pick<DecideDeps, "approver" | "sleep" | "signal">,
): Promise<HumanAnswer> {
  if (deps.approver === null) return "nobody";
  const timeout = new AbortController();
  const signal = deps.signal === undefined ? timeout.signal : AbortSignal.any([deps.signal, timeout.signal]);
  const answer = await Promise.race([
    deps.approver.ask(pending.request, { signal }).catch(() => "deny" as const),
    deps.sleep(pending.timeoutMs, signal).then(
      () => "timeout" as const,
      () => "timeout" as const,
    ),
  ]);
  timeout.abort();
  if (deps.signal?.aborted === true) return "cancelled";
  return answer ?? "unanswered";
}
