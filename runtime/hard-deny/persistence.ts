import { ownEntry } from "../../core/index.ts";
/**
 * persistence: making code run later or at every boot/login without the agent: cron (`crontab` other
 * than listing it, /etc/cron*, /var/spool/cron), `at`/`batch`, systemd units and `systemctl enable`,
 * launchd agents and `launchctl load|bootstrap`, XDG autostart, SysV init scripts and rc.local, and the files
 * every Python start runs (`sitecustomize.py`, `.pth` files in site-packages), package lifecycle scripts
 * set from the command line (`npm pkg set scripts.postinstall=…`) or written into package.json by any tool (`jq
 * '.scripts.postinstall=…' package.json > p && mv p package.json`), which run at every later install, and a
 * program put on the search path (`~/.local/bin/git`, `/usr/local/bin/ls`, `node_modules/.bin/tsc`), which
 * runs instead of the real one from then on (docs/adr/0157); the startup files of editors, REPLs, terminal
 * multiplexers and desktop sessions in any home (`~/.vimrc`, `~/.config/nvim/`, `~/.ipython/`, `~/.xprofile`,
 * `~/.config/autostart-scripts/`, `~/.config/environment.d/`, `~/.local/share/applications/`), and timers set with
 * `systemd-run --on-calendar` or tables run with `anacron -t` (docs/adr/0321).
 */
import { RUN_LATER } from "../normalize/index.ts";
import type { SimpleCommand } from "../shell/index.ts";
import { firstChangedPath } from "./changes.ts";
import { commandsOf, hasFlag, operands, shown } from "./commands.ts";
import { accessForms, type Operation } from "../operation/index.ts";
import { homeOf } from "./config-files.ts";
import { display, fold, relativeTo, under } from "./paths.ts";
import type { Check } from "./types.ts";

const SYSTEM_DIRS: readonly string[] = [
  "/etc/crontab",
  "/etc/cron.d",
  "/etc/cron.hourly",
  "/etc/cron.daily",
  "/etc/cron.weekly",
  "/etc/cron.monthly",
  "/etc/anacrontab",
  "/var/spool/cron",
  "/var/spool/at",
  "/var/at",
  "/usr/lib/cron/tabs",
  "/etc/systemd",
  "/lib/systemd/system",
  "/usr/lib/systemd",
  "/etc/init.d",
  "/etc/init",
  "/etc/rc.local",
  "/etc/xdg/autostart",
  "/Library/LaunchAgents",
  "/Library/LaunchDaemons",
  "/etc/periodic",
];
const HOME_DIRS: readonly string[] = [
  ".config/systemd",
  ".local/share/systemd",
  "Library/LaunchAgents",
  ".config/autostart",
];

const SYSTEM_FOLDED = SYSTEM_DIRS.map(fold);
const HOME_FOLDED = HOME_DIRS.map(fold);
const STARTUP_FILES: ReadonlySet<string> = new Set(RUN_LATER.FILES.map(fold));
const STARTUP_DIRS = RUN_LATER.DIRS.map(fold);

/** A file a program or a desktop session runs at its start, in any home (ours, root's, another user's). */
function isStartupFile(path: string, home: string): boolean {
  const h = homeOf(path, home);
  const rel = h === null ? null : relativeTo(path, h);
  return rel !== null && (STARTUP_FILES.has(rel) || STARTUP_DIRS.some((d) => rel === d || rel.startsWith(`${d}/`)));
}

/** Files every Python start runs: `sitecustomize.py`, `usercustomize.py` and `.pth` files in a site directory. */
const PYTHON_STARTUP = /\/(?:site|dist)-packages\/(?:[^/]+\.pth|sitecustomize\.py|usercustomize\.py)$/;

function isPersistencePath(raw: string, home: string): boolean {
  const path = fold(raw);
  if (
    SYSTEM_FOLDED.some((d) => under(path, d)) ||
    /^\/etc\/rc[0-6s]?\.d(?:\/|$)/.test(path) ||
    PYTHON_STARTUP.test(path)
  )
    return true;
  const h = fold(home);
  return HOME_FOLDED.some((d) => under(path, `${h}/${d}`)) || isStartupFile(path, h);
}

/**
 * Directories searched for programs: a file put below one runs whenever its name is typed. The user's own
 * (home-relative), the system's, and a project's own tools (npm scripts and an activated venv run them first).
 */
const HOME_BIN_DIRS: readonly string[] = [
  ".local/bin",
  "bin",
  ".bin",
  ".cargo/bin",
  "go/bin",
  ".go/bin",
  ".npm-global/bin",
  ".npm-packages/bin",
  ".yarn/bin",
  ".bun/bin",
  ".deno/bin",
  ".volta/bin",
  ".pyenv/shims",
  ".rbenv/shims",
  ".asdf/shims",
  ".nodenv/shims",
  ".dotnet/tools",
];
const SYSTEM_BIN_DIRS: readonly string[] = [
  "/usr/local/bin",
  "/usr/local/sbin",
  "/usr/bin",
  "/usr/sbin",
  "/bin",
  "/sbin",
  "/opt/homebrew/bin",
  "/opt/local/bin",
];
const PROJECT_BIN = /\/(?:node_modules\/\.bin|\.?venv\/bin|\.venv\/Scripts)\/[^/]+$/;

/** A file strictly below a program search directory (making the directory itself puts nothing on the path). */
function onSearchPath(raw: string, home: string): boolean {
  const path = fold(raw);
  const h = fold(home);
  const below = (dir: string): boolean => path !== dir && under(path, dir);
  return SYSTEM_BIN_DIRS.some(below) || HOME_BIN_DIRS.some((d) => below(`${h}/${fold(d)}`)) || PROJECT_BIN.test(path);
}

export const persistence: Check = (op, ctx) => {
  const hit = firstChangedPath(op, ctx.home, (p) => isPersistencePath(p, ctx.home));
  if (hit !== null) return `writes ${display(hit, ctx.home)}, which runs code later`;
  // Removing a program from the search path plants nothing: only what is written counts there.
  const removed = new Set(op.paths.filter((a) => a.mode === "delete").flatMap(accessForms));
  const planted = changesContent(op)
    ? firstChangedPath(op, ctx.home, (p) => !removed.has(p) && onSearchPath(p, ctx.home))
    : null;
  if (planted !== null) return `puts ${display(planted, ctx.home)} on the program search path, where it runs instead`;
  for (const cmd of commandsOf(op)) {
    if (schedules(cmd)) return `${shown(cmd)} schedules code to run later`;
    const timer = cmd.context.wrappers.find((w) => w.startsWith("systemd-run") && w.endsWith(" --timer"));
    if (timer !== undefined) return `${timer.replace(/ --timer$/, "")} starts ${shown(cmd)} from a timer, later`;
  }
  const hook = lifecycleEdit(op, ctx.home);
  if (hook !== null) return hook;
  return null;
};

/** Programs that change a file's mode, owner or times, never what it runs. */
const ATTRIBUTES = new Set(["chmod", "chown", "chgrp", "touch", "chattr", "setfacl", "xattr", "setcap", "filecap"]);

/** Some command may change what a file holds (`sudo chmod +x /usr/local/bin/tool` alone plants nothing new). */
function changesContent(op: Operation): boolean {
  if (op.shell === null) return true; // a Write or Edit tool writes content
  return commandsOf(op).some(
    (c) =>
      (c.program !== "" && !ATTRIBUTES.has(c.program)) ||
      c.redirects.some((r) => r.mode === "write" || r.mode === "append" || r.mode === "readwrite"),
  );
}

/** A lifecycle script named with a value in some argument or stdin: `scripts.postinstall=`, `"preinstall": `. */
const LIFECYCLE_TEXT = /\b(?:pre|post)?(?:install|prepare|prepublish|prepublishOnly|uninstall)["'\]]?\s*[:=]/;

/** package.json rewritten by a command whose text sets an install hook (jq, sed, node -e, echo > package.json). */
function lifecycleEdit(op: Operation, home: string): string | null {
  if (firstChangedPath(op, home, (p) => p.endsWith("/package.json")) === null) return null;
  for (const cmd of commandsOf(op)) {
    const texts = [...cmd.args, ...(cmd.stdin?.text !== undefined && cmd.stdin.text !== null ? [cmd.stdin.text] : [])];
    if (texts.some((t) => LIFECYCLE_TEXT.test(t))) return `${shown(cmd)} writes an install script into package.json`;
  }
  return null;
}

/** Options that take the next word, per program. */
const VALUED: Readonly<Record<string, readonly string[]>> = {
  systemctl: ["-M", "--machine", "-H", "--host", "-t", "--type", "-p", "--property", "--root", "-s", "--signal"],
  launchctl: ["-S", "-D"],
  anacron: ["-t", "-S"],
  loginctl: ["-H", "--host", "-M", "--machine", "-p", "--property"],
};

function schedules(cmd: SimpleCommand): boolean {
  const words = operands(cmd, ownEntry(VALUED, cmd.program) ?? []);
  const first = words[0] ?? "";
  switch (cmd.program) {
    case "crontab": // `crontab -l` lists; everything else installs, edits or removes a table
    case "fcrontab": // fcron's and incron's tables, the same verbs (docs/adr/0457)
    case "incrontab":
      return !hasFlag(cmd, "-l");
    case "schtasks.exe":
    case "schtasks": // Windows' task scheduler: `/create` registers a task, `/query` lists (docs/adr/0457)
      return cmd.args.some((a) => /^[/-]create$/i.test(a));
    case "at": // -l/-r/-d/-c list, remove or print jobs
      return !hasFlag(cmd, "-l", "-r", "-d", "-c", "-V");
    case "batch":
      return true;
    case "anacron": // -T tests a table, -u only updates timestamps; otherwise it runs the jobs of a table (-t FILE)
      return !hasFlag(cmd, "-T", "-u", "-V", "-h");
    case "loginctl": // a lingering user's services start at boot and outlive the session
      return first === "enable-linger";
    case "systemctl":
      return [
        "enable",
        "reenable",
        "link",
        "preset",
        "preset-all",
        "set-default",
        "edit",
        "add-wants",
        "add-requires",
      ].includes(first);
    case "launchctl":
      return ["load", "bootstrap", "submit", "enable"].includes(first);
    case "update-rc.d":
      return words.some((w) => w === "defaults" || w === "enable");
    case "chkconfig":
      return words.includes("on") || hasFlag(cmd, "--add");
    case "rc-update":
      return first === "add";
    case "npm":
    case "pnpm":
    case "yarn":
    case "bun":
      return installHook(words);
    default:
      return false;
  }
}

/** Package lifecycle scripts run by every install of the package or the project (and `prepare` by every `npm ci`). */
const LIFECYCLE = /^scripts\.(?:pre|post)?(?:install|prepare|prepublish(?:only)?|pack|uninstall|dependencies)(?:=|$)/i;

/** `npm pkg set scripts.postinstall=…`, `npm set-script prepare …`: code that runs at every later install. */
function installHook(words: readonly string[]): boolean {
  if (words[0] === "pkg" && words[1] === "set") return words.slice(2).some((w) => LIFECYCLE.test(w));
  if (words[0] === "set-script") return LIFECYCLE.test(`scripts.${words[1] ?? ""}`);
  return false;
}
