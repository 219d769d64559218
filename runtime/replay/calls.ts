import type { EventOf } from "../events/index.ts";
import type { VerdictRecord } from "../model/index.ts";
import type { Logged } from "./read.ts";

/**
 * Everything the log recorded about one tool call, gathered by its callId: the call as received, the model
 * verdicts it was given, and the decision (with the human's answer, when one was given while deciding). Calls of parallel hook processes may
 * interleave in the log, so the events are grouped by id rather than by position.
 */
export interface RecordedCall {
  readonly callId: string;
  readonly received: Logged & { readonly event: EventOf<"call_received"> };
  readonly verdicts: readonly VerdictRecord[];
  /** Whether the model failed for this call (a replay must then fail the same way, not answer from later verdicts). */
  readonly modelFailed: boolean;
  /** The decision `decide` recorded for it (the first decision event of the call). */
  readonly decision: (Logged & { readonly event: EventOf<"decision"> }) | null;
}

/**
 * The recorded calls in log order, and which call each event with a call id belongs to (by the event's seq).
 * An agent may reuse a call id (a local model numbering its tool calls per turn): each `call_received` opens
 * a new call, and an event carrying the id belongs to the latest call received under it in its session, as
 * the live session took it (docs/adr/0132).
 */
export interface RecordedCalls {
  readonly all: readonly RecordedCall[];
  readonly at: ReadonlyMap<number, RecordedCall>;
}

export function recordedCalls(events: readonly Logged[]): RecordedCalls {
  type Mutable = { -readonly [K in keyof RecordedCall]: RecordedCall[K] } & { verdicts: VerdictRecord[] };
  const latest = new Map<string, Mutable>();
  const all: Mutable[] = [];
  const at = new Map<number, Mutable>();
  for (const logged of events) {
    const e = logged.event;
    if (e.type === "call_received") {
      const call: Mutable = {
        callId: e.callId,
        received: { seq: logged.seq, event: e },
        verdicts: [],
        modelFailed: false,
        decision: null,
      };
      latest.set(key(e.session, e.callId), call);
      all.push(call);
      at.set(logged.seq, call);
      continue;
    }
    if (!("callId" in e) || e.callId === null) continue;
    const call = latest.get(key(e.session, e.callId));
    if (call === undefined) continue;
    at.set(logged.seq, call);
    switch (e.type) {
      case "model_verdict": {
        const { kind, ruleId, textHash, signature, answer, reason, cached } = e;
        call.verdicts.push({
          kind,
          ruleId,
          textHash,
          signature,
          ...(e.contextHash === undefined ? {} : { contextHash: e.contextHash }),
          answer,
          reason,
          cached,
        });
        break;
      }
      case "model_failed":
        call.modelFailed = true;
        break;
      case "decision":
        call.decision ??= { seq: logged.seq, event: e };
        break;
      default:
        break;
    }
  }
  return { all, at };
}

/** Two sessions in one log (`rules eval --log`) may use the same call ids. */
function key(session: string, callId: string): string {
  return `${session}\u0000${callId}`;
}
