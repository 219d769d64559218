/**
 * The files that govern the agent and rulegate, and the SSH login file, by name: the agent-settings-edit,
 * rulegate-config-edit and authorized-keys-write checks deny changing them, and a glob word that can expand to one
 * is judged as that file (docs/adr/0290, 0324). One list, so the two cannot drift (as shell-startup.ts is for
 * the shell's startup files).
 */

/** Agent settings relative to a home: Claude Code's user config, pi's settings, extensions, trust and MCP servers. */
export const AGENT_HOME: readonly string[] = [
  ".claude.json",
  ".pi/agent/settings.json",
  ".pi/agent/extensions",
  ".pi/agent/trust.json",
  ".pi/agent/mcp.json",
];

/** Agent settings wherever they are (a project, the home, a sub-project): settings, hooks, extensions, MCP servers. */
export const AGENT_ANYWHERE: readonly string[] = [
  ".claude/settings.json",
  ".claude/settings.local.json",
  ".claude/hooks",
  ".mcp.json",
  ".pi/settings.json",
  ".pi/mcp.json",
  ".pi/extensions",
];

/** Managed (system-wide) agent settings, lower case. */
export const AGENT_SYSTEM: readonly string[] = ["/etc/claude-code", "/library/application support/claudecode"];

/** rulegate's own directories: any `.rulegate/`, and the user's XDG config. */
export const RULEGATE_ANYWHERE: readonly string[] = [".rulegate"];
export const RULEGATE_HOME: readonly string[] = [".config/rulegate"];

/** The SSH login files below a home (any name starting with `authorized_keys` in `.ssh` counts). */
export const AUTHORIZED_KEYS_HOME: readonly string[] = [".ssh/authorized_keys", ".ssh/authorized_keys2"];
