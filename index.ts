/**
 * rulegate: `import { loadPolicy, createSession } from "rulegate"` (README.md).
 *
 *   const session = createSession(loadPolicy("rules.yaml"), { model, approver });
 *   const decision = await session.decide({ tool: "Bash", input: { command: "git push -f" } }, { signal });
 */
export {
  compilePolicy,
  createSession,
  decide,
  fold,
  foldAll,
  initialState,
  isEvent,
  loadPolicy,
  PolicyError,
  replay,
} from "./runtime/index.ts";
export type {
  ApprovalRequest,
  Approver,
  CallInput,
  CommandOutcome,
  DecideOptions,
  DecisionRecord,
  Event,
  OperationSummary,
  Session,
  SessionDeps,
  SessionState,
  Stage,
} from "./runtime/index.ts";
export type { Policy } from "./compiler/index.ts";
export type { ModelClient } from "./runtime/model/index.ts";
