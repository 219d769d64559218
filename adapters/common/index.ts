/**
 * What every adapter shares: the session driver an agent surface implements (driver.ts, over a runtime session
 * in session-driver.ts), the effective policy with its cache, decision and status texts, the guidance notes,
 * and where the installed package lives.
 */
export type { AgentCall, AgentDecision, SessionDriver, StatusView } from "./driver.ts";
export { CLAUDE_CODE_SYSTEM_NOTE, GUIDANCE, PI_SYSTEM_NOTE } from "./guidance.ts";
export { builtinDefaultsPath, installedPackageDirs, packageRoot } from "./package-root.ts";
export {
  loadEffectivePolicy,
  policySourceKey,
  type PolicyCache,
  type PolicyLoad,
  type PolicySource,
} from "./policy.ts";
export {
  CLAUDE_CODE_SYNTAX,
  decisionText,
  MCP_SYNTAX,
  PI_SYNTAX,
  type CommandSyntax,
  type DecisionText,
} from "./reason.ts";
export { driverOf, statusOf } from "./session-driver.ts";
export { renderPlans, renderStatus } from "./status.ts";
export { planText } from "./plan-text.ts";
