import { fstatSync } from "node:fs";
import { appendFile, mkdir, open, type FileHandle } from "node:fs/promises";
import { dirname } from "node:path";
import { lockLog, type LockOptions } from "./lock.ts";
import { sealLine, type LogHead } from "./record.ts";
import { readTail, type Tail } from "./tail.ts";

/**
 * The append-only writer. Each `append` is one batch (the events of one decision): under the file lock it
 * re-reads the tail (another process may have appended since), seals the batch onto the chain, writes it
 * in one write and fsyncs before resolving. Any failure rejects; the caller fails the decision closed.
 */

export interface LogOptions extends LockOptions {
  /** Serialize writers across processes with `<log>.lock` (default true). */
  readonly lock?: boolean;
  /**
   * Cut off an incomplete final line (a crash mid-append) before appending, keeping its bytes in
   * `<log>.torn` (default true). Only with the lock: without it the "torn" bytes may be another
   * writer's append in progress. See docs/adr/0060-torn-tail-repair.md.
   */
  readonly repairTornTail?: boolean;
  /**
   * This writer is the log's only one (`rules mcp-proxy`: one process, a session id of its own): after its
   * first append it continues from the head it wrote, without re-reading and re-checking the tail each time.
   */
  readonly sole?: boolean;
  /** The log's directory exists already (a warm session of rules serve): no `mkdir` on open. */
  readonly dirExists?: boolean;
}

export interface AppendResult {
  /** seq of the batch's first line (head.seq + 1 - count) and the head after it. */
  readonly first: number;
  readonly head: LogHead;
  /** Bytes of a torn final line cut off before this append (0 when none). */
  readonly repaired: number;
}

export interface LogWriter {
  readonly path: string;
  /**
   * `expected`: the head the caller last saw (its load, or its previous append). When the file under the lock
   * is exactly that long, nothing was appended since and the tail is not re-read; otherwise it is, as always.
   */
  append(events: readonly object[], expected?: LogHead | null): Promise<AppendResult>;
  close(): Promise<void>;
}

export type LogErrorCode = "truncated-tail" | "corrupt-tail" | "short-write" | "lock-compromised" | "closed";

/** A log that cannot be appended to safely; `code` says why. */
export class LogError extends Error {
  constructor(
    readonly code: LogErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "LogError";
  }
}

export async function openLog(path: string, options: LogOptions = {}): Promise<LogWriter> {
  if (options.dirExists !== true) await mkdir(dirname(path), { recursive: true });
  const file = await open(path, "a+");
  const locked = options.lock ?? true;
  const repair = locked && (options.repairTornTail ?? true);
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;
  let own: LogHead | null = null;

  async function appendNow(events: readonly object[], expected: LogHead | null): Promise<AppendResult> {
    if (closed) throw new LogError("closed", `log ${path} is closed`);
    const lock = locked ? await lockLog(path, options) : null;
    try {
      const result = await appendLocked(file, path, events, { repair, known: own, expected });
      if (options.sole === true) own = result.head;
      const lost = lock?.compromised() ?? null;
      if (lost !== null)
        throw new LogError("lock-compromised", `lost the lock on ${path} while appending: ${lost.message}`);
      return result;
    } finally {
      await lock?.release();
    }
  }

  return {
    path,
    append(events, expected = null) {
      // Appends of one writer run one after another; the lock orders them against other processes.
      const next = queue.then(() => appendNow(events, expected));
      queue = next.catch(() => {});
      return next;
    },
    async close() {
      await queue;
      if (closed) return;
      closed = true;
      await file.close();
    },
  };
}

async function appendLocked(
  file: FileHandle,
  path: string,
  events: readonly object[],
  how: { readonly repair: boolean; readonly known: LogHead | null; readonly expected: LogHead | null },
): Promise<AppendResult> {
  const { repair } = how;
  let tail: Tail = how.known !== null ? { kind: "ok", head: how.known } : await tailAfter(file, how.expected);
  let repaired = 0;
  if (tail.kind === "torn") {
    if (!repair)
      throw new LogError("truncated-tail", `${path} ends in an incomplete line; refusing to append after it`);
    repaired = tail.size - tail.completeEnd;
    await keepTornBytes(file, path, tail.completeEnd, repaired);
    await file.truncate(tail.completeEnd);
    await file.sync();
    tail = await readTail(file);
  }
  if (tail.kind === "torn")
    throw new LogError("truncated-tail", `${path} still ends in an incomplete line after repair`);
  if (tail.kind === "corrupt")
    throw new LogError(
      "corrupt-tail",
      `${path}: the last line is bad (${tail.reason}: ${tail.detail}); refusing to append`,
    );
  let head = tail.head;
  if (events.length === 0) return { first: head.seq + 1, head, repaired };
  const lines: string[] = [];
  let { seq, hash } = head;
  for (const event of events) {
    seq += 1;
    const sealed = sealLine(event, seq, hash);
    hash = sealed.hash;
    lines.push(sealed.line, "\n");
  }
  const bytes = Buffer.from(lines.join(""), "utf8");
  // One write of the whole batch: with O_APPEND it lands at the end even if the file moved under us.
  const { bytesWritten } = await file.write(bytes, 0, bytes.length, null);
  if (bytesWritten !== bytes.length)
    throw new LogError("short-write", `wrote ${bytesWritten} of ${bytes.length} bytes to ${path}`);
  await file.datasync();
  head = { seq, hash, end: tail.head.end + bytes.length };
  return { first: tail.head.seq + 1, head, repaired };
}

/**
 * The tail, re-read unless the file (under the lock) is exactly as long as the head the caller expects. A log
 * only grows (a repair cuts bytes past the last complete line only), so any other writer's append since then
 * makes it longer, and a crashed one's torn bytes too: those cases read the tail and repair as before.
 */
async function tailAfter(file: FileHandle, expected: LogHead | null): Promise<Tail> {
  if (expected === null || expected.end === 0) return readTail(file);
  // Synchronous, as stampOf: microseconds of work, less than the thread-pool round trip.
  const { size } = fstatSync(file.fd);
  return size === expected.end ? { kind: "ok", head: expected } : readTail(file, size);
}

/** The cut bytes are evidence of the crash; they go to `<log>.torn` instead of vanishing. */
async function keepTornBytes(file: FileHandle, path: string, start: number, length: number): Promise<void> {
  const bytes = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await file.read(bytes, done, length - done, start + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  await appendFile(`${path}.torn`, Buffer.concat([bytes.subarray(0, done), Buffer.from("\n")]));
}
