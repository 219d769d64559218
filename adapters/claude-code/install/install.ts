/**
 * `rules hook claude-code --install`: merges the rulegate hooks into a Claude Code settings.json and adds
 * the `/rulegate` prompt command, idempotently. The plan is computed purely from the current file text so
 * it can be shown and tested; `applyInstall` writes it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { InstallError } from "./errors.ts";
import { addOurHooks, type HookHandler } from "./hook-entries.ts";
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

export function commandHandler(launcher: string): HookHandler {
  return { type: "command", command: hookCommand(launcher) };
}

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

/** `current` is the settings file text (null when absent); `commandExists` whether rulegate.md exists. */
export function planInstall(current: string | null, handler: HookHandler, commandExists: boolean): InstallPlan {
  const parsed = parseSettings(current);
  if (!parsed.ok) return parsed;
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
  const plan = planInstall(current, handler, existsSync(target.commandPath));
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
