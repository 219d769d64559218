/**
 * persistence: making code run later or at every boot/login without the agent: cron (`crontab` other
 * than listing it, /etc/cron*, /var/spool/cron), `at`/`batch`, systemd units and `systemctl enable`,
 * launchd agents and `launchctl load|bootstrap`, XDG autostart, SysV init scripts and rc.local, and the files
 * every Python start runs (`sitecustomize.py`, `.pth` files in site-packages), and package lifecycle scripts
 * set from the command line (`npm pkg set scripts.postinstall=…`), which run at every later install.
 */
import type { SimpleCommand } from "../shell/types.ts";
import { firstChangedPath } from "./changes.ts";
import { commandsOf, hasFlag, operands, shown } from "./commands.ts";
import { display, fold, under } from "./paths.ts";
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
  return HOME_FOLDED.some((d) => under(path, `${h}/${d}`));
}

export const persistence: Check = (op, ctx) => {
  const hit = firstChangedPath(op, ctx.home, (p) => isPersistencePath(p, ctx.home));
  if (hit !== null) return `writes ${display(hit, ctx.home)}, which runs code later`;
  for (const cmd of commandsOf(op)) {
    if (schedules(cmd)) return `${shown(cmd)} schedules code to run later`;
  }
  return null;
};

/** Options that take the next word, per program. */
const VALUED: Readonly<Record<string, readonly string[]>> = {
  systemctl: ["-M", "--machine", "-H", "--host", "-t", "--type", "-p", "--property", "--root", "-s", "--signal"],
  launchctl: ["-S", "-D"],
};

function schedules(cmd: SimpleCommand): boolean {
  const words = operands(cmd, VALUED[cmd.program] ?? []);
  const first = words[0] ?? "";
  switch (cmd.program) {
    case "crontab": // `crontab -l` lists; everything else installs, edits or removes a table
      return !hasFlag(cmd, "-l");
    case "at": // -l/-r/-d/-c list, remove or print jobs
      return !hasFlag(cmd, "-l", "-r", "-d", "-c", "-V");
    case "batch":
      return true;
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
