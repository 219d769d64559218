/**
 * The policies a long-lived server decides under, one per source (`--policy FILE`, or the config sources of
 * an agent's cwd), compiled once and again only when a source text changes. The source directories are
 * watched so that a change is compiled, and recorded in the live sessions, without waiting for the next
 * call. A source that stops compiling keeps its last good policy and reports the error (ADR 0182); one that
 * never compiled blocks, as the command hook does.
 */
import { existsSync, statSync, watch, type FSWatcher } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Policy } from "../compiler/index.ts";
import type { Diagnostic } from "../core/index.ts";
import { loadEffectivePolicy, policySourceKey, type PolicyLoad, type PolicySource } from "../adapters/common/index.ts";

export interface PolicyStatus {
  readonly source: string;
  readonly hash: string | null;
  /** The errors of the current text when it does not compile (the last good policy stays in force). */
  readonly errors: readonly Diagnostic[] | null;
  readonly changedAt: string;
}

export interface PolicyStore {
  load(source: PolicySource): Promise<PolicyLoad>;
  status(): readonly PolicyStatus[];
  /** After a source compiled to a different policy (`policy`), or stopped compiling (null: the last good stays). */
  onChange(listener: (source: PolicySource, policy: Policy | null) => void): void;
  close(): void;
}

interface Entry {
  readonly source: PolicySource;
  key: string | null;
  good: Policy | null;
  errors: readonly Diagnostic[] | null;
  changedAt: string;
  watchers: FSWatcher[];
  timer: NodeJS.Timeout | null;
  running: Promise<PolicyLoad> | null;
  /** The sources' stamps when their texts were last read (see `stampsOf`); null: read them on the next call. */
  stamps: string | null;
}

/** Editors write a file in several steps (truncate, write, rename): compile once they are done. */
const SETTLE_MS = 60;
/** A source modified less than this long ago is read on every call (see `stampsOf`). */
const RACY_MS = 2_000;

export function createPolicyStore(
  env: Readonly<Record<string, string | undefined>>,
  clock: () => Date = () => new Date(),
): PolicyStore {
  const entries = new Map<string, Entry>();
  const listeners: ((source: PolicySource, policy: Policy | null) => void)[] = [];

  const result = (e: Entry): PolicyLoad =>
    e.good !== null
      ? { ok: true, policy: e.good, warnings: [], cached: true }
      : { ok: false, diagnostics: e.errors ?? [] };

  async function refresh(e: Entry): Promise<PolicyLoad> {
    // Taken before the read: an edit during it changes the stamps, and the next call reads again.
    const stamps = stampsOf(e.source);
    const key = policySourceKey(e.source, env);
    e.stamps = key.ok ? stamps : null;
    if (key.ok && key.key === e.key) return result(e);
    const before = e.good?.hash ?? null;
    const wasBroken = e.errors !== null;
    const loaded = key.ok ? await loadEffectivePolicy(e.source, env, null) : key;
    e.key = key.ok ? key.key : null;
    e.changedAt = clock().toISOString();
    if (loaded.ok) {
      e.good = loaded.policy;
      e.errors = null;
    } else e.errors = loaded.diagnostics;
    if (e.good !== null && e.good.hash !== before && before !== null) for (const l of listeners) l(e.source, e.good);
    else if (e.errors !== null || wasBroken) for (const l of listeners) l(e.source, null);
    return result(e);
  }

  /** One compile at a time per source: a burst of requests after a change waits for the same one. */
  function refreshOnce(e: Entry): Promise<PolicyLoad> {
    if (e.running === null) e.running = refresh(e).finally(() => (e.running = null));
    return e.running;
  }

  function watchSources(e: Entry): void {
    const files = sourceFiles(e.source);
    // The directory, not the file: an editor that saves by rename replaces the file a watch would follow.
    for (const dir of new Set(files.map((f) => dirname(f)))) {
      if (!existsSync(dir)) continue;
      const names = new Set(files.filter((f) => dirname(f) === dir).map((f) => basename(f)));
      try {
        const w = watch(dir, { persistent: false }, (_event, name) => {
          if (name !== null && !names.has(String(name))) return;
          if (e.timer !== null) clearTimeout(e.timer);
          e.timer = setTimeout(() => {
            e.timer = null;
            e.stamps = null; // a watched change always reads the texts, whatever the stamps say
            void refreshOnce(e);
          }, SETTLE_MS);
        });
        w.on("error", () => w.close());
        e.watchers.push(w);
      } catch {
        // Not watchable (gone, no inotify left): the key check on each call still picks the change up.
      }
    }
  }

  return {
    load(source) {
      const id = JSON.stringify(source);
      let e = entries.get(id);
      if (e === undefined) {
        e = {
          source,
          key: null,
          good: null,
          errors: null,
          changedAt: clock().toISOString(),
          watchers: [],
          timer: null,
          running: null,
          stamps: null,
        };
        entries.set(id, e);
        watchSources(e);
      }
      // Before each call, one stat per source catches a change a watch missed (or has not reported yet): any
      // change of a file's inode, size or modification time reads and compiles the texts again (ADR 0226).
      if (e.running === null && e.stamps !== null && e.stamps === stampsOf(e.source)) return Promise.resolve(result(e));
      return refreshOnce(e);
    },
    status: () =>
      [...entries.values()].map((e) => ({
        source: e.source.kind === "file" ? e.source.path : `config sources of ${e.source.cwd}`,
        hash: e.good?.hash ?? null,
        errors: e.errors,
        changedAt: e.changedAt,
      })),
    onChange: (l) => void listeners.push(l),
    close() {
      for (const e of entries.values()) {
        for (const w of e.watchers) w.close();
        if (e.timer !== null) clearTimeout(e.timer);
      }
    },
  };
}

/** The paths whose texts make the policy of `source` (as policySourceKey reads them). */
function sourceFiles(source: PolicySource): string[] {
  return source.kind === "file"
    ? [source.path]
    : [
        join(source.home, ".config", "rulegate", "rules.yaml"),
        join(source.cwd, ".rulegate", "rules.yaml"),
        join(source.cwd, ".rulegate", "rules.local.yaml"),
      ];
}

/**
 * Inode, size and modification time (ns) of each source file, "-" for a missing one; null when one cannot be
 * read, or when one was modified in the last seconds: file times are coarser than the clock, and a second
 * edit of the same size within the same tick would keep the stamp (git's "racily clean" files). Such a
 * source is read again on each call until it has been still for a while.
 */
function stampsOf(source: PolicySource): string | null {
  const settled = BigInt(Date.now() - RACY_MS) * 1_000_000n;
  try {
    const parts: string[] = [];
    for (const f of sourceFiles(source)) {
      const s = statSync(f, { bigint: true, throwIfNoEntry: false });
      if (s !== undefined && s.mtimeNs > settled) return null;
      parts.push(s === undefined ? "-" : `${s.ino}:${s.size}:${s.mtimeNs}`);
    }
    return parts.join(" ");
  } catch {
    return null;
  }
}
