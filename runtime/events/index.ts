/** Session events: the tagged union the fold consumes and the log stores, and its validator for data read back. */
export type {
  ApprovalAnswer,
  DecisionRecord,
  Event,
  ExecutionFacts,
  EventOf,
  EventType,
  LabelReport,
  ModeChange,
  MonitorHits,
  OperationSummary,
  PlanStepRecord,
  PlanStepRef,
  Stage,
} from "./types.ts";
export { EVENT_TYPES, STAGES } from "./types.ts";
export { eventProblem, isEvent } from "./validate.ts";
export { summarize } from "./summary.ts";
