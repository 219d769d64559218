/**
 * The guarded paths a glob word can expand to (docs/adr/0290). A word bash did not expand here (`~/.zsh[r]c`,
 * `.claud?/settings.json`, `/dev/sd?`) names whatever it will match when the command runs, so for the checks that
 * judge a path by its name (shell profiles, agent and rulegate settings, system files, disks) a glob that can match
 * a guarded path is that path. The word is compared segment by segment with each guarded path as bash would match
 * it (`*` and `?` never match a leading dot; letters without case, as the deny side compares them): when its first
 * segments match a guarded path's, the guarded path (followed by the word's remaining segments) is one of its
 * expansions. A literal word, or a glob whose fixed prefix already names the place, needs none.
 */
import picomatch from "picomatch";
import { AGENT_ANYWHERE, AGENT_HOME, AUTHORIZED_KEYS_HOME, RULEGATE_ANYWHERE, RULEGATE_HOME } from "./own-settings.ts";
import { DIRS as RUN_LATER_DIRS, FILES as RUN_LATER_FILES } from "./run-later.ts";
import { PROFILE_DIRS, PROFILE_FILES, SYSTEM_PROFILE_DIRS, SYSTEM_PROFILE_FILES } from "./shell-startup.ts";

/** Relative to home: startup files, agent and rulegate settings, login keys, user units and autostart. */
const HOME: readonly string[] = [
  ...PROFILE_FILES,
  ...PROFILE_DIRS,
  ...RUN_LATER_FILES,
  ...RUN_LATER_DIRS,
  ...AUTHORIZED_KEYS_HOME,
  ...AGENT_HOME,
  ...AGENT_ANYWHERE,
  ...RULEGATE_ANYWHERE,
  ...RULEGATE_HOME,
  ".config/autostart",
  ".config/systemd",
  ".local/share/systemd",
  "Library/LaunchAgents",
  ".local/bin",
  ".gitconfig",
  ".config/git/config",
];

/** Relative to the directory the call works in: the project's agent and rulegate settings and git's own files. */
const PROJECT: readonly string[] = [...AGENT_ANYWHERE, ...RULEGATE_ANYWHERE, ".git/hooks", ".git/config"];

/** System files and devices whose change the built-in checks deny. */
const SYSTEM: readonly string[] = [
  "/etc/passwd",
  "/etc/shadow",
  "/etc/sudoers",
  "/etc/sudoers.d",
  "/etc/crontab",
  "/etc/cron.d",
  ...SYSTEM_PROFILE_FILES,
  ...SYSTEM_PROFILE_DIRS,
  "/etc/ld.so.preload",
  "/etc/hosts",
  "/etc/ssh/sshd_config",
  "/etc/systemd",
  "/etc/rc.local",
  "/root/.ssh/authorized_keys",
  "/root/.bashrc",
  "/dev/sda",
  "/dev/sdb",
  "/dev/vda",
  "/dev/xvda",
  "/dev/nvme0n1",
  "/dev/mmcblk0",
  "/dev/mem",
  "/proc/sysrq-trigger",
];

const GLOB = /[*?[]/;

const segs = (p: string): string[] => p.split("/").filter((s) => s !== "");

const matcher = (seg: string): ((name: string) => boolean) =>
  picomatch(seg, { dot: false, nocase: true, noextglob: true, nobrace: true });

/**
 * The guarded paths an absolute glob `path` can expand to, each followed by the word's segments past it. Only
 * words with a glob character in the segments that meet a guarded path (a fixed prefix needs no candidate).
 */
export function guardedExpansions(path: string, home: string, cwd: string): readonly string[] {
  if (!GLOB.test(path)) return [];
  const word = segs(path);
  // The project's names count where the call works and wherever the word's fixed prefix leads (`sub/.claud?/x`).
  const first = word.findIndex((s) => GLOB.test(s));
  const prefix = `/${word.slice(0, first).join("/")}`;
  const anchors = prefix === cwd ? [cwd] : [cwd, prefix];
  const guarded = [
    ...HOME.map((p) => `${home}/${p}`),
    ...anchors.flatMap((a) => PROJECT.map((p) => `${a === "/" ? "" : a}/${p}`)),
    ...SYSTEM,
  ];
  const out = new Set<string>();
  for (const g of guarded) {
    const target = segs(g);
    const k = Math.min(word.length, target.length);
    if (k === 0 || !word.slice(0, k).some((s) => GLOB.test(s))) continue;
    let ok = true;
    for (let i = 0; i < k && ok; i++) {
      const w = word[i]!;
      ok = GLOB.test(w) ? matcher(w)(target[i]!) : w.toLowerCase() === target[i]!.toLowerCase();
    }
    if (ok) out.add(`/${[...target.slice(0, k), ...word.slice(k)].join("/")}`);
  }
  return [...out];
}
