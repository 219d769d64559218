/**
 * `rules hook claude-code --install`: merges the rulegate hooks into a Claude Code settings.json and adds
 * the `/rulegate` prompt command, idempotently. The plan is computed purely from the current file text so
 * it can be shown and tested; `applyInstall` writes it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { HookEvent } from "./input.ts";

/** Events with a tool matcher get `"*"`; the others take no matcher. */
const EVENTS: readonly { readonly event: HookEvent; readonly matcher: boolean }[] = [
  { event: "PreToolUse", matcher: true },
  { event: "PostToolUse", matcher: true },
  { event: "PostToolUseFailure", matcher: true },
  { event: "UserPromptSubmit", matcher: false },
  { event: "SessionStart", matcher: false },
  { event: "SessionEnd", matcher: false },
];

/** How an existing entry is recognized as ours, whatever launcher path it uses. */
const MARKER = /\brules(\.js)?['"]?\s+hook\s+claude-code\b|\bhook\.mjs['"]?\s+claude-code\b/;

export interface InstallTarget {
  readonly settingsPath: string;
  readonly commandPath: string;
}

export function installTarget(scope: "project" | "user", cwd: string, home: string): InstallTarget {
  const base = scope === "user" ? join(home, ".claude") : join(cwd, ".claude");
  return { settingsPath: join(base, "settings.json"), commandPath: join(base, "commands", "rulegate.md") };
}

/**
 * The hook command. Claude Code treats exit 2 as a block and any other failure as "go ahead", so the
 * command ends in `|| exit 2`: a launcher that cannot start (rulegate not installed, node missing) blocks
 * instead of failing open.
 */
export function hookCommand(launcher: string): string {
  return `${launcher} hook claude-code || exit 2`;
}

export type InstallPlan =
  | {
      readonly ok: true;
      readonly settingsText: string;
      readonly changes: readonly string[];
      readonly commandText: string | null;
    }
  | { readonly ok: false; readonly error: string };

/** `current` is the settings file text (null when absent); `commandExists` whether rulegate.md exists. */
export function planInstall(current: string | null, command: string, commandExists: boolean): InstallPlan {
  let settings: Record<string, unknown> = {};
  if (current !== null && current.trim() !== "") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(current);
    } catch (err) {
      return {
        ok: false,
        error: `settings file is not valid JSON (${err instanceof Error ? err.message : String(err)}); fix it first, nothing was changed`,
      };
    }
    if (!isRecord(parsed)) return { ok: false, error: "settings file is not a JSON object; nothing was changed" };
    settings = parsed;
  }
  const hooksValue = settings["hooks"] ?? {};
  if (!isRecord(hooksValue))
    return { ok: false, error: '"hooks" in the settings file is not an object; nothing was changed' };
  const hooks: Record<string, unknown> = { ...hooksValue };
  const changes: string[] = [];
  for (const { event, matcher } of EVENTS) {
    const list = hooks[event] ?? [];
    if (!Array.isArray(list)) return { ok: false, error: `"hooks.${event}" is not a list; nothing was changed` };
    if (list.some(holdsOurs)) continue;
    const entry = { ...(matcher ? { matcher: "*" } : {}), hooks: [{ type: "command", command }] };
    hooks[event] = [...list, entry];
    changes.push(`added the rulegate hook for ${event}`);
  }
  const settingsText = `${JSON.stringify({ ...settings, hooks }, null, 2)}\n`;
  const commandText = commandExists ? null : PROMPT_COMMAND;
  if (commandText !== null) changes.push("added the /rulegate prompt command");
  return {
    ok: true,
    settingsText: changes.length === 0 && current !== null ? current : settingsText,
    changes,
    commandText,
  };
}

export function applyInstall(target: InstallTarget, command: string): InstallPlan {
  const current = existsSync(target.settingsPath) ? readFileSync(target.settingsPath, "utf8") : null;
  const plan = planInstall(current, command, existsSync(target.commandPath));
  if (!plan.ok || plan.changes.length === 0) return plan;
  mkdirSync(dirname(target.settingsPath), { recursive: true });
  if (plan.settingsText !== current) writeFileSync(target.settingsPath, plan.settingsText);
  if (plan.commandText !== null) {
    mkdirSync(dirname(target.commandPath), { recursive: true });
    writeFileSync(target.commandPath, plan.commandText);
  }
  return plan;
}

function holdsOurs(entry: unknown): boolean {
  if (!isRecord(entry) || !Array.isArray(entry["hooks"])) return false;
  return entry["hooks"].some((h) => isRecord(h) && typeof h["command"] === "string" && MARKER.test(h["command"]));
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * Claude Code rejects unknown slash commands before any hook sees them; this file makes `/rulegate` a
 * known command. The rulegate UserPromptSubmit hook intercepts the raw prompt and blocks it, so it never
 * reaches the model; without the hook it would reach the model as plain text, which is harmless.
 */
export const PROMPT_COMMAND = `---
description: rulegate session control — status, disable ID, enable ID, reset, plan on|off, automode on|off, approve-all TOOL
argument-hint: "status | disable ID | enable ID | reset | plan on|off | automode on|off | approve-all TOOL"
---
rulegate $ARGUMENTS
`;
