/**
 * The rulegate entries in a settings file's `hooks`: which events get one, how one is recognized whatever
 * launcher it names, and the two edits on the `hooks` object — add the missing ones, remove exactly ours.
 * Pure functions on parsed data; the other handlers in the user's entries are never touched.
 */
import type { HookEvent } from "../input.ts";
import { isRecord, type Json } from "./settings-json.ts";

/** Events with a tool matcher get `"*"`; the others take no matcher. */
export const INSTALLED_EVENTS: readonly { readonly event: HookEvent; readonly matcher: boolean }[] = [
  { event: "PreToolUse", matcher: true },
  { event: "PostToolUse", matcher: true },
  { event: "PostToolUseFailure", matcher: true },
  { event: "UserPromptSubmit", matcher: false },
  { event: "SessionStart", matcher: false },
  { event: "SessionEnd", matcher: false },
];

/** One handler in an entry's `hooks` list, as Claude Code reads it. */
export type HookHandler = { readonly type: "command"; readonly command: string };

/** How a command handler is recognized as rulegate's, whatever launcher path it uses. */
const MARKER = /\brules(\.js)?['"]?\s+hook\s+claude-code\b|\bhook\.mjs['"]?\s+claude-code\b/;

export function isOurHandler(h: unknown): boolean {
  return isRecord(h) && h["type"] === "command" && typeof h["command"] === "string" && MARKER.test(h["command"]);
}

export interface HooksEdit {
  readonly hooks: Json;
  /** One line per event changed, for the user. */
  readonly changes: readonly string[];
}

/** Adds `handler` to each installed event that holds no rulegate handler yet (lists are checked by parseSettings). */
export function addOurHooks(hooks: Json, handler: HookHandler): HooksEdit {
  const next: Json = { ...hooks };
  const changes: string[] = [];
  for (const { event, matcher } of INSTALLED_EVENTS) {
    const list = (hooks[event] ?? []) as readonly unknown[];
    if (list.some(holdsOurs)) continue;
    next[event] = [...list, { ...(matcher ? { matcher: "*" } : {}), hooks: [handler] }];
    changes.push(`added the rulegate hook for ${event}`);
  }
  return { hooks: next, changes };
}

/**
 * Removes every rulegate handler, in any event: an entry left with no handler goes, and so does an event left
 * with no entry. Entries that hold the user's handlers next to ours keep theirs.
 */
export function removeOurHooks(hooks: Json): HooksEdit {
  const next: Json = {};
  const changes: string[] = [];
  for (const [event, value] of Object.entries(hooks)) {
    const list = value as readonly unknown[];
    if (!list.some(holdsOurs)) {
      next[event] = value;
      continue;
    }
    const kept = list.flatMap((entry) => {
      if (!holdsOurs(entry)) return [entry];
      const handlers = ((entry as Json)["hooks"] as readonly unknown[]).filter((h) => !isOurHandler(h));
      return handlers.length === 0 ? [] : [{ ...(entry as Json), hooks: handlers }];
    });
    if (kept.length > 0) next[event] = kept;
    changes.push(`removed the rulegate hook for ${event}`);
  }
  return { hooks: next, changes };
}

function holdsOurs(entry: unknown): boolean {
  return isRecord(entry) && Array.isArray(entry["hooks"]) && entry["hooks"].some(isOurHandler);
}
