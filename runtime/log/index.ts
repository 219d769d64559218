export { canonicalJson, sha256Hex } from "./canonical.ts";
export {
  checkLine,
  eventOf,
  sealLine,
  EMPTY_HEAD,
  type LineBody,
  type LineCheck,
  type LineFault,
  type LogFault,
  type LogHead,
} from "./record.ts";
export { scanLog, verifyLog, type LogEntry, type ScanResult, type Visitor } from "./scan.ts";
export { sameStamp, stampOf, type LogStamp } from "./stamp.ts";
export { lineEndingAt } from "./tail.ts";
export { openLog, LogError, type AppendResult, type LogErrorCode, type LogOptions, type LogWriter } from "./writer.ts";
