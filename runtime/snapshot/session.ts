import { freeze } from "immer";
import type { Policy } from "../../compiler/ir.ts";
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
    codec: sessionCodec(Object.keys(initial)),
  };
}

/** A snapshot whose state lacks a field of today's state shape is from an older version: fold from the start. */
function sessionCodec(fields: readonly string[]): StateCodec<SessionState> {
  return {
    encode: (state) => state,
    decode: (json) => {
      if (typeof json !== "object" || json === null || !fields.every((k) => Object.hasOwn(json, k))) return null;
      return freeze(json as SessionState, true);
    },
  };
}
