/**
 * Operations (docs/reference/operations.md): what a tool call will really do, derived deterministically. The hard-deny catalogue
 * (runtime/hard-deny) and the path checks (runtime/match) judge the Operation this folder derives.
 */
export { deriveOperation, type DeriveOptions } from "./derive.ts";
export { mostSevere, sortTypes, maxLevel } from "./severity.ts";
export { programKnowledge, TABLES } from "./knowledge/index.ts";
export { accessForms, landedPaths } from "./access-forms.ts";
export { isDiskDevice, namedDevice } from "./disk-devices.ts";
export { classifyCommand } from "./classify-command.ts";
export { mayStage, stagedCode, type StagedCode, type StagedRun } from "./staged-code.ts";
export { PGREP_VALUES } from "./process-targets.ts";
export { attachedProcesses } from "./process-secrets.ts";
export { inToolCache } from "./tool-caches.ts";
export { labelSample, raisedByReports, type ReportedLabel } from "./reported-labels.ts";
export type { Opaque } from "./opaque.ts";
export type { AccessMode, HardDenyHit, Operation, PathAccess, ToolCall, ToolLabels } from "./types.ts";
export { belowListDir, stdinNames, type StdinName } from "./stdin-names.ts";
