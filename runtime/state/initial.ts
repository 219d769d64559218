import { freeze } from "immer";
import type { Policy } from "../../compiler/index.ts";
import { afterOf, initialMonitors, type MonitorValue } from "../eval/index.ts";
import type { SessionState } from "./types.ts";

/** The state of a new session under `policy`: act mode, automode on, no rule activated yet (`always` rules need no activation). */
export function initialState(policy: Policy): SessionState {
  const monitors: Record<string, readonly MonitorValue[]> = {};
  for (const rule of policy.rules) {
    const after = afterOf(rule);
    if (after !== null) monitors[rule.id] = initialMonitors(after);
  }
  return freeze(
    {
      policyHash: policy.hash,
      mode: "act",
      automode: true,
      activated: [],
      disabled: [],
      approved: [],
      autoApprove: { tools: [], all: false },
      counters: { checked: 0, allowed: 0, asked: 0, denied: 0, modelCalls: 0 },
      denials: [],
      denialHistory: policy.settings.denialHistory,
      monitors,
      transcript: [],
      pending: [],
      executed: 0,
      recent: [],
      asked: {},
      plans: [],
      plansProposed: 0,
      reported: [],
      reportsIgnored: [],
    },
    true,
  );
}
