/**
 * Permission-pattern matching and the policy's path checks (docs/reference/patterns.md). The decision stages call these
 * through runtime/stages/ports.ts; decisions: docs/adr/0090 (command and text globs), 0091 (path globs and
 * path checks), 0092 (webfetch patterns).
 */
export { patternHits } from "./hits.ts";
export { allowedBy } from "./allow.ts";
export { credentialHit, sandboxViolation, protectedTouch, protectedWrite, uncertainPath } from "./path-checks.ts";
export { starGlob, type TextMatcher } from "../../core/index.ts";
export { GLOB_CHARS } from "./tool-pattern.ts";
export { denyForms, failsClosed } from "./bash-pattern.ts";
