/** The decision stages of SPEC §2.4: `decide` is the one entry; execution events are shared with the adapters' reports. */
export { decide } from "./decide.ts";
export { executionEvents, executionFacts, monitorHits } from "./execute.ts";
export type { ApprovalRequest, Approver, DecideDeps, DecideResult, TraceStep } from "./types.ts";
