/**
 * `rules hook claude-code --install` and `--uninstall`: where the files are (target), what the settings hold
 * (settings-json), which entries are rulegate's (hook-entries), what launcher the hook runs (launcher,
 * global-roots), and the two plans with their writers (install, uninstall). Errors are data (errors).
 */
export type { InstallError, InstallErrorCode } from "./errors.ts";
export { installTarget, type InstallScope, type InstallTarget } from "./target.ts";
export { INSTALLED_EVENTS, type HookHandler } from "./hook-entries.ts";
export { applyInstall, commandHandler, hookCommand, httpHandler, planInstall, type InstallPlan } from "./install.ts";
export { applyUninstall, planUninstall, type UninstallPlan } from "./uninstall.ts";
export { defaultLauncher, shellQuote, type LauncherChoice } from "./launcher.ts";
export { globalPackageRoots } from "./global-roots.ts";
export { PROMPT_COMMAND } from "./prompt-command-file.ts";
