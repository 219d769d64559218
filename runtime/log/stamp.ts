import { statSync } from "node:fs";

/**
 * What a log file looked like right after a writer's own append: its inode, size and modification time. A
 * long-lived writer (rules serve) compares one `stat` of the path with it before reusing its in-memory state:
 * a log is only ever appended to (a torn-tail repair cuts bytes past the last complete line and so changes
 * the time), so an equal stamp means no other writer has appended since and the file was not replaced.
 * See docs/adr/0225-serve-log-fast-path.md.
 */
export interface LogStamp {
  readonly ino: bigint;
  readonly size: number;
  readonly mtimeNs: bigint;
}

/**
 * The stamp of the file at `path`, or null when it cannot be read. Synchronous on purpose: a stat of a local
 * file takes microseconds, and a hop through the thread pool costs the server more CPU than the call itself.
 */
export function stampOf(path: string): LogStamp | null {
  try {
    const s = statSync(path, { bigint: true });
    return { ino: s.ino, size: Number(s.size), mtimeNs: s.mtimeNs };
  } catch {
    return null;
  }
}

export function sameStamp(a: LogStamp, b: LogStamp): boolean {
  return a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs;
}
