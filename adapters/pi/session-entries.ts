/**
 * pi keeps rulegate's state in its own session file: every batch of rulegate events is one custom entry
 * (`pi.appendEntry("rulegate", {events})`), and `session_start` folds the entries of the current branch
 * back into the state. A fork or /tree navigation therefore restores the rulegate state of that branch.
 */
import { homedir } from "node:os";
import type { Policy } from "../../compiler/index.ts";
import { eventProblem, type Event } from "../../runtime/events/index.ts";
import { createSession, policyChange, sessionStarted, type SessionDeps } from "../../runtime/session/index.ts";
import { foldAll, initialState } from "../../runtime/state/index.ts";
import { createSessionModel, loadProjectInstructions, type VerdictRecord } from "../../runtime/model/index.ts";
import { type SessionDriver, driverOf, installedPackageDirs } from "../common/index.ts";
import { agentDir, agentDirGuards } from "./agent-dir.ts";

export const ENTRY_TYPE = "rulegate";

export interface PiEntry {
  readonly events: readonly Event[];
}

/** The parts of pi's session entries read here (custom entries carry `customType` and `data`). */
export interface EntryLike {
  readonly type: string;
  readonly customType?: string;
  readonly data?: unknown;
}

export type PiSession =
  | { readonly ok: true; readonly driver: SessionDriver }
  | { readonly ok: false; readonly error: string };

export async function openPiSession(
  policy: Policy,
  sessionId: string,
  cwd: string,
  entries: readonly EntryLike[],
  append: (entry: PiEntry) => void,
  env: Readonly<Record<string, string | undefined>>,
  sessionDir?: string,
  learn?: SessionDeps["learn"],
): Promise<PiSession> {
  const restored = restoreEvents(entries);
  if (!restored.ok) return restored;
  const verdicts: VerdictRecord[] = restored.events.flatMap((e) =>
    e.type === "model_verdict"
      ? [
          {
            kind: e.kind,
            ruleId: e.ruleId,
            textHash: e.textHash,
            signature: e.signature,
            contextHash: e.contextHash ?? null,
            answer: e.answer,
            reason: e.reason,
            cached: e.cached,
          },
        ]
      : [],
  );
  // pi keeps this session's rulegate events in its session files: a call that wrote them could forge an
  // approval for the next start. Nor may a call edit the installed package that runs this extension.
  const home = env["HOME"] ?? homedir();
  // Nor the files in pi's agent directory that decide what the next pi start loads (agent-dir.ts).
  const ownDirs = [
    ...(sessionDir !== undefined && sessionDir !== "" ? [sessionDir] : []),
    ...agentDirGuards(agentDir(env, home, cwd)),
    ...installedPackageDirs(),
  ];
  let events = restored.events;
  if (events.length > 0) {
    const change = policyChange(foldAll(initialState(policy), events), policy, new Date().toISOString(), sessionId);
    if (change !== null) {
      append({ events: [change] });
      events = [...events, change];
    }
  }
  const session = createSession(policy, {
    id: sessionId,
    ownDirs,
    events,
    // appendEntry writes pi's session file synchronously; a throw here makes the decision a denial.
    sink: (events) => append({ events }),
    executeOnAllow: false,
    approver: null,
    cwd,
    home,
    // "always" in the confirm dialog stores its pattern in the user's local rules (docs/adr/0265).
    ...(learn !== undefined ? { learn } : {}),
    model: createSessionModel({ settings: policy.settings.model, env, records: verdicts }),
    ...(policy.classifier.enabled ? { instructions: await loadProjectInstructions(cwd) } : {}),
  });
  if (restored.events.length === 0)
    append({ events: [sessionStarted(policy, new Date().toISOString(), sessionId, { home, ownDirs, withIr: true })] });
  return { ok: true, driver: driverOf(session) };
}

/** The rulegate events of a branch, in order. A damaged entry is an error: guessing the state could allow too much. */
export function restoreEvents(
  entries: readonly EntryLike[],
): { ok: true; events: Event[] } | { ok: false; error: string } {
  const events: Event[] = [];
  for (const [i, entry] of entries.entries()) {
    if (entry.type !== "custom" || entry.customType !== ENTRY_TYPE) continue;
    const list = (entry.data as { events?: unknown } | undefined)?.events;
    if (!Array.isArray(list)) return { ok: false, error: `session entry ${i} of type ${ENTRY_TYPE} has no event list` };
    for (const e of list) {
      const problem = eventProblem(e);
      if (problem !== null) return { ok: false, error: `session entry ${i} holds a bad rulegate event: ${problem}` };
      events.push(e as Event);
    }
  }
  return { ok: true, events };
}
