/**
 * Kernel and device controls of the host: CPU frequency and power tuning, SysV IPC objects, another process's
 * resource limits, the console keymap, login records, zram and swap, a disk's read-only flag and power state,
 * forced log rotation, socket killing. Looking is READ; a change is SECURITY (the machine, not the project,
 * changes: docs/adr/0315); removing what others hold (IPC objects, sockets, a zram device) is DESTRUCTIVE
 * (docs/adr/0467).
 */
import { fx, type Program, type Rule } from "./types.ts";

const HOST = fx("SECURITY", ["write_local"], "system", "host");
const DEVICE = fx("SECURITY", ["write_local"], "system", "disk");
const REMOVE = fx("DESTRUCTIVE", ["write_local"], "system", "host");
const LOOK = fx("READ", ["read_local"], "system");

const HELP = ["-h", "--help", "-V", "--version", "-?", "--usage"];
const help: Rule = { flag: HELP, then: LOOK };
const each = (subs: readonly string[], then = LOOK): Rule[] => subs.map((s): Rule => ({ sub: [s], then }));

/** prlimit's limit options: with `--pid` they change a running process's limits (`prlimit --pid 1 --nofile=1:1`). */
const LIMITS = [
  "--core",
  "--data",
  "--nice",
  "--fsize",
  "--sigpending",
  "--memlock",
  "--rss",
  "--nofile",
  "--msgqueue",
  "--rtprio",
  "--stack",
  "--cpu",
  "--nproc",
  "--as",
  "--locks",
  "--rttime",
];
const LIMIT_ALIASES: Readonly<Record<string, string>> = {
  "-c": "--core",
  "-d": "--data",
  "-e": "--nice",
  "-f": "--fsize",
  "-i": "--sigpending",
  "-l": "--memlock",
  "-m": "--rss",
  "-n": "--nofile",
  "-q": "--msgqueue",
  "-r": "--rtprio",
  "-s": "--stack",
  "-t": "--cpu",
  "-u": "--nproc",
  "-v": "--as",
  "-x": "--locks",
  "-y": "--rttime",
  "-p": "--pid",
};

export const DEVICES: readonly Program[] = [
  // CPU frequency, idle states and power profiles: `cpupower frequency-set -g powersave`, `tuned-adm profile x`.
  {
    names: ["cpupower"],
    base: HOST,
    rules: [help, ...each(["frequency-info", "idle-info", "info", "monitor", "help"])],
  },
  { names: ["cpufreq-set", "x86_energy_perf_policy", "powertop", "tlp"], base: HOST, rules: [help] },
  { names: ["cpufreq-info", "tlp-stat", "ipcs"], base: LOOK },
  {
    names: ["tuned-adm"],
    base: HOST,
    rules: [help, ...each(["list", "active", "recommend", "verify", "profile_info"])],
  },
  // `ipcrm -a` removes every SysV shared memory segment, semaphore and queue: databases holding them break.
  { names: ["ipcrm"], base: REMOVE, rules: [help] },
  {
    names: ["prlimit"],
    aliases: LIMIT_ALIASES,
    values: ["--pid", "-p", "-o", "--output"],
    base: LOOK,
    rules: [
      { optionText: { "--pid": /./, "-p": /./ }, flag: LIMITS, then: HOST },
      { optionText: { "--pid": /./, "-p": /./ }, text: /^-[cdefilmnqrstuvxy][\d:]/, then: HOST },
    ],
  },
  // The console's keymap, font and repeat rate: whoever types at the machine next types something else.
  { names: ["loadkeys", "setkeycodes", "kbdrate", "setfont", "chvt", "localectl"], base: HOST, rules: [help] },
  // Login and failure records are evidence: clearing them hides who logged in.
  {
    names: ["lastlog"],
    base: LOOK,
    rules: [{ flag: ["-C", "--clear", "-S", "--set"], then: HOST }],
  },
  {
    names: ["faillock", "pam_tally2", "pam_tally"],
    base: LOOK,
    rules: [{ flag: ["--reset", "-r"], then: HOST }],
  },
  // zram devices: `zramctl --reset /dev/zram0` drops what is on it (the swap in use included).
  {
    names: ["zramctl"],
    base: HOST,
    rules: [
      help,
      { flag: ["-r", "--reset"], then: REMOVE },
      {
        notFlag: ["-s", "--size", "-a", "--algorithm", "-t", "--streams", "-f", "--find", "-p", "--algorithm-params"],
        then: LOOK,
      },
    ],
  },
  // `swapoff -a` takes every swap area away (memory pressure becomes the OOM killer); `swapon --show` reads.
  {
    names: ["swapon", "swapoff"],
    values: ["-p", "--priority", "-o", "--options", "--show"],
    base: HOST,
    rules: [
      help,
      { flag: ["--show", "-s", "--summary"], notFlag: ["-a", "--all"], maxWords: 0, then: LOOK },
      { bare: true, notFlag: ["-a", "--all", "-e", "--ifexists"], then: LOOK },
    ],
  },
  // A disk's flags and power: `blockdev --setro /dev/sda` makes the root disk read-only, `hdparm -Y` sleeps it.
  {
    names: ["blockdev"],
    base: DEVICE,
    rules: [help, { text: /^--(?:get|report)/, unlessText: /^--(?:set|flushbufs|rereadpt)/, then: LOOK }],
  },
  {
    names: ["hdparm"],
    base: DEVICE,
    rules: [help, { text: /^-[IigtTC]+$/, unlessText: /^-(?![IigtTC]+$)/, then: LOOK }],
  },
  {
    names: ["sdparm"],
    base: LOOK,
    rules: [{ text: /^--(?:set|clear|command|defaults|save)|^-[a-zA-Z]*[scCDS]/, then: DEVICE }],
  },
  {
    names: ["smartctl"],
    base: LOOK,
    rules: [{ text: /^--(?:smart|offlineauto|saveauto|test|abort|set)|^-[a-zA-Z]*[soStX]/, then: DEVICE }],
  },
  {
    names: ["udevadm"],
    base: HOST,
    rules: [help, ...each(["info", "monitor", "test", "test-builtin", "verify", "cat", "wait", "settle"])],
  },
  // A forced rotation renames and truncates the host's logs; `logrotate -d` only says what it would do.
  {
    names: ["logrotate"],
    values: ["-s", "--state", "-l", "--log", "-m", "--mail"],
    base: HOST,
    rules: [help, { flag: ["-d", "--debug"], then: LOOK }],
  },
  // The system's trust store and package diversions: `trust anchor --store x.crt` makes a certificate trusted for
  // every TLS client, `dpkg-reconfigure ca-certificates` re-picks the CA set, `dpkg-divert --rename` swaps a
  // system binary for another file (docs/adr/0467).
  { names: ["trust"], base: HOST, rules: [help, ...each(["list", "extract", "dump"])] },
  // Rebuilding the system's CA bundle trusts whatever was copied into its source folders; `mkcert -install` adds a
  // new root CA to the system and browser stores, while plain `mkcert localhost` only writes a certificate here
  // (docs/adr/0486).
  { names: ["update-ca-certificates", "update-ca-trust"], base: HOST, rules: [help] },
  {
    names: ["mkcert"],
    base: fx("WRITE", ["write_local"], "crypto"),
    rules: [{ flag: ["-install", "-uninstall"], then: fx("SECURITY", ["write_local"], "system", "trust-store") }],
  },
  {
    names: ["dpkg-reconfigure", "dpkg-divert"],
    base: HOST,
    rules: [help, { flag: ["--list", "--listpackage", "--truename"], then: LOOK }],
  },
  // `blkzone reset /dev/nvme0n2` empties zones of a zoned disk; `blkzone report` reads.
  {
    names: ["blkzone"],
    base: fx("DESTRUCTIVE", ["write_local"], "filesystem", "disk"),
    rules: [help, ...each(["report", "capacity"])],
  },
];
