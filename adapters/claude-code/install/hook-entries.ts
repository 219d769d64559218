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

/** One handler in an entry's `hooks` list, as Claude Code reads it: the command hook, or the HTTP hook of `rules serve`. */
export type HookHandler =
  | { readonly type: "command"; readonly command: string }
  | {
      readonly type: "http";
      readonly url: string;
      /** Seconds; longer than settings.approval_timeout, so a held approval ends in rulegate's deny. */
      readonly timeout: number;
      /** A server that is down, times out or answers non-2xx blocks the call (without it, it fails open). */
      readonly onFailure: "block";
      readonly headers: { readonly Authorization: string };
    };

/** How a command handler is recognized as rulegate's, whatever launcher path it uses. */
const MARKER = /\brules(\.js)?['"]?\s+hook\s+claude-code\b|\bhook\.mjs['"]?\s+claude-code\b/;
/** An HTTP handler is rulegate's when it posts to rules serve's hook endpoint, on whatever port. */
const HTTP_MARKER = /\/v1\/hooks\/claude-code$/;

export function isOurHandler(h: unknown): boolean {
  return ourHandlerType(h) !== null;
}

/** Which of rulegate's handlers this is, or null when it is not rulegate's. */
export function ourHandlerType(h: unknown): HookHandler["type"] | null {
  if (!isRecord(h)) return null;
  if (h["type"] === "command" && typeof h["command"] === "string" && MARKER.test(h["command"])) return "command";
  if (h["type"] === "http" && typeof h["url"] === "string" && HTTP_MARKER.test(h["url"])) return "http";
  return null;
}

/** The types of rulegate handler the hooks hold (both would decide every call twice). */
export function ourHandlerTypes(hooks: Json): ReadonlySet<HookHandler["type"]> {
  const out = new Set<HookHandler["type"]>();
  for (const list of Object.values(hooks))
    for (const entry of list as readonly unknown[])
      if (isRecord(entry) && Array.isArray(entry["hooks"]))
        for (const h of entry["hooks"]) {
          const t = ourHandlerType(h);
          if (t !== null) out.add(t);
        }
  return out;
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
