/** Sessions: a policy plus folded state, deciding calls and taking commands, approvals and execution reports. */
export {
  createSession,
  type CallInput,
  type DecideOptions,
  type LearnOutcome,
  type LearnRequest,
  type PlanOptions,
  type Session,
  type SessionDeps,
  type SessionResult,
} from "./session.ts";
export { localRulesLearner } from "./learn-local.ts";
export type {
  PlanApproval,
  PlanProposal,
  PlanStepError,
  PlanStepInput,
  PlanStepPreview,
} from "./plans.ts";
export { judgeReport, parseSkillReport, type SkillReport } from "./labels.ts";
export { parseCommand, type CommandOutcome } from "./commands.ts";
export { compilePolicy, loadPolicy, PolicyError } from "./load-policy.ts";
export { counterIds, sleep } from "./defaults.ts";
export { policyChange, sessionStarted } from "./policy-change.ts";
export {
  createScriptRunner,
  decisionJson,
  parseScriptLine,
  type LineOutput,
  type PlanOutput,
  type PlanReply,
  type ScriptLine,
  type ScriptRunner,
} from "./script.ts";
