/**
 * `rules hook claude-code --uninstall`: the inverse of `--install`. It removes the rulegate handlers from the
 * settings file and the `/rulegate` prompt command while it is still the text rulegate wrote, and keeps
 * everything else the file holds. Running it again changes nothing.
 */
import { existsSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { InstallError } from "./errors.ts";
import { removeOurHooks } from "./hook-entries.ts";
import { PROMPT_COMMAND } from "./prompt-command-file.ts";
import { parseSettings, renderSettings } from "./settings-json.ts";
import type { InstallTarget } from "./target.ts";

export type UninstallPlan =
  | {
      readonly ok: true;
      /**
       * The settings file text to write; null to leave it as it is, or `""` to delete the file, when nothing
       * but what `--install` added was in it.
       */
      readonly settingsText: string | null;
      readonly removeCommand: boolean;
      /** The prompt command file exists but the user changed it: it stays. */
      readonly keptCommand: boolean;
      readonly changes: readonly string[];
    }
  | InstallError;

/** `current`: the settings text (null when absent); `command`: the prompt command file's text (null when absent). */
export function planUninstall(current: string | null, command: string | null): UninstallPlan {
  const parsed = parseSettings(current);
  if (!parsed.ok) return parsed;
  const edit = removeOurHooks(parsed.hooks);
  const changes = [...edit.changes];
  let settingsText: string | null = null;
  if (edit.changes.length > 0) {
    const hooks = Object.keys(edit.hooks).length === 0 ? null : edit.hooks;
    const { hooks: _ours, ...rest } = parsed.settings;
    settingsText = hooks === null && Object.keys(rest).length === 0 ? "" : renderSettings(parsed.settings, hooks);
  }
  const removeCommand = command === PROMPT_COMMAND;
  if (removeCommand) changes.push("removed the /rulegate prompt command");
  return { ok: true, settingsText, removeCommand, keptCommand: command !== null && !removeCommand, changes };
}

export function applyUninstall(target: InstallTarget): UninstallPlan {
  const read = (p: string) => (existsSync(p) ? readFileSync(p, "utf8") : null);
  const plan = planUninstall(read(target.settingsPath), read(target.commandPath));
  if (!plan.ok) return plan;
  if (plan.settingsText === "") rmSync(target.settingsPath);
  else if (plan.settingsText !== null) writeFileSync(target.settingsPath, plan.settingsText);
  if (plan.removeCommand) {
    rmSync(target.commandPath);
    removeIfEmpty(dirname(target.commandPath));
  }
  if (plan.settingsText === "" || plan.removeCommand) removeIfEmpty(dirname(target.settingsPath));
  return plan;
}

/** `--install` may have created the directories; an empty one is left by nobody else's wish. */
function removeIfEmpty(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {
    // not empty (the user's files), or already gone: either way it stays as it is
  }
}
