/**
 * The effective policy for an agent working in `cwd` (docs/reference/rules-yaml.md sources, or one explicit `--policy` file),
 * with an optional on-disk cache of the compiled IR. The Claude Code hook is a fresh process per tool
 * call; compiling YAML and building the grammar each time would cost more than the whole hook budget, so
 * the bundled hook keeps the IR under $RULEGATE_HOME/cache keyed by every source text (ADR 0080). The
 * compiler is imported only on a cache miss.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import { diagnostic, type Diagnostic } from "../../core/index.ts";
import type { Policy } from "../../compiler/index.ts";
import { builtinDefaultsPath } from "./package-root.ts";

/** Where the config comes from: an explicit file (trusted, on top of the built-ins) or discovery from cwd. */
export type PolicySource =
  | { readonly kind: "file"; readonly path: string }
  | { readonly kind: "discover"; readonly cwd: string; readonly home: string };

export interface PolicyCache {
  readonly dir: string;
  /** Identity of the code that compiles (e.g. size and mtime of the bundle): a new build never reads old IR. */
  readonly fingerprint: string;
}

export type PolicyLoad =
  | { readonly ok: true; readonly policy: Policy; readonly warnings: readonly Diagnostic[]; readonly cached: boolean }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

interface SourceText {
  readonly role: string;
  readonly path: string;
  readonly text: string;
}

interface CacheEntry {
  readonly key: string;
  /** Files the IR was built from besides the top-level sources (extends, skill docs): size and mtime. */
  readonly deps: readonly { readonly path: string; readonly size: number; readonly mtimeMs: number }[];
  readonly policy: Policy;
}

const ENV_VAR = "RULEGATE_RULES_JSON";

export async function loadEffectivePolicy(
  source: PolicySource,
  env: Readonly<Record<string, string | undefined>>,
  cache: PolicyCache | null,
): Promise<PolicyLoad> {
  const texts = readSources(source);
  if (!texts.ok) return texts;
  const key = cache ? cacheKey(cache.fingerprint, source, texts.sources, env[ENV_VAR]) : null;
  if (cache && key) {
    const hit = readCache(cache.dir, key);
    if (hit) return { ok: true, policy: hit, warnings: [], cached: true };
  }
  const compiler = await import("../../compiler/index.ts");
  const result =
    source.kind === "file"
      ? compiler.compileFile(source.path)
      : compiler.compileSources(compiler.discoverSources(source.cwd, source.home, env), { cwd: source.cwd });
  if (result.policy === null)
    return { ok: false, diagnostics: result.diagnostics.filter((d) => d.severity === "error") };
  if (cache && key) writeCache(cache.dir, key, result.policy, new Set(texts.sources.map((s) => s.path)));
  return { ok: true, policy: result.policy, warnings: result.diagnostics, cached: false };
}

/**
 * A key for every text the policy is built from (a long-lived host compiles again only when it changes), or
 * the diagnostics of a source that cannot be read.
 */
export function policySourceKey(
  source: PolicySource,
  env: Readonly<Record<string, string | undefined>>,
): { readonly ok: true; readonly key: string } | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] } {
  const texts = readSources(source);
  if (!texts.ok) return texts;
  return { ok: true, key: cacheKey("in-memory", source, texts.sources, env[ENV_VAR]) };
}

/** The texts that decide the policy. Reading them is the cache check; an unreadable source is an error. */
function readSources(
  source: PolicySource,
): { ok: true; sources: SourceText[] } | { ok: false; diagnostics: Diagnostic[] } {
  const paths: { role: string; path: string }[] =
    source.kind === "file"
      ? [{ role: "file", path: source.path }]
      : [
          { role: "user", path: join(source.home, ".config", "rulegate", "rules.yaml") },
          { role: "project", path: join(source.cwd, ".rulegate", "rules.yaml") },
          { role: "local", path: join(source.cwd, ".rulegate", "rules.local.yaml") },
        ];
  const sources: SourceText[] = [];
  for (const { role, path } of paths) {
    try {
      sources.push({ role, path, text: readFileSync(path, "utf8") });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // A discovered source that does not exist is simply not part of the policy; a named one must exist.
      if (source.kind === "discover" && code === "ENOENT") continue;
      const span = { file: path, line: 1, column: 1, endLine: 1, endColumn: 1 };
      const detail = code === "ENOENT" ? "no such file" : err instanceof Error ? err.message : String(err);
      return { ok: false, diagnostics: [diagnostic("RG3001", span, { path, origin: "", detail })] };
    }
  }
  return { ok: true, sources };
}

function cacheKey(
  fingerprint: string,
  source: PolicySource,
  sources: readonly SourceText[],
  envJson: string | undefined,
): string {
  const h = createHash("sha256");
  h.update(JSON.stringify({ v: 1, fingerprint, source, env: envJson?.trim() ? envJson : null }));
  for (const s of sources) h.update(`\0${s.role}\0${s.path}\0${s.text}`);
  return h.digest("hex");
}

function readCache(dir: string, key: string): Policy | null {
  let entry: CacheEntry;
  try {
    entry = JSON.parse(readFileSync(join(dir, `policy-${key.slice(0, 32)}.json`), "utf8")) as CacheEntry;
  } catch {
    return null; // missing or unreadable: compile
  }
  if (entry.key !== key) return null;
  for (const dep of entry.deps) {
    try {
      const st = statSync(dep.path);
      if (st.size !== dep.size || st.mtimeMs !== dep.mtimeMs) return null;
    } catch {
      return null;
    }
  }
  return entry.policy;
}

/** Best effort: a cache that cannot be written only costs speed. Written atomically (temp file + rename). */
function writeCache(dir: string, key: string, policy: Policy, topLevel: ReadonlySet<string>): void {
  try {
    const builtin = builtinDefaultsPath();
    const files = spanFiles(policy);
    if (builtin !== null) files.add(builtin);
    const deps = [...files]
      .filter((p) => !topLevel.has(p) && isAbsolute(p))
      .map((path) => {
        const st = statSync(path);
        return { path, size: st.size, mtimeMs: st.mtimeMs };
      });
    const entry: CacheEntry = { key, deps, policy };
    const file = join(dir, `policy-${key.slice(0, 32)}.json`);
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(entry));
    renameSync(tmp, file);
  } catch {
    // ignore: the next run compiles again
  }
}

/** Every file named by a span in the IR: the extended files and skill docs the policy was built from. */
function spanFiles(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const v of value) spanFiles(v, out);
  else if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      if (k === "file" && typeof v === "string") out.add(v);
      else spanFiles(v, out);
    }
  }
  return out;
}
