/**
 * Held approvals of `rules serve --approvals web`: a gated call's hook request waits on a promise that the
 * web UI settles. The runtime's approval flow owns the clock (settings.approval_timeout) and aborts the
 * signal when it gives up; the entry then leaves the queue, and the timeout is the runtime's deny.
 */
import { randomUUID } from "node:crypto";
import type { ApprovalRequest, Approver } from "../runtime/stages/index.ts";

export interface PendingApproval {
  readonly id: string;
  readonly request: ApprovalRequest;
  readonly since: string;
}

/** "always" approves the call and stores the pattern its request offers (docs/adr/0222). */
export type ApprovalAnswer = "approve" | "always" | "deny";

export interface ApprovalQueue {
  readonly approver: Approver;
  pending(): readonly PendingApproval[];
  /**
   * false when the id is not (or no longer) pending: answered already, or timed out; and "always" for a
   * request that offers no pattern.
   */
  answer(id: string, answer: ApprovalAnswer): boolean;
  /** Every change of the queue: a new request, or one that left it (answered, timed out, cancelled). */
  onChange(listener: (change: QueueChange) => void): void;
}

export type QueueChange =
  | { readonly kind: "added"; readonly approval: PendingApproval }
  | { readonly kind: "removed"; readonly id: string; readonly why: ApprovalAnswer | "gone" };

export function createApprovalQueue(clock: () => Date = () => new Date()): ApprovalQueue {
  const waiting = new Map<string, { entry: PendingApproval; settle: (a: ApprovalAnswer) => void }>();
  const listeners: ((c: QueueChange) => void)[] = [];
  const emit = (c: QueueChange) => {
    for (const l of listeners) l(c);
  };

  const approver: Approver = {
    ask: (request, { signal }) =>
      new Promise((resolve) => {
        const entry: PendingApproval = { id: randomUUID(), request, since: clock().toISOString() };
        const leave = (why: ApprovalAnswer | "gone") => {
          if (!waiting.delete(entry.id)) return false;
          emit({ kind: "removed", id: entry.id, why });
          return true;
        };
        if (signal?.aborted) return resolve(null);
        waiting.set(entry.id, {
          entry,
          settle: (a) => {
            if (leave(a)) resolve(a);
          },
        });
        // Timed out or cancelled: the approval flow has its answer already; this only clears the queue.
        signal?.addEventListener("abort", () => leave("gone") && resolve(null), { once: true });
        emit({ kind: "added", approval: entry });
      }),
  };

  return {
    approver,
    pending: () => [...waiting.values()].map((w) => w.entry),
    answer(id, answer) {
      const w = waiting.get(id);
      if (w === undefined || (answer === "always" && w.entry.request.always === null)) return false;
      w.settle(answer);
      return true;
    },
    onChange: (l) => void listeners.push(l),
  };
}
