import lockfile from "proper-lockfile";

/**
 * Cross-process mutual exclusion for one log file: parallel Claude Code hook processes append to the same
 * session log. proper-lockfile takes `<log>.lock` with an atomic mkdir, keeps it fresh while held and
 * treats a lock older than `staleMs` as left by a dead process.
 */
export interface LockOptions {
  readonly staleMs?: number;
  /** How long to keep retrying before giving up (the decision then fails closed). */
  readonly waitMs?: number;
}

export type Release = () => Promise<void>;

export async function lockLog(
  path: string,
  options: LockOptions = {},
): Promise<{ release: Release; compromised: () => Error | null }> {
  let compromised: Error | null = null;
  const waitMs = options.waitMs ?? 15_000;
  const release = await lockfile.lock(path, {
    lockfilePath: `${path}.lock`,
    realpath: false,
    stale: options.staleMs ?? 10_000,
    // Short, jittered retries: a holder keeps the lock for one small append (~1 ms plus fsync).
    retries: { retries: Math.ceil(waitMs / 25), minTimeout: 2, maxTimeout: 50, factor: 1.5, randomize: true },
    // Losing the lock while holding it means another writer may append too: fail the append, never crash.
    onCompromised: (err) => {
      compromised = err;
    },
  });
  return { release, compromised: () => compromised };
}
