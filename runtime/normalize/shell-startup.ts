/**
 * The files a shell reads at start, by name: the shell-profile-write check denies writing them, and a glob word
 * that can expand to one of them is judged as that file (docs/adr/0290). One list, so the two cannot drift.
 */

/** Relative to a home directory. */
export const PROFILE_FILES: readonly string[] = [
  ".bashrc",
  ".bash_profile",
  ".bash_login",
  ".bash_logout",
  ".bash_aliases",
  ".profile",
  ".zshrc",
  ".zprofile",
  ".zshenv",
  ".zlogin",
  ".zlogout",
  ".kshrc",
  ".mkshrc",
  ".cshrc",
  ".tcshrc",
  ".login",
  ".config/fish/config.fish",
];

/** Directories below a home whose files a shell sources at start (fish also autoloads a function file when its name is typed). */
export const PROFILE_DIRS: readonly string[] = [
  ".config/fish/conf.d",
  ".config/fish/functions",
  ".bashrc.d",
  ".zshrc.d",
  ".oh-my-zsh/custom",
];

/** The system's startup files. */
export const SYSTEM_PROFILE_FILES: readonly string[] = [
  "/etc/profile",
  "/etc/bash.bashrc",
  "/etc/bashrc",
  "/etc/zshrc",
  "/etc/zshenv",
  "/etc/zprofile",
  "/etc/zlogin",
  "/etc/zlogout",
  "/etc/environment",
  "/etc/csh.cshrc",
  "/etc/csh.login",
  "/etc/ksh.kshrc",
];

/** The system's directories of startup files. */
export const SYSTEM_PROFILE_DIRS: readonly string[] = ["/etc/profile.d", "/etc/zsh", "/etc/fish"];
