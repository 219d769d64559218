/** Normalization of calls: canonical tool names (shared with the compiler), primary arguments, paths. */
export { canonicalTool, isPathTool, KNOWN_TOOLS, PATH_TOOLS } from "../../compiler/index.ts";
export { expandTilde, type Expanded } from "./home.ts";
export { isWindowsPath, lexicalJoin, resolvePath, type PathBase, type PathMark, type ResolvedPath } from "./path.ts";
export { canonicalJson, rawPrimary, rawToolPath } from "./primary.ts";
export { expandGlob, hasGlob, MAX_EXPANSION, type Expansion, type GlobMatch } from "./glob-expand.ts";
export { guardedExpansions } from "./glob-candidates.ts";
export * as SHELL_STARTUP from "./shell-startup.ts";
export * as RUN_LATER from "./run-later.ts";
export * as OWN_SETTINGS from "./own-settings.ts";
export { listTree, MAX_TREE_ENTRIES } from "./tree-listing.ts";
