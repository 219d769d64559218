/**
 * Shell analysis: a bash command string → the simple commands that would run (wrappers peeled, code strings
 * and substitutions analysed), their redirects and context, and findings (unanalysable, unknown code,
 * interpreter one-liners). `loadShellAnalyzer()` loads the grammar once per process; `analyze` is then
 * synchronous, cached per string and returns frozen data. Decisions: docs/adr/0030-0036.
 */
export { analyzeBash, createShellAnalyzer, loadShellAnalyzer, type ShellAnalyzer } from "./analyzer.ts";
export { loadBashParser, type BashParser } from "./parser.ts";
export { MAX_DEPTH } from "./analysis-pass.ts";
export type { CommandContext, Redirect, RedirectMode, ShellAnalysis, ShellFinding, SimpleCommand } from "./types.ts";
export { FETCHING_RUNNERS, NEW_PACKAGE_FETCH, RUNNER_PROGRAMS, UNASKED_FETCH } from "./runners.ts";
export { PRIVILEGE_PROGRAMS, privilegedLabel, SUDO_ALIKES } from "./privilege-wrappers.ts";
export { codeEnvKind, type CodeEnvKind } from "./code-env.ts";
export { isCarriedLabel, PATH_LOOKUP } from "./carried-commands.ts";
export { makeEvalEffects, makeEvalTexts } from "./make-directives.ts";
export { outsideProject } from "./elsewhere.ts";
export { decodeAnsiC } from "./ansi-c.ts";
export { CONTAINER_VALUES } from "./container-options.ts";
export { findSelection } from "./find-selection.ts";
export { stageAfter, stageBefore } from "./pipeline-stages.ts";
export { gitEnvSettings } from "./git-env-config.ts";
export { codeLoads } from "./code-loads.ts";
export { inlineCode, interpreterOf, LABELS as ONE_LINER_LABELS } from "./interpreters.ts";
export { decoderName } from "./stdin-code.ts";
export { normalizeProgram } from "./spelling.ts";
export { JAR_LABEL } from "./jar-tools.ts";
export { runsCommands, SHELLS } from "./wrappers.ts";
export { MANY_JOBS } from "./walk.ts";
export { type Ecosystem, PLAIN_VERSION, wellKnownNames, wellKnownPackage } from "./known-packages.ts";
export { plantedText, type PlantedText } from "./planted-text.ts";
export { PLANTED_LABEL, plantedCode } from "./planted-code.ts";
