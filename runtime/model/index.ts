export type {
  Answer,
  ClassifierConfig,
  FailureCause,
  ModelAction,
  ModelBatch,
  ModelClient,
  ModelResult,
  ModelUsage,
  Question,
  QuestionKind,
  TranscriptEntry,
  Verdict,
  VerdictRecord,
} from "./types.ts";
export { unavailableModel } from "./types.ts";
export { createAnthropicModel, type AnthropicModelOptions } from "./anthropic-client.ts";
export { withMemo, type MemoModelClient } from "./memo.ts";
export { createSessionModel, type SessionModelOptions } from "./session-model.ts";
export { recordedModel } from "./recorded.ts";
export { contextHashOf, verdictRecordOf } from "./keys.ts";
export { loadProjectInstructions, INSTRUCTION_FILES } from "./project-instructions.ts";
export { emptyStats, formatStats, metered, type MeteredModelClient, type ModelStats } from "./stats.ts";
