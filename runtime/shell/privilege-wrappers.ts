/**
 * Who a wrapped command runs as (docs/adr/0201, 0476): the wrappers that run it as root or another user. One list,
 * read by the peel (wrappers.ts), the level (classify-command.ts) and the permission patterns (bash-pattern.ts),
 * so a sudo alternative added here is peeled, privileged and never covered by an allow that does not name it.
 */
import type { OptionSpec } from "./options.ts";

/**
 * sudo's alternatives and clones, which run the command after their options as root (or `-u USER`): `please`
 * (pleaser), `sudo-rs`, `dzdo` (Centrify), `pbrun`/`pmrun` (BeyondTrust), `pfexec` (illumos profiles), the
 * graphical ones (`gksu`, `gksudo`, `kdesu`, `kdesudo`, `beesu`, `lxsudo`). The option letters take a value.
 */
export const SUDO_ALIKES: Readonly<Record<string, OptionSpec>> = {
  please: { short: "cdrtu", long: ["--user", "--target", "--reason", "--dir", "--group"] },
  "sudo-rs": { short: "ughpCDrtUTR", long: ["--user", "--group", "--host", "--prompt", "--chdir", "--other-user"] },
  dzdo: { short: "ughpCDrtUTR", long: ["--user", "--group", "--host", "--prompt", "--chdir"] },
  pbrun: { short: "uhp", long: ["--user", "--host"] },
  pmrun: { short: "uhp", long: ["--user", "--host"] },
  pfexec: { short: "P" },
  gksu: { short: "uDm", long: ["--user", "--description", "--message"] },
  gksudo: { short: "uDm", long: ["--user", "--description", "--message"] },
  kdesu: { short: "ucipd", long: ["--user"] },
  kdesudo: { short: "ucipd", long: ["--user", "--comment"] },
  beesu: { short: "" },
  lxsudo: { short: "" },
};

/** Their modes that run nothing: listing the rules, checking them, editing a file (`please -l`, `dzdo -l`). */
export const SUDO_ALIKE_QUIET: readonly string[] = [
  "-l",
  "--list",
  "-e",
  "--edit",
  "-v",
  "-V",
  "--version",
  "-k",
  "-K",
];

/** Wrappers that change who runs the command: the programs whose label starts with one of them. */
export const PRIVILEGE_PROGRAMS: ReadonlySet<string> = new Set([
  "sudo",
  "doas",
  "su",
  "pkexec",
  "runuser",
  "run0",
  "sg",
  "machinectl",
  "systemd-run",
  "ksu",
  ...Object.keys(SUDO_ALIKES),
]);

/** The label setpriv gets when it runs the command as root or with capabilities added (`--reuid=0`, `--inh-caps +all`). */
export const SETPRIV_ROOT = "setpriv root";

/** The label bwrap gets when it adds capabilities inside its sandbox (`--cap-add ALL`): docs/adr/0564. */
export const BWRAP_CAPS = "bwrap caps";

/** A wrapper label that runs its command with privileges the user did not have: `sudo`, `please`, `setpriv root`. */
export function privilegedLabel(label: string): boolean {
  return PRIVILEGE_PROGRAMS.has(label.split(" ")[0] ?? "") || label === SETPRIV_ROOT || label === BWRAP_CAPS;
}
