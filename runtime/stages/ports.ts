/**
 * The deterministic checks this runtime composes: the operation (runtime/operation), the hard-deny
 * catalogue (runtime/hard-deny) and pattern and path matching (runtime/match). Imported in this one file so
 * the stages read as the SPEC's list and the seam is visible.
 */
export { deriveOperation, raisedByReports } from "../operation/index.ts";
export { hardDenyCheck, workspaceOf } from "../hard-deny/index.ts";
export {
  patternHits,
  allowedBy,
  credentialHit,
  sandboxViolation,
  protectedTouch,
  protectedWrite,
  uncertainPath,
} from "../match/index.ts";
