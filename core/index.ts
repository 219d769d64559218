/**
 * The core: what every layer shares, depending on no other folder: source spans,
 * diagnostics and their catalog, canonical JSON, object memos, own-key table lookups, the `*`-only text glob.
 */
export { assertNever } from "./assert-never.ts";
export { canonicalText } from "./canonical-json.ts";
export { CATALOG, type CatalogEntry, type CodedArgs, type DiagnosticArgs, type DiagnosticCode } from "./catalog.ts";
export { codedDiagnostic, diagnostic, type Diagnostic, type DiagnosticExtra, type Severity } from "./diagnostic.ts";
export { memoByObject, memoByObjectAndKey } from "./memo.ts";
export { ownEntry } from "./own.ts";
export type { Range, Span } from "./span.ts";
export { starGlob, type StarGlobOptions, type TextMatcher } from "./star-glob.ts";
