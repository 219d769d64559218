/**
 * Why `--install` or `--uninstall` left the settings alone: data with a readable code (the CLI words it with the
 * file's path). Nothing is written when any of these is returned.
 */
export type InstallErrorCode =
  | "settings-not-json"
  | "settings-not-object"
  | "hooks-not-object"
  | "event-not-list"
  | "user-install-not-stable"
  | "package-not-found"
  | "other-hook-type-installed";

/** Whether the error is about the settings file's content (the CLI then names the file). */
const ABOUT_SETTINGS: Readonly<Record<InstallErrorCode, boolean>> = {
  "settings-not-json": true,
  "settings-not-object": true,
  "hooks-not-object": true,
  "event-not-list": true,
  "user-install-not-stable": false,
  "package-not-found": false,
  "other-hook-type-installed": true,
};

export interface InstallError {
  readonly ok: false;
  readonly code: InstallErrorCode;
  readonly message: string;
  readonly aboutSettings: boolean;
}

export function installError(code: InstallErrorCode, message: string): InstallError {
  return { ok: false, code, message, aboutSettings: ABOUT_SETTINGS[code] };
}
