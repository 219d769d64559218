/**
 * A Claude Code session's rulegate state across hook processes: one hash-chained event log per
 * session_id under $RULEGATE_HOME/sessions, rebuilt from the latest snapshot plus the log tail. Every
 * event of this process is appended under the log's cross-process lock before it counts, so parallel hook
 * processes lose nothing; a process whose appends interleaved with another's skips the snapshot (its
 * in-memory state lacks the other's events) and the next process folds the tail instead.
 */
import { dirname, join } from "node:path";
import type { Policy } from "../../compiler/index.ts";
// Specific modules, not the runtime's index: the index also exports loadPolicy, which would pull the
// compiler (YAML, Chevrotain) into the hook's start-up; the hook loads the compiler only on a cache miss.
import { isEvent, type Event } from "../../runtime/events/index.ts";
import { createSession, policyChange, sessionStarted, type SessionDeps } from "../../runtime/session/index.ts";
import { fold } from "../../runtime/state/index.ts";
import type { SessionState } from "../../runtime/state/index.ts";
import { openLog, stampOf, type LogHead, type LogStamp } from "../../runtime/log/index.ts";
import { createSessionModel, loadProjectInstructions, type VerdictRecord } from "../../runtime/model/index.ts";
import {
  loadSession,
  saveSnapshot,
  sessionFolder,
  snapshotDue,
  type Folder,
  type WarmSnapshot,
} from "../../runtime/snapshot/index.ts";
import type { Approver } from "../../runtime/stages/index.ts";
import { type SessionDriver, driverOf, installedPackageDirs } from "../common/index.ts";

export type HookSession =
  | { readonly ok: true; readonly driver: SessionDriver; readonly close: () => Promise<void> }
  | { readonly ok: false; readonly error: string };

/**
 * What a long-lived process (rules serve) keeps of a session between events: the state after its last append,
 * checked against the log before each use like a snapshot file (the log is the truth: a command hook may
 * have appended since), the seq of the last snapshot file, and the model verdicts that warm the memo.
 */
export interface WarmSession {
  /** With the log's stamp right after the append, when the log then ended at that append (docs/adr/0225). */
  readonly snapshot: WarmSnapshot<SessionState>;
  readonly fileBase: number;
  readonly verdicts: readonly VerdictRecord[];
}

export interface WarmSessions {
  get(sessionId: string): WarmSession | undefined;
  set(sessionId: string, warm: WarmSession): void;
}

export interface HookSessionOptions {
  /** The human for gated calls (rules serve --approvals web); null: the agent's own dialog asks. */
  readonly approver?: Approver | null;
  readonly warm?: WarmSessions | null;
  /**
   * This process is the log's only writer (`rules mcp-proxy`: one process, one session id of its own): no
   * cross-process lock per append. Claude Code's hooks run in parallel processes and keep the lock.
   */
  readonly soleWriter?: boolean;
  /** Stores an "always" answer in the user's local rules (rules serve's web UI); absent: "always" approves once. */
  readonly learn?: SessionDeps["learn"];
}

/** Verdicts kept per warm session: enough for the memo to answer repeats, bounded for a long session. */
const WARM_VERDICTS = 500;

export function sessionPaths(logDir: string, sessionId: string): { log: string; snapshot: string } {
  return { log: join(logDir, `${sessionId}.jsonl`), snapshot: join(logDir, `${sessionId}.snapshot.json`) };
}

export async function openHookSession(
  logDir: string,
  sessionId: string,
  policy: Policy,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
  home: string,
  options: HookSessionOptions = {},
): Promise<HookSession> {
  const paths = sessionPaths(logDir, sessionId);
  const warm = options.warm?.get(sessionId) ?? null;
  // $RULEGATE_HOME holds this very log: a call must not write it (a forged approval), wherever it lives. Nor
  // may it edit the installed package that runs this hook.
  const ownDirs = [dirname(logDir), ...installedPackageDirs()];
  const verdicts: VerdictRecord[] = [];
  const base = sessionFolder(policy);
  const folder: Folder<SessionState> = {
    ...base,
    fold: (state, raw) => {
      // The tail's recorded verdicts warm the model memo: a repeated question needs no request.
      if (raw["type"] === "model_verdict" && isEvent(raw) && raw.type === "model_verdict")
        verdicts.push(verdictOf(raw));
      return base.fold(state, raw);
    },
  };
  const loaded = await loadSession(paths.log, paths.snapshot, folder, warm?.snapshot ?? null);
  if (loaded.source === "warm" && warm !== null) verdicts.unshift(...warm.verdicts);
  const fileBase = loaded.source === "warm" && warm !== null ? warm.fileBase : loaded.base;
  if (!loaded.log.ok) {
    return {
      ok: false,
      error:
        `the session log ${paths.log} is damaged at line ${loaded.log.seq} (${loaded.log.reason}: ${loaded.log.detail}); ` +
        "blocking every call of this session. Check it with `rules replay --verify`, then move it aside to start afresh.",
    };
  }

  // A warm session's log exists, and so does its directory.
  const dirExists = loaded.source === "warm";
  const writer = await openLog(
    paths.log,
    options.soleWriter === true ? { lock: false, sole: true, dirExists } : { dirExists },
  );
  let head: LogHead = loaded.head;
  let interleaved = false;
  const sink = async (events: readonly Event[]): Promise<void> => {
    // The head this process knows: when the log is still that long under the lock, its tail is not re-read.
    const appended = await writer.append(events, head);
    if (appended.first !== head.seq + 1 || appended.repaired > 0) interleaved = true;
    head = appended.head;
    for (const e of events) if (e.type === "model_verdict") verdicts.push(verdictOf(e));
  };
  let state = loaded.state;
  try {
    if (loaded.head.seq === 0)
      await sink([sessionStarted(policy, new Date().toISOString(), sessionId, { home, ownDirs, withIr: true })]);
    else {
      const change = policyChange(state, policy, new Date().toISOString(), sessionId);
      if (change !== null) {
        await sink([change]);
        state = fold(state, change);
      }
    }
  } catch (err) {
    await writer.close();
    return {
      ok: false,
      error: `cannot write the session log ${paths.log}: ${err instanceof Error ? err.message : String(err)}`,
    };
  }

  const session = createSession(policy, {
    id: sessionId,
    state,
    sink,
    // Only PostToolUse says a call ran; an allow alone is not history.
    executeOnAllow: false,
    approver: options.approver ?? null,
    ...(options.learn !== undefined ? { learn: options.learn } : {}),
    home,
    cwd,
    // Claude Code names the project for its hooks; the agent's cwd follows its `cd`s and must not move the sandbox.
    root: env["CLAUDE_PROJECT_DIR"] ?? cwd,
    ownDirs,
    // The SDK is imported on the first model question only; recorded verdicts answer repeats without a request.
    model: createSessionModel({ settings: policy.settings.model, env, records: verdicts }),
    ...(policy.classifier.enabled ? { instructions: await loadProjectInstructions(cwd) } : {}),
  });

  return {
    ok: true,
    driver: driverOf(session),
    close: async () => {
      let savedAt = fileBase;
      try {
        if (!interleaved && snapshotDue({ base: fileBase }, head)) {
          await saveSnapshot(paths.snapshot, folder, session.state, head);
          savedAt = head.seq;
        }
      } catch {
        // A missing snapshot only costs the next process a longer tail.
      } finally {
        await writer.close();
      }
      // Interleaved with another writer, this state lacks their events: the next load folds from the log instead.
      if (!options.warm || interleaved || head.hash === null) return;
      // Taken after the append: a stamp whose size is not our end means another writer was there, and is not kept.
      const stamp: LogStamp | null = stampOf(paths.log);
      const newest = options.warm.get(sessionId)?.snapshot.seq ?? 0;
      if (head.seq < newest) return;
      options.warm.set(sessionId, {
        snapshot: {
          policyHash: folder.policyHash,
          seq: head.seq,
          hash: head.hash,
          offset: head.end,
          state: session.state,
          stamp: stamp !== null && stamp.size === head.end ? stamp : null,
        },
        fileBase: savedAt,
        verdicts: verdicts.slice(-WARM_VERDICTS),
      });
    },
  };
}

/** Best effort: why this hook blocked, in the session's log, when the log can be written at all. */
export async function noteHookFailure(logDir: string, sessionId: string, detail: string): Promise<boolean> {
  try {
    const writer = await openLog(sessionPaths(logDir, sessionId).log, { waitMs: 2_000 });
    try {
      await writer.append([
        {
          type: "failure",
          at: new Date().toISOString(),
          session: sessionId,
          callId: null,
          where: "claude-code hook",
          detail,
        },
      ]);
    } finally {
      await writer.close();
    }
    return true;
  } catch {
    // The block itself is what matters; the note is extra.
    return false;
  }
}

function verdictOf(e: Extract<Event, { type: "model_verdict" }>): VerdictRecord {
  return {
    kind: e.kind,
    ruleId: e.ruleId,
    textHash: e.textHash,
    signature: e.signature,
    contextHash: e.contextHash ?? null,
    answer: e.answer,
    reason: e.reason,
    cached: e.cached,
  };
}
