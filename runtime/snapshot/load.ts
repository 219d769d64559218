import { open } from "node:fs/promises";
import {
  EMPTY_HEAD,
  sameStamp,
  stampOf,
  type LogStamp,
  eventOf,
  lineEndingAt,
  scanLog,
  type AppendResult,
  type LogHead,
  type ScanResult,
} from "../log/index.ts";
import { readSnapshot, writeSnapshot, identityCodec, type Snapshot, type StateCodec } from "./file.ts";

/**
 * Rebuilds a session's state for a process that starts fresh on every tool call (the Claude Code hook):
 * from the latest snapshot plus the log lines after it, instead of folding the whole log each time. The
 * snapshot is used only when its policy hash matches and the log still holds its line (same seq, same hash
 * at the same byte offset); otherwise the whole log is folded. Generic over the state and the fold.
 */
export interface Folder<S> {
  readonly policyHash: string;
  readonly initial: () => S;
  /** Folds one logged event (the line without seq/prev/hash); returns a string to reject it as invalid. */
  readonly fold: (state: S, event: Readonly<Record<string, unknown>>) => S | string;
  readonly codec?: StateCodec<S>;
}

export type Fallback = "missing" | "unreadable" | "policy-changed" | "log-mismatch" | "log-shorter";

export interface Loaded<S> {
  readonly state: S;
  /** The end of what was folded: snapshot here next time, append after it. */
  readonly head: LogHead;
  /** `warm`: from an in-memory snapshot a long-lived process kept (rules serve), checked like a file's. */
  readonly source: "warm" | "snapshot" | "full";
  /** Why no snapshot was used (null when one was). `log-shorter` means lines it covered are gone. */
  readonly fallback: Fallback | null;
  /** seq of the snapshot the state started from (0 for a full fold) and events folded after it. */
  readonly base: number;
  readonly folded: number;
  /** The status of the part read now; when not ok, `state` covers the good lines before the bad one. */
  readonly log: ScanResult;
}

/**
 * A long-lived process's state after its last append; `stamp`, when known, is the log's stamp taken right after
 * that append with the log ending at `offset`.
 */
export type WarmSnapshot<S> = Snapshot<S> & { readonly stamp?: LogStamp | null };

export async function loadSession<S>(
  logPath: string,
  snapshotPath: string,
  folder: Folder<S>,
  warm: WarmSnapshot<S> | null = null,
): Promise<Loaded<S>> {
  // The state a long-lived process kept after its last append: valid while the log still holds that line, and
  // then only the lines another writer (a command hook) appended since are folded. One stat says the log is
  // just as that append left it (nothing to fold, nothing to read); any other look goes the long way.
  if (warm !== null && warm.policyHash === folder.policyHash && warm.stamp != null && warm.stamp.size === warm.offset) {
    const now = stampOf(logPath);
    if (now !== null && sameStamp(now, warm.stamp)) {
      const head = { seq: warm.seq, hash: warm.hash, end: warm.offset };
      return {
        state: warm.state,
        head,
        source: "warm",
        fallback: null,
        base: warm.seq,
        folded: 0,
        log: { ok: true, count: 0, head },
      };
    }
  }
  if (warm !== null && warm.policyHash === folder.policyHash && (await holdsLine(logPath, warm)) === "ok") {
    const loaded = await foldFrom(logPath, folder, {
      start: warm.state,
      from: { seq: warm.seq, hash: warm.hash, end: warm.offset },
      fallback: null,
    });
    return { ...loaded, source: "warm" };
  }
  const codec = folder.codec ?? identityCodec<S>();
  const read = await readSnapshot(snapshotPath, codec);
  let fallback: Fallback | null = read.ok ? null : read.reason;
  if (read.ok) {
    if (read.snapshot.policyHash !== folder.policyHash) fallback = "policy-changed";
    else {
      const consistent = await holdsLine(logPath, read.snapshot);
      if (consistent === "ok")
        return foldFrom(logPath, folder, {
          start: read.snapshot.state,
          from: { seq: read.snapshot.seq, hash: read.snapshot.hash, end: read.snapshot.offset },
          fallback: null,
        });
      fallback = consistent;
    }
  }
  return foldFrom(logPath, folder, { start: folder.initial(), from: EMPTY_HEAD, fallback });
}

/** Snapshot after this many events folded since the last one (the hook then reads at most this many lines). */
export const SNAPSHOT_EVERY = 200;

export function snapshotDue(
  loaded: Pick<Loaded<unknown>, "base">,
  head: LogHead,
  every: number = SNAPSHOT_EVERY,
): boolean {
  return head.seq - loaded.base >= every;
}

/** Saves `state` as of `head` (from a load or an append result). */
export function saveSnapshot<S>(
  snapshotPath: string,
  folder: Pick<Folder<S>, "policyHash" | "codec">,
  state: S,
  head: LogHead,
): Promise<void> {
  if (head.hash === null) return Promise.resolve();
  const snapshot: Snapshot<S> = {
    policyHash: folder.policyHash,
    seq: head.seq,
    hash: head.hash,
    offset: head.end,
    state,
  };
  return writeSnapshot(snapshotPath, snapshot, folder.codec ?? identityCodec<S>());
}

/**
 * After a process loaded a session, decided and appended its events: saves `state` (the loaded state with
 * those events folded in) when a snapshot is due, and only if no other writer appended in between: their
 * events are in the log before ours but not in `state`. Returns whether it saved.
 */
export async function snapshotAfterAppend<S>(
  snapshotPath: string,
  folder: Pick<Folder<S>, "policyHash" | "codec">,
  loaded: Pick<Loaded<S>, "base" | "head">,
  after: { readonly state: S; readonly appended: AppendResult; readonly every?: number },
): Promise<boolean> {
  const { state, appended, every = SNAPSHOT_EVERY } = after;
  if (appended.first !== loaded.head.seq + 1 || appended.repaired > 0) return false;
  if (!snapshotDue(loaded, appended.head, every)) return false;
  await saveSnapshot(snapshotPath, folder, state, appended.head);
  return true;
}

async function holdsLine(logPath: string, snapshot: Snapshot<unknown>): Promise<"ok" | "log-mismatch" | "log-shorter"> {
  let file;
  try {
    file = await open(logPath, "r");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return "log-shorter";
    throw err;
  }
  try {
    const { size } = await file.stat();
    if (size < snapshot.offset) return "log-shorter";
    const line = await lineEndingAt(file, snapshot.offset);
    return line?.ok && line.seq === snapshot.seq && line.hash === snapshot.hash ? "ok" : "log-mismatch";
  } finally {
    await file.close();
  }
}

async function foldFrom<S>(
  logPath: string,
  folder: Folder<S>,
  at: { readonly start: S; readonly from: LogHead; readonly fallback: Fallback | null },
): Promise<Loaded<S>> {
  const { start, from, fallback } = at;
  let state = start;
  let log: ScanResult;
  try {
    log = await scanLog(
      logPath,
      (entry) => {
        const next = folder.fold(state, eventOf(entry.body));
        if (typeof next === "string") return next;
        state = next;
        return undefined;
      },
      from,
    );
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT" || from.seq !== 0) throw err;
    log = { ok: true, count: 0, head: EMPTY_HEAD };
  }
  return {
    state,
    head: log.head,
    source: fallback === null ? "snapshot" : "full",
    fallback,
    base: from.seq,
    folded: log.count,
    log,
  };
}
