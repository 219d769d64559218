/** The compiler's public surface: rules.yaml (and the layered config sources) → typed IR + diagnostics. */
export { compileText, compileFile, compileSources, discoverSources, ENV_VAR, sortDiagnostics } from "./compile.ts";
export type { CompileResult, CompileOptions, ConfigSources } from "./compile.ts";
export { canonicalTool, GLOB_CHARS, isPathTool, KNOWN_TOOLS, PATH_TOOLS, toolNameMatcher } from "./tool-names.ts";
export { rulesJsonSchema } from "./schema/index.ts";
export { standalonePattern } from "./standalone-pattern.ts";
export { compilePattern, matchesEverything } from "./lower-pattern.ts";
export { located, makeSource } from "./source.ts";
export { contentHash } from "./hash.ts";
export { didYouMean } from "./did-you-mean.ts";
export { withApproval, type LearnedApproval } from "./local-rules.ts";
export { builtinHardDenyNames } from "./builtin.ts";
export { builtinRuleFile } from "./builtin-files.ts";
export type * from "./ir.ts";
export { IR_VERSION, LEVELS, LEVEL_RANK, OP_TYPES } from "./ir.ts";
