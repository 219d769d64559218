/**
 * The audit view, read from the session logs (the log is the truth, live or not): the sessions in the log
 * directory with their counts and chain status, and one session's timeline. Reading a log checks its hash
 * chain line by line (scanLog), so a broken chain names its first bad line.
 */
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { eventOf, scanLog, type ScanResult } from "../runtime/log/index.ts";
import { timelineRows, type TimelineRow } from "./timeline.ts";

export interface SessionSummary {
  readonly id: string;
  readonly events: number;
  readonly decisions: { readonly allow: number; readonly ask: number; readonly deny: number };
  readonly chain: ChainStatus;
  readonly modified: string;
}

export type ChainStatus =
  | { readonly ok: true }
  | { readonly ok: false; readonly seq: number; readonly reason: string; readonly detail: string };

/** Session ids are Claude Code's; anything else in a URL is not a file name here. */
export const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export async function listSessions(logDir: string, limit = 200): Promise<readonly SessionSummary[]> {
  let names: string[];
  try {
    names = (await readdir(logDir)).filter((n) => n.endsWith(".jsonl"));
  } catch {
    return [];
  }
  const withTimes = await Promise.all(
    names.map(async (n) => ({ n, mtime: (await stat(join(logDir, n)).catch(() => null))?.mtimeMs ?? 0 })),
  );
  withTimes.sort((a, b) => b.mtime - a.mtime);
  const out: SessionSummary[] = [];
  for (const { n, mtime } of withTimes.slice(0, limit)) {
    const id = n.slice(0, -".jsonl".length);
    if (!SESSION_ID.test(id)) continue;
    const decisions = { allow: 0, ask: 0, deny: 0 };
    const scan = await scanLog(join(logDir, n), (entry) => {
      const e = eventOf(entry.body);
      if (e["type"] === "decision") {
        const d = e["decision"];
        if (d === "allow" || d === "ask" || d === "deny") decisions[d] += 1;
      }
    }).catch(() => null);
    if (scan === null) continue;
    out.push({ id, events: scan.count, decisions, chain: chainOf(scan), modified: new Date(mtime).toISOString() });
  }
  return out;
}

export interface Timeline {
  readonly id: string;
  /** The rows of the last `limit` events (calls, prompts, commands, approvals linked to their call). */
  readonly rows: readonly TimelineRow[];
  readonly chain: ChainStatus;
}

/** The timeline of the last `limit` events of one session, and the status of the whole chain. */
export async function sessionTimeline(logDir: string, id: string, limit = 2_000): Promise<Timeline | null> {
  if (!SESSION_ID.test(id)) return null;
  const events: (Record<string, unknown> & { seq: number })[] = [];
  const scan = await scanLog(join(logDir, `${id}.jsonl`), (entry) => {
    const e = eventOf(entry.body);
    // The recorded rules (a whole IR) are for replay, not for reading.
    const { ir: _ir, ...rest } = e as Record<string, unknown>;
    events.push({ ...rest, seq: entry.seq });
    if (events.length > limit) events.shift();
  }).catch((err: NodeJS.ErrnoException) => (err.code === "ENOENT" ? null : Promise.reject(err)));
  if (scan === null) return null;
  return { id, rows: timelineRows(events), chain: chainOf(scan) };
}

function chainOf(scan: ScanResult): ChainStatus {
  return scan.ok ? { ok: true } : { ok: false, seq: scan.seq, reason: scan.reason, detail: scan.detail };
}
