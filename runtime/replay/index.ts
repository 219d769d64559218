export { replayLog, type ReplayOptions } from "./replay.ts";
export { readEvents, type Logged } from "./read.ts";
export {
  diffCalls,
  verified,
  type ApprovalRecord,
  type CallReplay,
  type DecisionView,
  type ReplayResult,
} from "./types.ts";
