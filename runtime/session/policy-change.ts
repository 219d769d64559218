import type { Policy } from "../../compiler/index.ts";
import type { Event, EventOf } from "../events/index.ts";
import type { SessionState } from "../state/index.ts";

/**
 * The events that say which rules a session's decisions were made under. Each carries the compiled rules
 * (the IR, content-addressed by its hash), so a log verifies alone, wherever it is read (docs/adr/0133).
 */

/**
 * A session reopened under rules other than those its events say were in force (the rules file was edited,
 * or a checkout brought another one) records the change before its next decision: an audit of the log must
 * be able to tell which rules each decision was made under. null when nothing changed.
 */
export function policyChange(state: SessionState, policy: Policy, at: string, session: string): Event | null {
  return state.policyHash === policy.hash
    ? null
    : { type: "policy_changed", at, session, from: state.policyHash, to: policy.hash, ir: policy };
}

/**
 * The first event of a session: its rules, `home` (what `~` meant) and rulegate's own directories, as replay
 * needs them on another machine. `withIr: false` when the log already holds the IR of this hash (another
 * session of the same `rules eval --log` file): the IR is stored once per hash, not per session.
 */
export function sessionStarted(
  policy: Policy,
  at: string,
  session: string,
  extra: { readonly home: string; readonly ownDirs?: readonly string[]; readonly withIr: boolean },
): EventOf<"session_started"> {
  return {
    type: "session_started",
    at,
    session,
    policyHash: policy.hash,
    home: extra.home,
    ...(extra.ownDirs !== undefined ? { ownDirs: extra.ownDirs } : {}),
    ...(extra.withIr ? { ir: policy } : {}),
  };
}
