/**
 * The host's own state: its network (interfaces, routes, traffic control, firewall, DNS), its clock, its login
 * sessions and power, its security policy (SELinux, macOS preferences). Looking is READ; a change is SECURITY,
 * whoever's process asks for it: the machine, not the project, is what changes (docs/adr/0315). Ending the
 * sessions or powering off is DESTRUCTIVE, like `shutdown`.
 */
import { fx, type Program, type Rule } from "./types.ts";

const HOST = fx("SECURITY", ["write_local"], "system", "host");
const CLOCK = fx("SECURITY", ["write_local"], "system", "clock");
const POWER = fx("DESTRUCTIVE", ["execute"], "system", "session");
const LOOK_NET = fx("READ", ["read_external"], "network");
const LOOK = fx("READ", ["read_local"], "system");
const PREFERENCE = fx("WRITE", ["write_local"], "system", "preferences");

/** Words that change what `ip`, `tc` or `nmcli` manage, in their full spellings (abbreviations fall to the base). */
const CHANGE_WORD =
  /^(?:add|del|delete|change|chg|replace|set|flush|append|prepend|restore|exec|attach|detach|on|off|modify|mod|disconnect|connect|reload|edit|import|clone|reapply)$/;
/** What shows state in those tools. */
const SHOW_WORDS = ["show", "sh", "sho", "list", "lst", "ls", "li", "lis", "get", "monitor", "status", "help"];

/** Methods of login1, systemd, GNOME and KDE session managers that end the sessions or stop the machine. */
const POWER_METHOD =
  /(?:^|[.\s])(?:PowerOff|Reboot|Halt|KExec|Suspend|Hibernate|HybridSleep|SuspendThenHibernate|Sleep|Terminate(?:Session|User|Seat)|Kill(?:Session|User|Unit)|StopUnit|Logout|Shutdown|RequestShutdown|RequestReboot)(?:WithFlags)?$/i;
/** D-Bus methods that only ask: names, introspection, properties. */
const READ_METHOD =
  /\.(?:ListNames|ListActivatableNames|Introspect|Get|GetAll|GetNameOwner|NameHasOwner|Ping|GetId|GetMachineId)$/;

/** macOS preference domains and keys that are the machine's protections (Gatekeeper, firewall, updates, login). */
const MAC_PROTECTION =
  /quarantine|gatekeeper|GKAutoRearm|EnableAssessment|com\.apple\.(?:alf|security|SoftwareUpdate|commerce|loginwindow|screensaver|Safari|LaunchServices|TCC|MCX|AppleFileServer|RemoteDesktop|RemoteManagement|smb\.server|applicationaccess|systempolicy|sudo)|^\/Library\/Preferences\/|askForPassword|AutoUpdate|AutomaticCheck|AutomaticDownload|CriticalUpdateInstall|ConfigDataInstall|globalstate|stealthenabled|allowsigned|WarnAboutFraudulent|autoLoginUser|LoginHook|LogoutHook|DisableLibraryValidation|SecureKeyboardEntry/i;

/** `date MMDDhhmm[[CC]YY][.ss]` (GNU) or `[[[mm]dd]HH]MM[[cc]yy][.ss]` (BSD): an operand that sets the clock. */
const DATE_OPERAND = /^\d{4,12}(?:\.\d{2})?$/;

const each = (subs: readonly string[], then: Rule["then"], extra: Partial<Rule> = {}): Rule[] =>
  subs.map((s): Rule => ({ sub: [s], ...extra, then }));

/** A tool that only shows with at most `upTo` words or a show word among them, and changes otherwise. */
function showOrChange(names: readonly string[], upTo: number, values: readonly string[] = []): Program {
  return {
    names: [...names],
    values: [...values],
    base: HOST,
    rules: [
      // A batch file's commands are not known here (`-br` is `-brief`, not a batch).
      { text: /^-(?:b|batch|-batch|force)$/, then: HOST },
      { maxWords: upTo, then: LOOK_NET },
      { word: SHOW_WORDS, unlessText: CHANGE_WORD, then: LOOK_NET },
    ],
  };
}

/**
 * Desktop settings that outlive the call (docs/adr/0565): the session's proxy sends every browser's and tool's traffic
 * through whoever it names; the default handler of a type or scheme is a program run whenever such a file or link is
 * opened. Other preferences (a theme, a key repeat rate) are a WRITE.
 */
const DESKTOP_PROXY = fx("SECURITY", ["write_local"], "system", "proxy");
const DESKTOP_HANDLER = fx("SECURITY", ["write_local"], "system", "persistence");
/** GNOME schemas and dconf paths of the proxy and of the default applications (`exec` of the terminal). */
const GSETTINGS_PROXY = /^org\.gnome\.system\.proxy(?:\.|$)/;
const GSETTINGS_HANDLER = /^org\.gnome\.desktop\.default-applications(?:\.|$)|\.custom-keybinding(?::|$)/;
const DCONF_PROXY = /^\/system\/proxy(?:\/|$)/;
const DCONF_HANDLER = /^\/org\/gnome\/desktop\/default-applications(?:\/|$)|\/custom-keybindings\//;
/**
 * The screen lock and the lockdown settings (docs/adr/0627): switched off, the session stays open to whoever sits
 * down. A reset of a whole tree (`dconf reset -f /`) throws away every setting below it; loading a dump at the root
 * (`dconf load / < f`) may set any of them, the proxy and the handlers among them.
 */
const DESKTOP_LOCK = fx("SECURITY", ["write_local"], "system", "protection-off");
const DESKTOP_RESET = fx("DESTRUCTIVE", ["write_local"], "system", "preferences");
const GSETTINGS_LOCK = /^org\.gnome\.desktop\.(?:screensaver|lockdown|session)(?:\.|$)/;
const DCONF_LOCK = /^\/org\/gnome\/desktop\/(?:screensaver|lockdown|session)(?:\/|$)/;

const DESKTOP: readonly Program[] = [
  {
    names: ["gsettings"],
    values: ["--schemadir"],
    base: PREFERENCE,
    rules: [
      { sub: ["set"], wordText: GSETTINGS_PROXY, then: DESKTOP_PROXY },
      { sub: ["set"], wordText: GSETTINGS_HANDLER, then: DESKTOP_HANDLER },
      { sub: ["set"], wordText: GSETTINGS_LOCK, then: DESKTOP_LOCK },
      { sub: ["reset-recursively"], then: DESKTOP_RESET },
      ...each(["get", "list-schemas", "list-relocatable-schemas", "list-keys", "list-children"], LOOK),
      ...each(["list-recursively", "range", "describe", "writable", "monitor", "help"], LOOK),
    ],
  },
  {
    names: ["dconf"],
    base: PREFERENCE,
    rules: [
      ...each(["write", "load"], DESKTOP_PROXY, { wordText: DCONF_PROXY }),
      ...each(["write", "load"], DESKTOP_HANDLER, { wordText: DCONF_HANDLER }),
      ...each(["write", "load"], DESKTOP_LOCK, { wordText: DCONF_LOCK }),
      { sub: ["load"], lastWord: /^\/$/, then: DESKTOP_PROXY },
      { sub: ["reset"], flag: ["-f"], then: DESKTOP_RESET },
      ...each(["read", "list", "dump", "watch", "help"], LOOK),
    ],
  },
  // GConf, GNOME 2's settings: a recursive unset throws away the tree (docs/adr/0627).
  {
    names: ["gconftool-2", "gconftool"],
    base: PREFERENCE,
    rules: [
      { flag: ["--recursive-unset", "--unset"], then: DESKTOP_RESET },
      { flag: ["--get", "-g", "--all-dirs", "--all-entries", "-R", "--recursive-list", "--dump"], then: LOOK },
    ],
  },
  {
    names: ["kwriteconfig5", "kwriteconfig6"],
    values: ["--file", "--group", "--key", "--type"],
    base: PREFERENCE,
    rules: [{ optionText: { "--file": /(?:^|\/)kioslaverc$/ }, then: DESKTOP_PROXY }],
  },
  {
    names: ["xdg-mime"],
    base: PREFERENCE,
    rules: [
      { sub: ["default"], then: DESKTOP_HANDLER },
      { sub: ["query"], then: LOOK },
      { flag: ["--help", "--version"], then: LOOK },
    ],
  },
  {
    names: ["xdg-settings"],
    base: PREFERENCE,
    rules: [
      { sub: ["set"], then: DESKTOP_HANDLER },
      ...each(["get", "check"], LOOK),
      { flag: ["--list", "--help", "--version"], then: LOOK },
    ],
  },
];

export const HOST_STATE: readonly Program[] = [
  ...DESKTOP,
  // Network: `ip link set eth0 down`, `ip route del default`, `ip addr flush dev eth0`, `tc qdisc add … loss 100%`.
  showOrChange(["ip"], 1, ["-n", "-netns", "-rc", "-rcvbuf", "-l", "-loops", "-f", "-family"]),
  showOrChange(["tc"], 1, ["-n", "-netns"]),
  showOrChange(["nmcli"], 1, [
    "-f",
    "--fields",
    "-g",
    "--get-values",
    "-m",
    "--mode",
    "-c",
    "--colors",
    "-e",
    "--escape",
    "-w",
    "--wait",
  ]),
  // `ifconfig`, `ifconfig eth0` show; `ifconfig eth0 down`, `ifconfig eth0 10.0.0.9` change.
  { names: ["ifconfig"], base: HOST, rules: [{ maxWords: 1, then: LOOK_NET }] },
  {
    names: ["route"],
    base: HOST,
    rules: [{ maxWords: 0, then: LOOK_NET }, ...each(["get", "show", "print", "monitor"], LOOK_NET)],
  },
  { names: ["arp"], base: LOOK_NET, rules: [{ flag: ["-d", "-s", "-f", "--delete", "--set", "--file"], then: HOST }] },
  showOrChange(["bridge"], 1, ["-n", "-netns", "-b", "-batch"]),
  // Interface managers: `ifdown eth0`, `netplan apply`, `networkctl down eth0`, `dhclient -r`, `resolvconf -a`.
  { names: ["ifdown", "ifup", "dhclient", "dhcpcd", "resolvconf"], base: HOST },
  { names: ["netplan"], base: HOST, rules: [...each(["get", "info", "status", "generate"], LOOK_NET)] },
  {
    names: ["networkctl"],
    base: HOST,
    rules: [{ bare: true, then: LOOK_NET }, ...each(["list", "status", "lldp", "label"], LOOK_NET)],
  },
  {
    names: ["brctl"],
    base: HOST,
    rules: [{ maxWords: 0, then: LOOK_NET }, ...each(["show", "showmacs", "showstp"], LOOK_NET)],
  },
  // Links, radios and tunnels: `ethtool -s eth0 speed 10`, `iw dev wlan0 disconnect`, `rfkill block all`, `wg-quick down wg0`.
  {
    names: ["ethtool"],
    base: LOOK_NET,
    rules: [
      {
        flag: [
          "-s",
          "-K",
          "-G",
          "-A",
          "-C",
          "-L",
          "-E",
          "-f",
          "-r",
          "-X",
          "-N",
          "-U",
          "-W",
          "--change",
          "--features",
          "--offload",
        ],
        then: HOST,
      },
      { text: /^--(?:set|change|reset|flash|config)/, then: HOST },
    ],
  },
  {
    names: ["iw", "iwconfig", "iwctl", "wpa_cli"],
    base: LOOK_NET,
    rules: [
      {
        word: [
          "disconnect",
          "connect",
          "set",
          "del",
          "add",
          "join",
          "leave",
          "switch",
          "off",
          "down",
          "remove_network",
          "disable_network",
          "terminate",
        ],
        then: HOST,
      },
      { minWords: 2, text: /^(?:essid|mode|txpower|key|ap)$/, then: HOST },
    ],
  },
  { names: ["rfkill"], base: LOOK_NET, rules: [{ word: ["block", "unblock", "toggle"], then: HOST }] },
  { names: ["wg-quick"], base: HOST, rules: [{ sub: ["strip"], then: LOOK_NET }] },
  { names: ["wg"], base: LOOK_NET, rules: [...each(["set", "setconf", "addconf", "syncconf"], HOST)] },
  // Firewalls: listing reads; every other verb changes what the host lets through.
  {
    names: [
      "iptables",
      "ip6tables",
      "iptables-legacy",
      "ip6tables-legacy",
      "iptables-nft",
      "ip6tables-nft",
      "ebtables",
      "arptables",
    ],
    values: ["-t", "--table", "-w", "--wait", "-W", "--wait-interval"],
    base: HOST,
    rules: [
      {
        flag: ["-L", "--list", "-S", "--list-rules", "-C", "--check"],
        notFlag: [
          "-Z",
          "--zero",
          "-A",
          "--append",
          "-D",
          "--delete",
          "-I",
          "--insert",
          "-R",
          "--replace",
          "-N",
          "--new-chain",
          "-X",
          "--delete-chain",
          "-P",
          "--policy",
          "-E",
          "--rename-chain",
          "-F",
          "--flush",
        ],
        then: LOOK,
      },
    ],
  },
  { names: ["iptables-save", "ip6tables-save", "iptables-legacy-save", "iptables-nft-save"], base: LOOK },
  { names: ["iptables-restore", "ip6tables-restore", "iptables-legacy-restore", "iptables-nft-restore"], base: HOST },
  // macOS and BSD packet filters: `pfctl -d` switches the firewall off, `-F all` flushes it; `-s` shows.
  {
    names: ["pfctl"],
    values: ["-a", "-f", "-F", "-s", "-k", "-K", "-t", "-T", "-x", "-D"],
    base: HOST,
    rules: [{ flag: ["-s"], notFlag: ["-d", "-e", "-F", "-f", "-k", "-K", "-x", "-T", "-D"], then: LOOK }],
  },
  { names: ["ipfw"], base: HOST, rules: [...each(["list", "show", "l"], LOOK)] },
  {
    names: ["nft"],
    values: ["-f", "--file", "-I", "--includepath"],
    base: HOST,
    rules: [
      { sub: ["list"], notFlag: ["-f", "--file"], then: LOOK },
      { sub: ["describe"], then: LOOK },
    ],
  },
  {
    names: ["ufw"],
    base: HOST,
    rules: [...each(["status", "show", "version"], LOOK), { sub: ["app", "list"], then: LOOK }],
  },
  {
    names: ["firewall-cmd"],
    base: HOST,
    rules: [
      {
        text: /^--(?:state|list-|get-|query-|info-)/,
        unlessText:
          /^--(?:add|remove|set|new|delete|change|reload|complete-reload|panic|runtime-to-permanent|lockdown|load|reset)/,
        then: LOOK,
      },
    ],
  },
  // DNS: `resolvectl dns eth0 6.6.6.6` points the host's names at another resolver.
  {
    names: ["resolvectl"],
    base: HOST,
    rules: [
      { bare: true, then: LOOK_NET },
      ...each(
        ["status", "query", "statistics", "monitor", "show-cache", "show-server-state", "service", "openpgp", "tlsa"],
        LOOK_NET,
      ),
      ...each(
        ["dns", "domain", "default-route", "llmnr", "mdns", "dnssec", "dnsovertls", "nta", "log-level"],
        LOOK_NET,
        { maxWords: 1 },
      ),
    ],
  },
  {
    names: ["systemd-resolve"],
    base: LOOK_NET,
    rules: [{ text: /^--(?:set-|revert|reset-|flush-)/, then: HOST }],
  },
  {
    names: ["networksetup"],
    base: HOST,
    rules: [
      {
        text: /^-(?:list|get|print|version|help|is)/i,
        unlessText: /^-(?:set|remove|add|create|delete|switch|import|export|disconnect|connect|order|renew)/i,
        then: LOOK_NET,
      },
    ],
  },
  {
    names: ["scutil"],
    base: HOST,
    rules: [{ flag: ["--dns", "--proxy", "--nwi", "--get", "-r", "-w"], notFlag: ["--set"], then: LOOK }],
  },
  // The clock: TLS, Kerberos, logs and build caches trust it.
  {
    names: ["date"],
    values: ["-d", "--date", "-r", "--reference", "-f", "--file", "-s", "--set", "-v"],
    base: fx("READ", [], "shell"),
    rules: [
      { flag: ["-s", "--set"], then: CLOCK },
      { text: DATE_OPERAND, notFlag: ["-d", "--date", "-r", "--reference", "-f", "--file", "-j", "-v"], then: CLOCK },
    ],
  },
  {
    names: ["timedatectl"],
    base: CLOCK,
    rules: [
      { bare: true, then: LOOK },
      ...each(["status", "show", "list-timezones", "timesync-status", "show-timesync"], LOOK),
    ],
  },
  {
    names: ["hwclock"],
    base: LOOK,
    rules: [
      {
        flag: ["--set", "-w", "--systohc", "-s", "--hctosys", "-a", "--adjust", "--systz", "--update-drift"],
        then: CLOCK,
      },
    ],
  },
  {
    names: ["ntpdate", "sntp", "rdate"],
    base: CLOCK,
    rules: [{ flag: ["-q", "-d", "-p"], notFlag: ["-s", "-S"], then: LOOK }],
  },
  {
    names: ["chronyc"],
    base: LOOK,
    rules: [
      { word: ["makestep", "settime", "burst", "offline", "online", "delete", "add", "local", "manual"], then: CLOCK },
    ],
  },
  {
    names: ["systemsetup"],
    base: HOST,
    rules: [{ text: /^-(?:get|list|help|print)/i, unlessText: /^-set/i, then: LOOK }],
  },
  {
    names: ["hostnamectl"],
    base: HOST,
    rules: [{ bare: true, then: LOOK }, ...each(["status"], LOOK), ...each(["hostname"], LOOK, { maxWords: 0 })],
  },
  // `hostname NAME` (or `-F FILE`) renames the host; `hostname`, `hostname -f`, `hostname -I` show.
  {
    names: ["hostname"],
    values: ["-F", "--file"],
    base: fx("READ", [], "shell"),
    rules: [
      { minWords: 1, then: HOST },
      { flag: ["-F", "--file", "-b", "--boot"], then: HOST },
    ],
  },
  { names: ["tzutil"], base: CLOCK, rules: [{ word: ["/g", "/l"], then: LOOK }] },
  // Sessions and power: `loginctl terminate-user dev`, `busctl call … login1 … PowerOff`, `rtcwake -m off`.
  {
    names: ["loginctl"],
    base: HOST,
    rules: [
      { bare: true, then: LOOK },
      ...each(
        [
          "list-sessions",
          "list-users",
          "list-seats",
          "session-status",
          "show-session",
          "user-status",
          "show-user",
          "seat-status",
          "show-seat",
        ],
        LOOK,
      ),
      ...each(["terminate-session", "terminate-user", "terminate-seat", "kill-session", "kill-user"], POWER),
    ],
  },
  {
    names: ["busctl"],
    values: ["-H", "--host", "-M", "--machine", "--address", "--match", "--size", "--destination", "--timeout"],
    base: HOST,
    rules: [
      { bare: true, then: LOOK },
      { text: POWER_METHOD, then: POWER },
      ...each(["list", "status", "monitor", "capture", "tree", "introspect", "get-property", "help"], LOOK),
    ],
  },
  {
    names: ["dbus-send", "gdbus", "qdbus", "qdbus6", "qdbus-qt5"],
    base: HOST,
    rules: [
      { text: POWER_METHOD, then: POWER },
      { text: READ_METHOD, then: LOOK },
      ...each(["introspect", "monitor", "wait"], LOOK),
    ],
  },
  {
    names: [
      "gnome-session-quit",
      "xfce4-session-logout",
      "cinnamon-session-quit",
      "mate-session-save",
      "lxqt-leave",
      "lxde-logout",
      "pm-suspend",
      "pm-hibernate",
      "pm-suspend-hybrid",
      "zzz",
      "ZZZ",
      "kexec",
    ],
    base: POWER,
  },
  {
    names: ["rtcwake"],
    values: ["-m", "--mode", "-s", "--seconds", "-t", "--time", "-d", "--device", "-A", "--adjfile", "--date"],
    base: POWER,
    rules: [
      { option: { "-m": ["show"], "--mode": ["show"] }, then: LOOK },
      { option: { "-m": ["no", "disable"], "--mode": ["no", "disable"] }, then: HOST },
    ],
  },
  {
    names: ["pmset"],
    base: HOST,
    rules: [
      { word: ["sleepnow", "displaysleepnow", "restoredefaults"], then: POWER },
      { flag: ["-g"], then: LOOK },
    ],
  },
  // Security policy: SELinux booleans, modules and contexts, AppArmor profiles, macOS preferences.
  { names: ["setsebool", "togglesebool"], base: HOST },
  { names: ["getsebool", "getenforce", "sestatus", "aa-status", "apparmor_status", "dbus-monitor"], base: LOOK },
  {
    names: ["semanage", "semodule"],
    base: HOST,
    rules: [
      {
        flag: ["-l", "--list", "--list-modules", "-E", "--extract"],
        notFlag: [
          "-a",
          "--add",
          "-d",
          "--delete",
          "-m",
          "--modify",
          "-D",
          "--deleteall",
          "-i",
          "--install",
          "-r",
          "--remove",
        ],
        then: LOOK,
      },
    ],
  },
  { names: ["apparmor_parser"], base: HOST, rules: [{ flag: ["-p", "--preprocess", "-N", "--names"], then: LOOK }] },
  {
    names: ["defaults"],
    values: ["-host"],
    base: LOOK,
    rules: [
      ...each(["write", "delete", "import", "rename"], HOST, { text: MAC_PROTECTION }),
      ...each(["write", "delete", "import", "rename"], PREFERENCE),
    ],
  },
];
