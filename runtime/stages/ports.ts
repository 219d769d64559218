/**
 * The deterministic checks this runtime composes, owned by runtime/operation and runtime/match. Imported in
 * this one file so the stages read as the SPEC's list and the seam is visible.
 */
export { deriveOperation } from "../operation/index.ts";
export { hardDenyCheck, credentialHit, sandboxViolation, touchesProtected } from "../operation/index.ts";
export { patternHits, allowedBy } from "../match/index.ts";
