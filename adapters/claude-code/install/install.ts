/**
 * `rules hook claude-code --install`: merges the rulegate hooks into a Claude Code settings.json and adds
 * the `/rulegate` prompt command, idempotently. The plan is computed purely from the current file text so
 * it can be shown and tested; `applyInstall` writes it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { installError, type InstallError } from "./errors.ts";
import { addOurHooks, ourHandlerTypes, type HookHandler } from "./hook-entries.ts";
import { PROMPT_COMMAND } from "./prompt-command-file.ts";
import { parseSettings, renderSettings } from "./settings-json.ts";
import type { InstallTarget } from "./target.ts";

/**
 * The hook command. Claude Code treats exit 2 as a block and any other failure as "go ahead", so the
 * command ends in `|| exit 2`: a launcher that cannot start (rulegate not installed, node missing) blocks
 * instead of failing open.
 */
export function hookCommand(launcher: string): string {
  return `${launcher} hook claude-code || exit 2`;
}

export function commandHandler(launcher: string): Extract<HookHandler, { type: "command" }> {
  return { type: "command", command: hookCommand(launcher) };
}

/**
 * The HTTP hook of `rules serve` (ADR 0183): `onFailure: "block"`, so a server that is down blocks, and a timeout
 * longer than the approval timeout, so a held approval ends in rulegate's deny rather than Claude Code's timeout.
 */
export function httpHandler(
  serverUrl: string,
  token: string,
  approvalTimeoutMs: number,
): Extract<HookHandler, { type: "http" }> {
  return {
    type: "http",
    url: `${serverUrl.replace(/\/+$/, "")}/v1/hooks/claude-code`,
    timeout: Math.ceil(approvalTimeoutMs / 1000) + HTTP_MARGIN_S,
    onFailure: "block",
    headers: { Authorization: `Bearer ${token}` },
  };
}

/** Seconds the HTTP hook waits beyond the approval timeout: the deny must reach Claude Code first. */
const HTTP_MARGIN_S = 30;

export type InstallPlan =
  | {
      readonly ok: true;
      /** The settings file text to write; the current text when nothing changes. */
      readonly settingsText: string;
      readonly changes: readonly string[];
      /** The prompt command file to write, or null when it already exists. */
      readonly commandText: string | null;
    }
  | InstallError;

/**
 * `current` is the settings file text (null when absent); `commandExists` whether rulegate.md exists; `sibling`
 * the text of the scope's other settings file (null when absent or none).
 */
export function planInstall(
  current: string | null,
  handler: HookHandler,
  commandExists: boolean,
  sibling: string | null = null,
): InstallPlan {
  const parsed = parseSettings(current);
  if (!parsed.ok) return parsed;
  const other = handler.type === "http" ? "command" : "http";
  const siblingHooks = parseSettings(sibling);
  const installed = new Set([
    ...ourHandlerTypes(parsed.hooks),
    ...(siblingHooks.ok ? ourHandlerTypes(siblingHooks.hooks) : []),
  ]);
  // Both hooks would decide each call twice; the second decision of one tool_use_id is refused (ADR 0132).
  if (installed.has(other))
    return installError(
      "other-hook-type-installed",
      `the rulegate ${other} hook is installed here; run rules hook claude-code --uninstall first, then install the ${handler.type} hook`,
    );
  const edit = addOurHooks(parsed.hooks, handler);
  const changes = [...edit.changes];
  const commandText = commandExists ? null : PROMPT_COMMAND;
  if (commandText !== null) changes.push("added the /rulegate prompt command");
  const unchanged = edit.changes.length === 0 && current !== null;
  return {
    ok: true,
    settingsText: unchanged ? current : renderSettings(parsed.settings, edit.hooks),
    changes,
    commandText,
  };
}

export function applyInstall(target: InstallTarget, handler: HookHandler): InstallPlan {
  const current = existsSync(target.settingsPath) ? readFileSync(target.settingsPath, "utf8") : null;
  const read = (p: string | null) => (p !== null && existsSync(p) ? readFileSync(p, "utf8") : null);
  const plan = planInstall(current, handler, existsSync(target.commandPath), read(target.siblingPath));
  if (!plan.ok || plan.changes.length === 0) return plan;
  if (plan.settingsText !== current) {
    mkdirSync(dirname(target.settingsPath), { recursive: true });
    writeFileSync(target.settingsPath, plan.settingsText);
  }
  if (plan.commandText !== null) {
    mkdirSync(dirname(target.commandPath), { recursive: true });
    writeFileSync(target.commandPath, plan.commandText);
  }
  return plan;
}
