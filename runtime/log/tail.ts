import type { FileHandle } from "node:fs/promises";
import { checkLine, EMPTY_HEAD, type LineCheck, type LineFault, type LogHead } from "./record.ts";

/**
 * The end of a log as a writer needs it: the last complete line's seq and hash, read backwards from the
 * end so that appending costs O(last line), not O(log). Lines can be long (a Write call's content), so the
 * backwards search reads chunk by chunk until it finds the previous newline.
 */
export type Tail =
  | { readonly kind: "ok"; readonly head: LogHead }
  /** Bytes after the last newline: a line whose append never finished. `completeEnd` is where it starts. */
  | { readonly kind: "torn"; readonly completeEnd: number; readonly size: number }
  /** The last complete line does not check out on its own. */
  | { readonly kind: "corrupt"; readonly reason: LineFault; readonly detail: string };

const CHUNK = 64 * 1024;
const FIRST_CHUNK = 4000;
const NEWLINE = 0x0a;

/** `known`: the file's size from a `stat` just taken under the same lock. */
export async function readTail(file: FileHandle, known?: number): Promise<Tail> {
  const size = known ?? (await file.stat()).size;
  if (size === 0) return { kind: "ok", head: EMPTY_HEAD };
  const last = await lastNewlineBefore(file, size);
  if (last !== size - 1) return { kind: "torn", completeEnd: last + 1, size };
  const checked = await lineEndingAt(file, size);
  if (checked === null || !checked.ok) {
    return {
      kind: "corrupt",
      reason: checked?.reason ?? "invalid-json",
      detail: checked?.detail ?? "no line before the end",
    };
  }
  return { kind: "ok", head: { seq: checked.seq, hash: checked.hash, end: size } };
}

/**
 * Checks, on its own, the line whose newline is the byte just before `end` (null when that byte is not a
 * newline or lies past the end of the file). A snapshot uses this to confirm the log still holds its line.
 */
export async function lineEndingAt(file: FileHandle, end: number): Promise<LineCheck | null> {
  if (end < 1) return null;
  const last = Buffer.alloc(1);
  const { bytesRead } = await file.read(last, 0, 1, end - 1);
  if (bytesRead !== 1 || last[0] !== NEWLINE) return null;
  const start = (await lastNewlineBefore(file, end - 1)) + 1;
  const bytes = Buffer.alloc(end - 1 - start);
  await readFully(file, bytes, start);
  return checkLine(bytes.toString("utf8"), null);
}

/** Position of the last newline strictly before `limit`, or -1. */
async function lastNewlineBefore(file: FileHandle, limit: number): Promise<number> {
  // Most lines are short: the first read is small (from Node's buffer pool), the next ones a whole chunk.
  let buffer = Buffer.allocUnsafe(FIRST_CHUNK);
  let end = limit;
  while (end > 0) {
    if (end < limit && buffer.length < CHUNK) buffer = Buffer.allocUnsafe(CHUNK);
    const start = Math.max(0, end - buffer.length);
    const view = buffer.subarray(0, end - start);
    await readFully(file, view, start);
    const at = view.lastIndexOf(NEWLINE);
    if (at >= 0) return start + at;
    end = start;
  }
  return -1;
}

async function readFully(file: FileHandle, into: Buffer, position: number): Promise<void> {
  let done = 0;
  while (done < into.length) {
    const { bytesRead } = await file.read(into, done, into.length - done, position + done);
    if (bytesRead === 0) throw new Error(`log shrank while reading its tail at byte ${position + done}`);
    done += bytesRead;
  }
}
