import type { Policy } from "../../compiler/ir.ts";
import type { Event } from "../events/index.ts";
import type { SessionState } from "../state/index.ts";

/**
 * A session reopened under rules other than those its events say were in force (the rules file was edited,
 * or a checkout brought another one) records the change before its next decision: an audit of the log must
 * be able to tell which rules each decision was made under. null when nothing changed.
 */
export function policyChange(state: SessionState, policy: Policy, at: string, session: string): Event | null {
  return state.policyHash === policy.hash ? null : { type: "policy_changed", at, session, from: state.policyHash, to: policy.hash };
}
