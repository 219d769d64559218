import { existsSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { diagnostic, type Diagnostic, ownEntry } from "../core/index.ts";
import { BUILTIN_FILE, BUILTIN_LABEL, BUILTIN_SETS } from "./builtin-files.ts";
import { didYouMean } from "./did-you-mean.ts";
import { ioDetail } from "./io-detail.ts";
import { loadRulesFile } from "./load.ts";
import type { RulesFile } from "./schema/index.ts";
import { makeSource, spanAt, type Located, type Source } from "./source.ts";

/** Who wrote a source decides what it may do (docs/reference/rules-yaml.md: a project file may only add restrictions). */
export type Trust = "builtin" | "trusted" | "project";

/** One loaded rules file in the layering order, lowest first. */
export interface Layer {
  readonly source: Source;
  readonly config: RulesFile;
  readonly trust: Trust;
  /** Directory that relative paths in this file (extends, skill globs) resolve against. */
  readonly dir: string;
}

/** A rules text to layer: its text, the name diagnostics show, and the directory its relative paths use. */
export interface SourceInput {
  readonly text: string;
  readonly file: string;
  readonly dir: string;
  /** RULEGATE_RULES_JSON: an override snippet, which may be `{}` and leave out `version`. Files may not. */
  readonly snippet?: boolean;
}

export { BUILTIN_LABEL };

let builtinCache: { layer: Layer | null; diagnostics: readonly Diagnostic[] } | undefined;

/** The built-in defaults, loaded once per process (the file is part of rulegate and never changes at run time). */
export function builtinLayer(): { layer: Layer | null; diagnostics: readonly Diagnostic[] } {
  if (builtinCache) return builtinCache;
  const source = makeSource(BUILTIN_LABEL, existsSync(BUILTIN_FILE) ? readFileSync(BUILTIN_FILE, "utf8") : "");
  const { config, diagnostics } = loadRulesFile(source);
  builtinCache = {
    layer: config ? { source, config, trust: "builtin", dir: dirname(BUILTIN_FILE) } : null,
    diagnostics,
  };
  return builtinCache;
}

/**
 * Loads `input` and, before it, every file it extends (depth first, each file at most once). The built-ins
 * are always the base layer, so `extends: [builtin:defaults]` adds nothing beyond them (ADR 0021).
 */
export function loadChain(
  input: SourceInput,
  trust: Trust,
  seen: Set<string>,
): { layers: Layer[]; diagnostics: Diagnostic[] } {
  const out = { layers: [] as Layer[], diagnostics: [] as Diagnostic[] };
  visit(input, trust, [], seen, out);
  return out;
}

interface Frame {
  readonly key: string;
  readonly file: string;
}

function visit(
  input: SourceInput,
  trust: Trust,
  stack: readonly Frame[],
  seen: Set<string>,
  out: { layers: Layer[]; diagnostics: Diagnostic[] },
): void {
  const key = identity(input);
  seen.add(key);
  const source = makeSource(input.file, input.text);
  const { config, diagnostics } = loadRulesFile(source);
  out.diagnostics.push(...diagnostics);
  if (!config) return;
  if (input.snippet !== true) out.diagnostics.push(...fileShape(config, source));
  for (const ref of config.extends?.items ?? []) {
    const next = resolveExtends(ref, input, out.diagnostics);
    if (next === null) continue;
    const nextKey = identity(next);
    const path = [...stack, { key, file: input.file }];
    const loopAt = path.findIndex((f) => f.key === nextKey);
    if (loopAt !== -1) {
      const cycle = [...path.slice(loopAt).map((f) => f.file), next.file];
      out.diagnostics.push(diagnostic("RG3002", ref.span, { cycle: cycle.join(" → ") }));
      continue;
    }
    if (seen.has(nextKey)) continue;
    visit(next, trust, path, seen, out);
  }
  out.layers.push({ source, config, trust, dir: input.dir });
}

function resolveExtends(ref: Located<string>, from: SourceInput, diagnostics: Diagnostic[]): SourceInput | null {
  const name = ref.value;
  if (name.startsWith("builtin:")) {
    const set = name.slice("builtin:".length);
    if (ownEntry(BUILTIN_SETS, set) === undefined) {
      const hint = didYouMean(
        name,
        Object.keys(BUILTIN_SETS).map((s) => `builtin:${s}`),
      );
      diagnostics.push(
        diagnostic(
          "RG3003",
          ref.span,
          {
            name,
            expected: Object.keys(BUILTIN_SETS)
              .map((s) => `builtin:${s}`)
              .join(", "),
          },
          hint ? { hint } : {},
        ),
      );
    }
    return null;
  }
  const path = isAbsolute(name) ? name : resolve(from.dir, name);
  try {
    const text = readFileSync(path, "utf8");
    const file = isAbsolute(name) ? name : join(dirname(from.file), name);
    return { text, file, dir: dirname(path) };
  } catch (err) {
    diagnostics.push(
      diagnostic("RG3001", ref.span, { path: name, origin: " named in extends", detail: ioDetail(err) }),
    );
    return null;
  }
}

/**
 * A rules file says which format it is written in, and an empty one is a mistake (a wrong path, a file
 * truncated by an editor): both would otherwise compile to the built-ins alone, silently.
 */
function fileShape(config: RulesFile, source: Source): Diagnostic[] {
  const start = spanAt(source, { start: 0, end: 0 });
  if (Object.keys(config.$keys).length === 0 && config.$unknown.length === 0)
    return [diagnostic("RG2011", start, { file: source.file })];
  if (config.version === undefined && !("version" in config.$keys)) {
    return [
      diagnostic(
        "RG2004",
        start,
        { where: "the rules file", key: "version" },
        { hint: "start the file with 'version: 1'" },
      ),
    ];
  }
  return [];
}

function identity(input: SourceInput): string {
  return isAbsolute(input.file) || input.file.includes("RULEGATE_RULES_JSON")
    ? input.file
    : resolve(input.dir, input.file.split(/[\\/]/).pop() ?? "");
}
