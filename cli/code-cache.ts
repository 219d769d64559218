/**
 * Loads a CommonJS bundle through V8's code cache. Claude Code starts a process per hook event, and compiling
 * the hook's JavaScript was a tenth of its wall time. Node 20 has no compile cache for modules
 * (`module.enableCompileCache` is Node 22), so the hook's bundle is CommonJS and compiled as a `vm.Script`
 * with `cachedData`. V8 checks the data against the source, its version and flags, and rejects a mismatch;
 * the script is then compiled as usual and the cache written afresh.
 *
 * The cache lives in rulegate's own directory ($RULEGATE_HOME/cache), which a call may not write (the hook
 * protects it): code read from a cache is code the hook runs. A shared temp directory would let an agent
 * plant bytecode. Reading or writing the cache may fail (read-only home, full disk): the bundle is then
 * compiled without it, which changes speed only, never a decision.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { Script } from "node:vm";

export interface CachedModule {
  readonly exports: Record<string, unknown>;
  /** Whether V8 took the compiled code from the cache. */
  readonly fromCache: boolean;
  /** Writes the code cache when there was none or V8 rejected it; call it once the work is done. */
  readonly save: () => void;
}

const WRAPPER = ["(function (exports, require, module, __filename, __dirname) {", "\n})"] as const;

/**
 * Runs the CommonJS bundle `file` and returns its exports. `cacheFile` names the code cache; files of the
 * same stem in its directory (other builds, other Node versions) are removed when a new one is written.
 * The name must identify the bundle's content (the caller puts its size and mtime in it): V8's own check of
 * the source is by length, so a cache of an older bundle of the same length would run the old code.
 */
export function loadWithCodeCache(file: string, cacheFile: string): CachedModule {
  const source = readFileSync(file, "utf8");
  const cachedData = readCache(cacheFile);
  const script = new Script(WRAPPER[0] + source + WRAPPER[1], {
    filename: file,
    ...(cachedData !== null ? { cachedData } : {}),
  });
  const stale = cachedData === null || script.cachedDataRejected === true;
  const module = { exports: {} as Record<string, unknown> };
  const init = script.runInThisContext() as (e: unknown, r: NodeJS.Require, m: unknown, f: string, d: string) => void;
  init(module.exports, createRequire(file), module, file, dirname(file));
  return {
    exports: module.exports,
    fromCache: !stale,
    save: () => (stale ? writeCache(cacheFile, script.createCachedData()) : undefined),
  };
}

function readCache(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch {
    return null;
  }
}

function writeCache(path: string, data: Buffer): void {
  const dir = dirname(path);
  const stem = basename(path).split("-")[0] ?? "";
  try {
    mkdirSync(dir, { recursive: true });
    const temp = `${path}.${process.pid}.tmp`;
    writeFileSync(temp, data);
    renameSync(temp, path); // readers see the old file or the whole new one
    for (const f of readdirSync(dir))
      if (f !== basename(path) && f.startsWith(`${stem}-`) && f.endsWith(".v8cache"))
        rmSync(join(dir, f), { force: true });
  } catch {
    // An optimization only: the next process compiles without it.
  }
}
