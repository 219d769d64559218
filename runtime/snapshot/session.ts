import { ownEntry } from "../../core/index.ts";
import { freeze } from "immer";
import type { Policy } from "../../compiler/index.ts";
import { eventProblem, isEvent } from "../events/index.ts";
import { fold, initialState, type SessionState } from "../state/index.ts";
import type { StateCodec } from "./file.ts";
import type { Folder } from "./load.ts";

/**
 * The session fold as loadSession needs it: the policy's initial state, the runtime's fold, and the event
 * validator in front of it (a log is data from disk). SessionState is plain JSON, so a snapshot stores it
 * as it is; a decoded state is frozen again, as the fold's own results are.
 */
export function sessionFolder(policy: Policy): Folder<SessionState> {
  const initial = initialState(policy);
  return {
    policyHash: policy.hash,
    initial: () => initial,
    fold: (state, event) => (isEvent(event) ? fold(state, event) : (eventProblem(event) ?? "not an event")),
    codec: sessionCodec(initial),
  };
}

/**
 * A snapshot whose state lacks a field of today's state shape, or holds one of another JSON kind (a list
 * where a record is expected), is from an older version: fold from the start.
 */
function sessionCodec(initial: SessionState): StateCodec<SessionState> {
  const shape = Object.entries(initial).map(([k, v]) => [k, kindOf(v)] as const);
  return {
    encode: (state) => state,
    decode: (json) => {
      if (typeof json !== "object" || json === null) return null;
      const fields = json as Readonly<Record<string, unknown>>;
      if (!shape.every(([k, kind]) => Object.hasOwn(fields, k) && kindOf(ownEntry(fields, k)) === kind)) return null;
      return freeze(json as SessionState, true);
    },
  };
}

function kindOf(v: unknown): string {
  return Array.isArray(v) ? "list" : v === null ? "null" : typeof v;
}
