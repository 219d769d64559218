/** Session state: the initial state of a policy and the pure fold of events into it. */
export { fold, foldAll } from "./fold.ts";
export { initialState } from "./initial.ts";
export {
  CALL_ID_IN_USE,
  LIMITS,
  pendingCall,
  type Counters,
  type DenialNote,
  type PendingCall,
  type PlanState,
  type RecentAction,
  type SessionState,
} from "./types.ts";
import type { Policy } from "../../compiler/index.ts";
import type { Event } from "../events/index.ts";
import { foldAll } from "./fold.ts";
import { initialState } from "./initial.ts";
import type { SessionState } from "./types.ts";

/** `replay(events) = events.reduce(fold, initialState(policy))` (docs/reference/event-log.md). */
export function replay(policy: Policy, events: Iterable<Event>): SessionState {
  return foldAll(initialState(policy), events);
}
export { idSet } from "./id-set.ts";
