import { ownEntry } from "../../core/index.ts";
/**
 * Environment variables that make a later program run code (docs/adr/0155). The command's text does not show
 * that code: `PAGER='sh -c …' git log` runs the pager, `LD_PRELOAD=/tmp/x.so ls` loads a library into `ls`,
 * `NODE_OPTIONS='--require /tmp/x.js' npm test` runs a file before the tests. The value is code, so it is judged
 * as code: a command line is analysed like one (deferred-code.ts), a file of code is judged by where it lives
 * (operation/loaded-code.ts). The table says, per variable, how its value runs.
 */

export type CodeEnvKind =
  /** A command line a program runs through a shell (`GIT_SSH_COMMAND`, `PAGER`, `EDITOR`). */
  | "command"
  /**
   * The program a build or client starts, with arguments (`CC='ccache gcc'`): a command line when written out; a
   * value computed at run time (`CC=$(which gcc)`) is left to redirecting-env.ts (docs/adr/0720).
   */
  | "program"
  /** Shell code an interactive shell runs before each prompt (`PROMPT_COMMAND`). */
  | "script"
  /** A prompt bash expands, running its command substitutions (`PS1`, `PS4` before each traced command). */
  | "prompt"
  /** less's input preprocessor: `|cmd %s` or `cmd %s` (`LESSOPEN`). */
  | "filter"
  /** perl switches: `-M`/`-m` load a module, and `-Mx;code` runs code (`PERL5OPT`). */
  | "perl"
  /** Files or directories of code loaded, or searched before the system's, `:`-separated (`LD_PRELOAD`, `PATH`). */
  | "paths"
  /** node options: `--require`, `--import`, `--loader` name a module loaded before the program. */
  | "node"
  /** ruby switches: `-r` loads a library, `-I` adds a directory searched first. */
  | "ruby"
  /** JVM options: `-javaagent:`, `-agentpath:` load code into every JVM started. */
  | "java";

const TABLE: Readonly<Record<string, CodeEnvKind>> = {
  GIT_SSH_COMMAND: "command",
  GIT_PAGER: "command",
  GIT_EDITOR: "command",
  GIT_SEQUENCE_EDITOR: "command",
  GIT_EXTERNAL_DIFF: "command",
  GIT_ASKPASS: "command",
  GIT_PROXY_COMMAND: "command",
  SSH_ASKPASS: "command",
  SUDO_ASKPASS: "command",
  PAGER: "command",
  MANPAGER: "command",
  SYSTEMD_PAGER: "command",
  EDITOR: "command",
  VISUAL: "command",
  FCEDIT: "command",
  BROWSER: "command",
  RSYNC_RSH: "command",
  CVS_RSH: "command",
  // Editors and pagers of other tools, run as command lines like EDITOR (docs/adr/0512).
  KUBE_EDITOR: "command",
  SUDO_EDITOR: "command",
  SYSTEMD_EDITOR: "command",
  GH_EDITOR: "command",
  GH_PAGER: "command",
  BAT_PAGER: "command",
  DELTA_PAGER: "command",
  PSQL_PAGER: "command",
  PSQL_EDITOR: "command",
  SVN_EDITOR: "command",
  HGEDITOR: "command",
  // Programs a build or a client starts, given as a command line (docs/adr/0720): `CC='ccache gcc' make` runs
  // `ccache gcc …` through a shell, so the value is analysed as the command it is.
  CC: "program",
  CXX: "program",
  CPP: "program",
  LD: "program",
  AR: "program",
  AS: "program",
  FC: "program",
  F77: "program",
  HOSTCC: "program",
  HOSTCXX: "program",
  PKG_CONFIG: "program",
  CCACHE_PREFIX: "program",
  DISTCC_HOSTS_CMD: "program",
  PROMPT_COMMAND: "script",
  // bash expands its prompts as a here-document's text: `$(…)` and backquotes run (docs/adr/0649). PS4 is written
  // before every command `bash -x` traces, PS0, PS1 and PS2 in an interactive shell.
  PS0: "prompt",
  PS1: "prompt",
  PS2: "prompt",
  PS4: "prompt",
  LESSOPEN: "filter",
  LESSCLOSE: "filter",
  PERL5OPT: "perl",
  NODE_OPTIONS: "node",
  RUBYOPT: "ruby",
  JAVA_TOOL_OPTIONS: "java",
  _JAVA_OPTIONS: "java",
  JDK_JAVA_OPTIONS: "java",
  PATH: "paths",
  LD_PRELOAD: "paths",
  LD_LIBRARY_PATH: "paths",
  LD_AUDIT: "paths",
  GCONV_PATH: "paths",
  BASH_ENV: "paths",
  ENV: "paths",
  ZDOTDIR: "paths",
  // zsh autoloads functions by name from these folders (`compinit` among them).
  FPATH: "paths",
  PYTHONPATH: "paths",
  PYTHONSTARTUP: "paths",
  PYTHONHOME: "paths",
  PYTHONUSERBASE: "paths",
  NODE_PATH: "paths",
  PERL5LIB: "paths",
  PERLLIB: "paths",
  RUBYLIB: "paths",
  CLASSPATH: "paths",
  GIT_SSH: "paths",
  GIT_EXEC_PATH: "paths",
  GIT_TEMPLATE_DIR: "paths",
  // npm reads its config from npm_config_* in any case: the shell that runs every script.
  NPM_CONFIG_SCRIPT_SHELL: "paths",
  // npm hands its `node-options` setting to every node it starts (`npm test --node-options=--require=…`).
  NPM_CONFIG_NODE_OPTIONS: "node",
};

/**
 * Families of variables whose value is a program a tool starts with its own arguments (docs/adr/0720): cmake's
 * compiler and its launchers (`CMAKE_C_COMPILER_LAUNCHER`), the connect program of rsync (`RSYNC_CONNECT_PROG`),
 * the diff of kubectl (`KUBECTL_EXTERNAL_DIFF`), any tool's askpass, editor or pager.
 */
const COMMAND_FAMILIES =
  /^(?:CMAKE_\w+_(?:COMPILER|COMPILER_LAUNCHER|LINKER_LAUNCHER)|\w+_(?:CONNECT_PROG|EXTERNAL_DIFF|ASKPASS|EDITOR|PAGER))$/;

/** How a variable's value runs code, or null for an ordinary variable. */
export function codeEnvKind(name: string): CodeEnvKind | null {
  const upper = name.toLowerCase().startsWith("npm_config_") ? name.toUpperCase() : name;
  if (upper.startsWith("DYLD_")) return "paths";
  return ownEntry(TABLE, upper) ?? (COMMAND_FAMILIES.test(upper) ? "program" : null);
}
