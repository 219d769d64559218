export { analyzeBash, createShellAnalyzer, loadShellAnalyzer, type ShellAnalyzer } from "./analyzer.ts";
export { loadBashParser, type BashParser } from "./parser.ts";
export { MAX_DEPTH } from "./session.ts";
export type { CommandContext, Redirect, RedirectMode, ShellAnalysis, ShellFinding, SimpleCommand } from "./types.ts";
