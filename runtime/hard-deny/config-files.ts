/**
 * Files that change what runs or who may log in, and the files that govern the agent itself: any write,
 * move or delete of them (redirect, tee, cp/mv target, sed -i, the Write/Edit tools) is a hit.
 * shell-profile-write: login and interactive shell startup files, ours, other users' and the system's.
 * authorized-keys-write: any `.ssh/authorized_keys*`, the sshd configuration, and ssh's trust and login files
 * (`known_hosts`, the client `config`, `rc`, `environment`).
 * rulegate-config-edit: any `.rulegate/` directory (project rules and the default event-log home
 * ~/.rulegate), ~/.config/rulegate, the files the policy in force was compiled from (`--policy FILE`, its
 * `extends:`), and paths written through `$RULEGATE_HOME`.
 * agent-settings-edit: Claude Code and pi settings, hooks and extensions, pi's project trust, `.mcp.json` and
 * pi's `mcp.json`, and the `claude config set` / `claude mcp add` commands that write them.
 */
import { agentBypass } from "./agent-bypass.ts";
import { OWN_SETTINGS, SHELL_STARTUP } from "../normalize/index.ts";
import { accessForms, type Operation } from "../operation/index.ts";
import { firstChangedPath } from "./changes.ts";
import { commandsOf, operands, shown } from "./commands.ts";
import { display, fold, relativeTo, segments, under } from "./paths.ts";
import type { Check } from "./types.ts";

const PROFILE_FILES: ReadonlySet<string> = new Set(SHELL_STARTUP.PROFILE_FILES);
const PROFILE_DIRS = SHELL_STARTUP.PROFILE_DIRS;
const SYSTEM_PROFILE_FILES: ReadonlySet<string> = new Set(SHELL_STARTUP.SYSTEM_PROFILE_FILES);
const SYSTEM_PROFILE_DIRS = SHELL_STARTUP.SYSTEM_PROFILE_DIRS;

/** The home a path lies in: ours, root's, or another user's under /home or /Users. */
export function homeOf(path: string, home: string): string | null {
  if (under(path, home)) return home;
  if (under(path, "/root")) return "/root";
  const [top, user] = segments(path);
  return (top === "home" || top === "Users" || top === "users") && user !== undefined ? `/${top}/${user}` : null;
}

function isShellProfile(raw: string, rawHome: string): boolean {
  const path = fold(raw);
  const home = fold(rawHome);
  if (SYSTEM_PROFILE_FILES.has(path) || SYSTEM_PROFILE_DIRS.some((d) => under(path, d))) return true;
  const h = homeOf(path, home);
  const rel = h === null ? null : relativeTo(path, h);
  return rel !== null && (PROFILE_FILES.has(rel) || PROFILE_DIRS.some((d) => rel === d || rel.startsWith(d + "/")));
}

/**
 * ssh's files of trust and login-time code, besides the login keys: the client configuration (a `ProxyCommand`
 * or `Match exec` runs at the next ssh), the known host keys (a forged one lets a relay in), `rc` and
 * `environment` (run and read at every login). Reading them is no credential read (ADR 0430); writing is this.
 */
const SSH_TRUST_FILES: ReadonlySet<string> = new Set(["config", "rc", "environment"]);
const SYSTEM_SSH_TRUST = ["/etc/ssh/ssh_config", "/etc/ssh/ssh_config.d", "/etc/ssh/ssh_known_hosts", "/etc/ssh/sshrc"];

function isAuthorizedKeys(raw: string): boolean {
  const path = fold(raw);
  if (path === "/etc/ssh/sshd_config" || under(path, "/etc/ssh/sshd_config.d")) return true;
  if (SYSTEM_SSH_TRUST.some((f) => under(path, f))) return true;
  const segs = segments(path);
  const name = segs.at(-1) ?? "";
  const inSsh = segs.at(-2) === ".ssh";
  if (inSsh && (SSH_TRUST_FILES.has(name) || name.startsWith("known_hosts"))) return true;
  if (segs.at(-3) === ".ssh" && segs.at(-2) === "config.d") return true;
  return name.startsWith("authorized_keys") && (segs.includes(".ssh") || under(path, "/etc/ssh"));
}

/** `name` (one or more segments) appears in `path` as whole segments, at any depth. */
function hasSegments(path: string, name: string): boolean {
  return `${path}/`.includes(`/${name}/`);
}

function isRulegateConfig(raw: string, home: string): boolean {
  const path = fold(raw);
  const h = fold(home);
  return (
    OWN_SETTINGS.RULEGATE_ANYWHERE.some((n) => hasSegments(path, n)) ||
    OWN_SETTINGS.RULEGATE_HOME.some((n) => under(path, `${h}/${n}`))
  );
}

function isAgentSettings(raw: string, rawHome: string): boolean {
  const path = fold(raw);
  const home = fold(rawHome);
  return (
    OWN_SETTINGS.AGENT_HOME.some((n) => under(path, `${home}/${n}`)) ||
    OWN_SETTINGS.AGENT_SYSTEM.some((d) => under(path, d)) ||
    OWN_SETTINGS.AGENT_ANYWHERE.some((n) => hasSegments(path, n))
  );
}

function pathCheck(test: (path: string, home: string) => boolean, verb: string): Check {
  return (op, ctx) => {
    const hit = firstChangedPath(op, ctx.home, (p) => test(p, ctx.home));
    return hit === null ? null : `${verb} ${display(hit, ctx.home)}`;
  };
}

export const shellProfileWrite: Check = pathCheck(isShellProfile, "writes the shell startup file");
const sshFiles = pathCheck((p) => isAuthorizedKeys(p), "writes the SSH login or trust file");

/**
 * A mode only the owner keeps, a new empty file or its times (`chmod 600 ~/.ssh/config ~/.ssh/authorized_keys`,
 * the fix ssh itself asks for) write no key, host or command into them: metadata-only accesses are left out.
 */
export const authorizedKeysWrite: Check = (op, ctx) =>
  sshFiles(
    op.paths.some((a) => a.metadata === true) ? { ...op, paths: op.paths.filter((a) => a.metadata !== true) } : op,
    ctx,
  );

const rulegatePaths = pathCheck(isRulegateConfig, "changes rulegate's own files:");

/**
 * The rule files of the policy in force are rulegate's own files too (`--policy ./policy.yaml`, `extends:`),
 * and so is everything under its own directories (a custom `$RULEGATE_HOME`: the logs an approval could be
 * forged in).
 */
function ownFileEdit(
  op: Operation,
  files: readonly string[] | undefined,
  dirs: readonly string[] | undefined,
  home: string,
): string | null {
  if ((files === undefined || files.length === 0) && (dirs === undefined || dirs.length === 0)) return null;
  const rules = new Set((files ?? []).map(fold));
  const own = (dirs ?? []).map(fold);
  const hit = firstChangedPath(op, home, (p) => rules.has(fold(p)) || own.some((d) => under(fold(p), d)));
  return hit === null
    ? null
    : `changes ${rules.has(fold(hit)) ? "the rules in force" : "rulegate's own files"}: ${display(hit, home)}`;
}

export const rulegateConfigEdit: Check = (op, ctx) =>
  rulegatePaths(op, ctx) ?? ownFileEdit(op, ctx.policyFiles, ctx.ownDirs, ctx.home) ?? throughRulegateHome(op);

/** A custom `$RULEGATE_HOME` is not known here: a write or delete through the variable is a hit. */
function throughRulegateHome(op: Operation): string | null {
  const named = (text: string | undefined): boolean => text !== undefined && /\$\{?RULEGATE_HOME\b/.test(text);
  const access = op.paths.find((a) => (a.mode === "write" || a.mode === "delete") && named(a.raw));
  if (access !== undefined) return `changes rulegate's own files: ${access.raw ?? access.path}`;
  const cmd = commandsOf(op).find((c) => FILE_CHANGERS.has(c.program) && c.args.some(named));
  return cmd === undefined ? null : `changes rulegate's own files: ${shown(cmd)}`;
}

const FILE_CHANGERS = new Set([
  "rm",
  "rmdir",
  "unlink",
  "mv",
  "cp",
  "ln",
  "tee",
  "truncate",
  "touch",
  "sed",
  "dd",
  "shred",
  "install",
  "rsync",
  "chmod",
  "chown",
]);

const agentSettingsPaths = pathCheck(isAgentSettings, "changes agent settings:");

/**
 * Removing or moving away the directory that holds agent settings (`rm -rf .claude`, `mv .pi x`) removes the
 * settings with it, hooks included.
 */
function settingsDirRemoved(op: Operation, home: string): string | null {
  for (const a of op.paths) {
    if (a.mode !== "delete") continue;
    for (const p of accessForms(a)) {
      const name = fold(segments(p).at(-1) ?? "");
      if (name === ".claude" || name === ".pi" || fold(p) === fold(`${home}/.pi/agent`))
        return `removes agent settings: ${display(p, home)}`;
    }
  }
  return null;
}

export const agentSettingsEdit: Check = (op, ctx) => {
  const byPath = agentSettingsPaths(op, ctx) ?? settingsDirRemoved(op, ctx.home) ?? agentBypass(op);
  if (byPath !== null) return byPath;
  for (const cmd of commandsOf(op)) {
    if (cmd.program !== "claude") continue;
    const [group, action] = operands(cmd, ["-s", "--scope", "-t", "--transport", "-e", "--env", "-H", "--header"]);
    if (group === "config" && ["set", "add", "remove"].includes(action ?? ""))
      return `${shown(cmd)} changes agent settings`;
    if (group === "mcp" && ["add", "add-json", "add-from-claude-desktop", "remove"].includes(action ?? ""))
      return `${shown(cmd)} changes agent settings`;
  }
  return null;
};
