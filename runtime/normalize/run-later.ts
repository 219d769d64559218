/**
 * Files below a home that a program other than the shell runs at its start, or a desktop session at login
 * (docs/adr/0321): editors, REPLs and debuggers, terminal multiplexers, X and Wayland sessions, desktop autostart
 * and launchers, the session environment. Written from the shell, they are persistence: the code runs the next
 * time the user starts the program, without the agent. The persistence check denies writing them, and a glob word
 * that can expand to one is judged as that file (ADR 0290). Shell startup files are shell-startup.ts.
 */

/** Files, relative to a home. */
export const FILES: readonly string[] = [
  // Editors.
  ".vimrc",
  ".gvimrc",
  ".exrc",
  ".nvimrc",
  ".emacs",
  ".emacs.el",
  ".xemacs/init.el",
  // REPLs, debuggers and database shells that run a startup script or can call the shell from it.
  ".pythonrc",
  ".pythonrc.py",
  ".pystartup",
  ".irbrc",
  ".pryrc",
  ".perldb",
  ".Rprofile",
  ".octaverc",
  ".ghci",
  ".gdbinit",
  ".lldbinit",
  ".psqlrc",
  ".sqliterc",
  ".inputrc",
  // Terminal multiplexers.
  ".tmux.conf",
  ".screenrc",
  // X sessions and the login environment.
  ".xinitrc",
  ".xprofile",
  ".xsession",
  ".xsessionrc",
  ".xserverrc",
  ".Xclients",
  ".gnomerc",
  ".pam_environment",
];

/** Directories, relative to a home: every file below them is loaded or run at start. */
export const DIRS: readonly string[] = [
  ".vim",
  ".config/nvim",
  ".local/share/nvim/site",
  ".emacs.d",
  ".config/emacs",
  ".doom.d",
  ".config/doom",
  ".spacemacs.d",
  ".ipython",
  ".jupyter",
  ".julia/config",
  ".config/tmux",
  ".config/autostart",
  ".config/autostart-scripts",
  ".config/plasma-workspace/env",
  ".config/plasma-workspace/shutdown",
  ".kde/Autostart",
  ".kde4/Autostart",
  ".config/environment.d",
  ".local/share/applications",
  ".config/i3",
  ".config/sway",
  ".config/hypr",
  ".config/openbox",
  ".config/lxsession",
  ".config/labwc",
];
