/**
 * A Claude Code settings.json as plain data: parsed once, with every shape `--install` and `--uninstall` rely on
 * checked, so the plans below work on records and lists and never touch a file they do not understand.
 */
import { installError, type InstallError } from "./errors.ts";

export type Json = Record<string, unknown>;

export interface ParsedSettings {
  readonly ok: true;
  readonly settings: Json;
  /** The `hooks` object (empty when absent); each value checked to be a list. */
  readonly hooks: Json;
}

/** `text` null: the file does not exist (an empty settings object). */
export function parseSettings(text: string | null): ParsedSettings | InstallError {
  let settings: Json = {};
  if (text !== null && text.trim() !== "") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      return installError(
        "settings-not-json",
        `settings file is not valid JSON (${why}); fix it first, nothing was changed`,
      );
    }
    if (!isRecord(parsed))
      return installError("settings-not-object", "settings file is not a JSON object; nothing was changed");
    settings = parsed;
  }
  const hooks = settings["hooks"] ?? {};
  if (!isRecord(hooks))
    return installError("hooks-not-object", '"hooks" in the settings file is not an object; nothing was changed');
  for (const [event, list] of Object.entries(hooks))
    if (!Array.isArray(list))
      return installError("event-not-list", `"hooks.${event}" is not a list; nothing was changed`);
  return { ok: true, settings, hooks };
}

/** The settings with `hooks` replaced (in place, to keep the user's key order), or dropped when null, as file text. */
export function renderSettings(settings: Json, hooks: Json | null): string {
  const { hooks: _dropped, ...rest } = settings;
  return `${JSON.stringify(hooks === null ? rest : { ...settings, hooks }, null, 2)}\n`;
}

export function isRecord(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
