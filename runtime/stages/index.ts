/**
 * The decision stages of docs/explanation/decision-order.md: `decide` runs one to its end; `begin` and `resume` are the same decision as
 * a value that can wait for the model or a human (docs/adr/0170). Execution events are shared with the
 * adapters' reports.
 */
export { decide, askApprover } from "./decide.ts";
export { begin, resume } from "./pipeline.ts";
export { askModel, type Answers, type AskInput } from "./ask-model.ts";
export { STAGE_TABLE, type StageRow } from "./table.ts";
export { executionEvents, executionFacts, monitorHits } from "./execute.ts";
export type {
  ApprovalRequest,
  Approver,
  DecideDeps,
  DecideResult,
  HumanAnswer,
  Pending,
  PendingApproval,
  PendingModel,
  Step,
  StepDeps,
  TraceStep,
} from "./types.ts";
