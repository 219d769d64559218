import { open } from "node:fs/promises";
import { checkLine, EMPTY_HEAD, type LineBody, type LogFault, type LogHead } from "./record.ts";

/**
 * Streams a log in large chunks and checks every line against the chain as it goes, stopping at the first
 * bad line. Works on bytes (newline = 0x0a) so each line's byte offsets are known: a snapshot stores the
 * offset after its line and a later load starts reading there instead of at byte 0.
 */

export interface LogEntry {
  readonly seq: number;
  readonly hash: string;
  readonly body: LineBody;
  /** Byte offsets of the line in the file; `end` is just after its newline. */
  readonly start: number;
  readonly end: number;
}

export type ScanResult =
  | { readonly ok: true; readonly count: number; readonly head: LogHead }
  | {
      readonly ok: false;
      /** The first bad seq: the seq the bad line should have had (its line number in the file). */
      readonly seq: number;
      readonly reason: LogFault;
      readonly detail: string;
      /** Good lines visited before the bad one, and where the good part ends. */
      readonly count: number;
      readonly head: LogHead;
    };

const CHUNK = 1 << 20;
const MIN_CHUNK = 4096;
const NEWLINE = 0x0a;

/**
 * Visits every good line after `from` (default: the start of the file) in order. `visit` may reject a
 * line's content by returning a reason (the scan stops there with `invalid-event`); it throws only on bugs.
 */
export type Visitor = (entry: LogEntry) => string | undefined | void;

export async function scanLog(path: string, visit: Visitor, from: LogHead = EMPTY_HEAD): Promise<ScanResult> {
  const file = await open(path, "r");
  try {
    let head = from;
    let count = 0;
    let carry: Buffer | null = null;
    let position = from.end;
    // As large as what is there to read, up to CHUNK: a warm session folds a tail of a few lines, often none,
    // and a server that allocated a whole chunk per request spent its time in the garbage collector.
    const { size } = await file.stat();
    const room = Math.min(CHUNK, Math.max(MIN_CHUNK, size - from.end));
    const buffer = Buffer.allocUnsafe(room);
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, room, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      let chunk = buffer.subarray(0, bytesRead);
      if (carry !== null) {
        chunk = Buffer.concat([carry, chunk]);
        carry = null;
      }
      let lineStart = 0;
      for (;;) {
        const newline = chunk.indexOf(NEWLINE, lineStart);
        if (newline < 0) break;
        const text = chunk.toString("utf8", lineStart, newline);
        const start = head.end;
        const end = start + (newline - lineStart) + 1;
        const checked = checkLine(text, { seq: head.seq + 1, prev: head.hash });
        if (!checked.ok)
          return { ok: false, seq: head.seq + 1, reason: checked.reason, detail: checked.detail, count, head };
        const rejected = visit({ seq: checked.seq, hash: checked.hash, body: checked.body, start, end });
        if (typeof rejected === "string")
          return { ok: false, seq: checked.seq, reason: "invalid-event", detail: rejected, count, head };
        head = { seq: checked.seq, hash: checked.hash, end };
        count++;
        lineStart = newline + 1;
      }
      // The unfinished line must survive the next read into the shared buffer, so copy it out.
      if (lineStart < chunk.length) carry = Buffer.from(chunk.subarray(lineStart));
    }
    if (carry !== null) {
      return {
        ok: false,
        seq: head.seq + 1,
        reason: "truncated-tail",
        detail: `the last ${carry.length} byte(s) are not a complete line (a crash mid-append?)`,
        count,
        head,
      };
    }
    return { ok: true, count, head };
  } finally {
    await file.close();
  }
}

/** Checks the whole chain of a log file. */
export function verifyLog(path: string): Promise<ScanResult> {
  return scanLog(path, () => {});
}
