import type { Operation } from "../operation/index.ts";
import { CALL_ID_IN_USE, pendingCall, type SessionState } from "../state/index.ts";

/**
 * A call whose id names an earlier call still waiting for its report (decided allow or ask, not yet
 * reported as run): the report that comes next could be either call's, so an earlier web read could be
 * credited to the later call and escape the history rules. Such a call is denied, and the earlier one keeps
 * the id (docs/adr/0128). The same operation again is no ambiguity (either report is the same history):
 * it is decided as usual, as when one event reaches two installed hooks.
 */
export function callIdInUse(
  state: SessionState,
  callId: string,
  op: Operation,
): { readonly check: string; readonly reason: string } | null {
  const earlier = pendingCall(state, callId);
  if (earlier === undefined || earlier.operation.signature === op.signature) return null;
  return {
    check: CALL_ID_IN_USE,
    reason: `the call id ${callId} is still in use by an earlier call (${earlier.operation.signature}) that has not reported back; a call needs an id of its own`,
  };
}
