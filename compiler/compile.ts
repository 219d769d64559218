import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { diagnostic, type Diagnostic } from "../core/index.ts";
import type { Policy } from "./ir.ts";
import { builtinHardDenyNames } from "./builtin.ts";
import { ioDetail } from "./io-detail.ts";
import { lowerPolicy } from "./lower.ts";
import { mergeLayers } from "./merge.ts";
import { builtinLayer, BUILTIN_LABEL, loadChain, type Layer, type SourceInput } from "./sources.ts";

export interface CompileResult {
  /** Null when any diagnostic is an error. */
  readonly policy: Policy | null;
  readonly diagnostics: readonly Diagnostic[];
  /**
   * When there are errors: the policy as far as it compiled, holding only the rules whose `match` and
   * `after` compiled. Never a policy to decide with; it is there for checks that can still run on those
   * rules (their examples, RG6001), so that one mistake does not hide the others.
   */
  readonly partial?: Policy;
}

export interface CompileOptions {
  /** `project` compiles the file as an untrusted project file (docs/reference/rules-yaml.md); default `trusted`. */
  readonly trust?: "trusted" | "project";
  /** Directory for relative `extends` and skill globs; default: the directory of `file`. */
  readonly dir?: string;
}

/** Sources of the effective policy (docs/reference/rules-yaml.md), each a file path except `envJson`, the text of RULEGATE_RULES_JSON. */
export interface ConfigSources {
  readonly user?: string;
  readonly project?: string;
  readonly local?: string;
  readonly envJson?: string;
}

export const ENV_VAR = "RULEGATE_RULES_JSON";

/** Compiles one rules text on top of the built-ins: parse → layer → check → lower. */
export function compileText(text: string, file: string, options: CompileOptions = {}): CompileResult {
  return compileInputs([
    { input: { text, file, dir: options.dir ?? dirname(resolve(file)) }, trust: options.trust ?? "trusted" },
  ]);
}

/** Compiles one rules file on top of the built-ins. An unreadable file is a diagnostic, not an exception. */
export function compileFile(path: string, options: CompileOptions = {}): CompileResult {
  const read = readSource(path);
  if ("error" in read) return { policy: null, diagnostics: [read.error] };
  return compileInputs([{ input: { ...read, dir: options.dir ?? read.dir }, trust: options.trust ?? "trusted" }]);
}

/** The effective policy: built-ins ← user ← project (untrusted) ← local ← RULEGATE_RULES_JSON. */
export function compileSources(sources: ConfigSources, options: { readonly cwd?: string } = {}): CompileResult {
  const inputs: { input: SourceInput; trust: "trusted" | "project" }[] = [];
  const errors: Diagnostic[] = [];
  const add = (path: string | undefined, trust: "trusted" | "project") => {
    if (path === undefined) return;
    const read = readSource(path);
    if ("error" in read) errors.push(read.error);
    else inputs.push({ input: read, trust });
  };
  add(sources.user, "trusted");
  add(sources.project, "project");
  add(sources.local, "trusted");
  if (sources.envJson !== undefined)
    inputs.push({
      input: { text: sources.envJson, file: ENV_VAR, dir: options.cwd ?? process.cwd(), snippet: true },
      trust: "trusted",
    });
  const result = compileInputs(inputs);
  return errors.length === 0 ? result : { policy: null, diagnostics: [...errors, ...result.diagnostics] };
}

function compileInputs(inputs: readonly { input: SourceInput; trust: "trusted" | "project" }[]): CompileResult {
  const builtin = builtinLayer();
  const diagnostics: Diagnostic[] = [...builtin.diagnostics];
  const layers: Layer[] = builtin.layer ? [builtin.layer] : [];
  const seen = new Set<string>([BUILTIN_LABEL]);
  for (const { input, trust } of inputs) {
    const chain = loadChain(input, trust, seen);
    layers.push(...chain.layers);
    diagnostics.push(...chain.diagnostics);
  }
  const hardDenyNames = builtinHardDenyNames();
  const merged = mergeLayers(layers);
  diagnostics.push(...merged.diagnostics);
  const lowered = lowerPolicy(merged.merged, hardDenyNames);
  diagnostics.push(...lowered.diagnostics);
  const sorted = sortDiagnostics(diagnostics);
  if (!sorted.some((d) => d.severity === "error")) return { policy: lowered.policy, diagnostics: sorted };
  const partial = { ...lowered.policy, rules: lowered.policy.rules.filter((r) => lowered.compiledRules.has(r)) };
  return { policy: null, diagnostics: sorted, partial };
}

function readSource(path: string): SourceInput | { error: Diagnostic } {
  try {
    return { text: readFileSync(path, "utf8"), file: path, dir: dirname(resolve(path)) };
  } catch (err) {
    const detail = ioDetail(err);
    const span = { file: path, line: 1, column: 1, endLine: 1, endColumn: 1 };
    return { error: diagnostic("RG3001", span, { path, origin: "", detail }) };
  }
}

/** Diagnostics in reading order: by file (first appearance), then line and column. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  const fileOrder = new Map<string, number>();
  for (const d of list) if (!fileOrder.has(d.span.file)) fileOrder.set(d.span.file, fileOrder.size);
  return [...list].sort(
    (a, b) =>
      (fileOrder.get(a.span.file) ?? 0) - (fileOrder.get(b.span.file) ?? 0) ||
      a.span.line - b.span.line ||
      a.span.column - b.span.column,
  );
}

/** Where the config sources of docs/reference/rules-yaml.md live for an agent working in `cwd`. Only existing files are returned. */
export function discoverSources(
  cwd: string,
  home: string,
  env: Readonly<Record<string, string | undefined>>,
  exists: (p: string) => boolean = existsSync,
): ConfigSources {
  const pick = (p: string) => (exists(p) ? p : undefined);
  const user = pick(join(home, ".config", "rulegate", "rules.yaml"));
  const project = pick(join(cwd, ".rulegate", "rules.yaml"));
  const local = pick(join(cwd, ".rulegate", "rules.local.yaml"));
  const envJson = env[ENV_VAR];
  return {
    ...(user ? { user } : {}),
    ...(project ? { project } : {}),
    ...(local ? { local } : {}),
    ...(envJson !== undefined && envJson.trim() !== "" ? { envJson } : {}),
  };
}
