/** Expression evaluation (docs/reference/expressions.md) and the incremental history monitors of `after` rules. */
export { holds, type EvalContext } from "./evaluate.ts";
export {
  advance,
  afterHolds,
  afterHoldsByScan,
  afterOf,
  historyNodes,
  initialMonitors,
  nodeHits,
  type HistoryNode,
  type MonitorValue,
} from "./history.ts";
export { readsClassification } from "./refs.ts";
export {
  fixedKeysOf,
  keyIndex,
  keysOf,
  kindsOf,
  mayHold,
  opKeys,
  patternKeys,
  type KeyIndex,
  type Keys,
} from "./prefilter.ts";
export { exprText } from "./print.ts";
export { compiled } from "./compile.ts";
