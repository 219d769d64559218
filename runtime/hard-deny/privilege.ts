/**
 * privilege-escalation: changing who may become root. Writes of the sudo and doas rules (`/etc/sudoers`,
 * `/etc/sudoers.d/*`, by redirect, `tee`, `cp`, `sed -i` or `visudo -f`), of PAM's configuration and modules,
 * and of the account databases (`/etc/passwd`, `/etc/shadow`, `/etc/group`); file capabilities granted with
 * `setcap`, or written as the raw `security.capability` attribute by `setfattr` (docs/adr/0488); a setuid/setgid
 * mode given by `install -m` (chmod's is system-permission-change).
 */
import type { SimpleCommand } from "../shell/index.ts";
import { firstChangedPath } from "./changes.ts";
import { modeFacts } from "./chmod-mode.ts";
import { commandsOf, longValues, operands, shown } from "./commands.ts";
import { display, fold, under } from "./paths.ts";
import type { Check } from "./types.ts";

const FILES: readonly string[] = [
  "/etc/sudoers",
  "/etc/sudoers.d",
  "/etc/doas.conf",
  "/etc/doas.d",
  "/usr/local/etc/doas.conf",
  "/private/etc/sudoers",
  "/private/etc/sudoers.d",
  "/etc/pam.d",
  "/etc/pam.conf",
  "/private/etc/pam.d",
  "/etc/security",
  "/etc/passwd",
  "/etc/shadow",
  "/etc/group",
  "/etc/gshadow",
  "/etc/master.passwd",
  "/etc/polkit-1",
  "/usr/share/polkit-1/rules.d",
  "/etc/ld.so.preload",
];
/** PAM modules: `/lib/security`, `/lib64/security`, `/usr/lib/x86_64-linux-gnu/security`, … */
const PAM_MODULES = /^(?:\/usr)?\/lib(?:64|32)?(?:\/[^/]+)?\/security(?:\/|$)/;

function grantsPrivilege(raw: string): boolean {
  const path = fold(raw);
  return FILES.some((d) => under(path, d)) || PAM_MODULES.test(path);
}

export const privilegeEscalation: Check = (op, ctx) => {
  const hit = firstChangedPath(op, ctx.home, grantsPrivilege);
  if (hit !== null) return `writes ${display(hit, ctx.home)}, which decides who may become root`;
  for (const cmd of commandsOf(op)) {
    const reason = setcap(cmd) ?? capabilityAttribute(cmd) ?? setidInstall(cmd) ?? visudo(cmd);
    if (reason !== null) return reason;
  }
  return null;
};

/** `setcap CAPS FILE`: any capability set that is not a removal (`setcap -r`) grants root powers to the file. */
function setcap(cmd: SimpleCommand): string | null {
  // libcap-ng's `filecap FILE CAP…` is setcap with the file first; `none` removes, `-a`/`-d` list (docs/adr/0358).
  if (cmd.program === "filecap") {
    const ops = operands(cmd, []);
    const caps = ops.slice(1);
    return cmd.args.some((a) => /^-/.test(a)) || caps.length === 0 || caps.every((c) => c === "none")
      ? null
      : `${shown(cmd)} grants file capabilities`;
  }
  if (cmd.program !== "setcap" || cmd.args.includes("-r") || cmd.args.includes("-v")) return null;
  const words = operands(cmd, ["-n"]);
  const caps = words[0];
  if (caps === undefined || words.length < 2) return null;
  return /[+=]/.test(caps) ? `${shown(cmd)} grants file capabilities` : null;
}

/**
 * `setfattr -n security.capability -v 0s… FILE` is setcap spelled as the attribute it writes; `--restore=DUMP`
 * sets whatever attributes a dump nobody read here holds. `-x` removes one.
 */
function capabilityAttribute(cmd: SimpleCommand): string | null {
  if (cmd.program !== "setfattr") return null;
  const names = [
    ...longValues(cmd, "--name"),
    ...cmd.args.flatMap((a, i) =>
      a === "-n" ? [cmd.args[i + 1] ?? ""] : a.startsWith("-n") && a.length > 2 ? [a.slice(2)] : [],
    ),
  ];
  if (names.some((n) => /^security\.capability$/i.test(n))) return `${shown(cmd)} grants file capabilities`;
  if (cmd.args.some((a) => a.startsWith("--restore"))) return `${shown(cmd)} sets attributes from an unread dump`;
  return null;
}

function setidInstall(cmd: SimpleCommand): string | null {
  if (cmd.program !== "install") return null;
  const modes = [
    ...longValues(cmd, "--mode"),
    ...cmd.args.flatMap((a, i) =>
      a === "-m" ? [cmd.args[i + 1] ?? ""] : a.startsWith("-m") && a.length > 2 ? [a.slice(2)] : [],
    ),
  ];
  return modes.some((m) => modeFacts(m).setid) ? `${shown(cmd)} installs a setuid/setgid file` : null;
}

/** `visudo` edits /etc/sudoers, or the file of `-f`; `-c` only checks, bundled too (`-cf FILE`, `-qc`). */
function visudo(cmd: SimpleCommand): string | null {
  if (cmd.program !== "visudo" || cmd.args.some(checksOnly)) return null;
  return `${shown(cmd)} edits the sudo rules`;
}

/** `-c`/`--check`, or a letter bundle holding `c` before a letter that takes the rest as its value (`-fc` is `-f c`). */
function checksOnly(arg: string): boolean {
  if (arg === "--check") return true;
  if (!/^-[A-Za-z]+$/.test(arg)) return false;
  for (const letter of arg.slice(1)) {
    if (letter === "c") return true;
    if (letter === "f" || letter === "x") return false;
  }
  return false;
}
