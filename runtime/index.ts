/** The decision runtime's public surface (docs/explanation/decision-order.md). */
export { compilePolicy, createSession, loadPolicy, PolicyError, parseCommand } from "./session/index.ts";
export type { CallInput, CommandOutcome, DecideOptions, Session, SessionDeps } from "./session/index.ts";
export type {
  PlanApproval,
  PlanOptions,
  PlanProposal,
  PlanStepError,
  PlanStepInput,
  PlanStepPreview,
} from "./session/index.ts";
export { decide, executionEvents, executionFacts, monitorHits } from "./stages/index.ts";
export type { ApprovalRequest, Approver, DecideDeps, DecideResult, TraceStep } from "./stages/index.ts";
export { fold, foldAll, initialState, replay, LIMITS } from "./state/index.ts";
export type { SessionState, Counters, DenialNote, PendingCall, PlanState } from "./state/index.ts";
export { EVENT_TYPES, STAGES, eventProblem, isEvent, summarize } from "./events/index.ts";
export type {
  ApprovalAnswer,
  DecisionRecord,
  Event,
  EventOf,
  EventType,
  ExecutionFacts,
  ModeChange,
  OperationSummary,
  Stage,
} from "./events/index.ts";
export { holds, type EvalContext } from "./eval/index.ts";
export { checkExamples, hasExamples } from "./examples/index.ts";
