/**
 * system-permission-change: chmod/chown/chgrp/setfacl/chattr/chcon/chflags on `/`, a system directory, a
 * user's home or an ancestor of ours, or ~/.ssh (tightening modes there, `chmod 700 ~/.ssh`, is fine);
 * setuid/setgid anywhere; world-writable modes on system paths; recursive changes of unknown paths.
 * Project files (`chmod +x script.sh`) and `/usr/local/bin/tool` with an ordinary mode pass.
 */
import type { Operation } from "../operation/index.ts";
import type { SimpleCommand } from "../shell/index.ts";
import { modeFacts, type ModeFacts } from "./chmod-mode.ts";
import { commandsOf, hasFlag, operands } from "./commands.ts";
import { display, under } from "./paths.ts";
import { hasCriticalChildren, isCriticalDir, isCriticalName, isSystemPath } from "./system-dirs.ts";
import { targetOf } from "./targets.ts";
import type { Check } from "./types.ts";

const CHMOD_OPTIONS = new Set([
  "-R",
  "-f",
  "-v",
  "-c",
  "-h",
  "-H",
  "-L",
  "-P",
  "--recursive",
  "--silent",
  "--quiet",
  "--verbose",
  "--changes",
  "--preserve-root",
  "--no-preserve-root",
  "--dereference",
  "--no-dereference",
]);
const SETFACL_VALUED = [
  "-m",
  "-x",
  "-M",
  "-X",
  "--modify",
  "--remove",
  "--modify-file",
  "--remove-file",
  "--set",
  "--set-file",
];

const INSTALL_VALUED = ["-m", "--mode", "-o", "--owner", "-g", "--group", "-S", "--suffix", "-t", "--target-directory"];

/** The mode of `-m MODE`, `-mMODE`, `-dm777` (after flags that take no value), `--mode=MODE` or `--mode MODE`, or null. */
function modeOption(args: readonly string[]): string | null {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") return null;
    if (a === "--mode") return args[i + 1] ?? null;
    if (a.startsWith("--mode=")) return a.slice("--mode=".length);
    const m = /^-[bCcDdpsvZ]*m(.*)$/.exec(a);
    if (m !== null) return m[1] !== "" ? m[1]! : (args[i + 1] ?? null);
  }
  return null;
}

export interface Change {
  readonly targets: readonly string[];
  /** chmod's mode; null for the other programs (any change of theirs counts). */
  readonly mode: ModeFacts | null;
}

export const systemPermissionChange: Check = (op, ctx) => {
  for (const cmd of commandsOf(op)) {
    const change = changeOf(cmd);
    if (change === null) continue;
    if (cmd.args.includes("--no-preserve-root")) return `${cmd.program} --no-preserve-root`;
    if (change.mode?.setid === true) return `${cmd.program} sets the setuid/setgid bit`;
    const recursive = hasFlag(cmd, "-R", "--recursive");
    for (const word of change.targets) {
      const reason = judge({ word, cmd, op, home: ctx.home, mode: change.mode, recursive });
      if (reason !== null) return reason;
    }
  }
  return null;
};

export function changeOf(cmd: SimpleCommand): Change | null {
  const reference = cmd.args.some((a) => a === "--reference" || a.startsWith("--reference="));
  switch (cmd.program) {
    case "chmod": {
      const words = chmodOperands(cmd.args);
      if (reference) return { targets: words, mode: null };
      const [mode, ...targets] = words;
      return mode === undefined ? null : { targets, mode: modeFacts(mode) };
    }
    case "chown":
    case "chgrp":
    case "chflags":
    case "lchown":
      return { targets: operands(cmd, ["--reference"]).slice(reference ? 0 : 1), mode: null };
    case "chcon": {
      const words = operands(cmd, ["-u", "-r", "-t", "-l", "--user", "--role", "--type", "--range", "--reference"]);
      const byOption = reference || hasFlag(cmd, "-u", "-r", "-t", "-l", "--user", "--role", "--type", "--range");
      return { targets: words.slice(byOption ? 0 : 1), mode: null };
    }
    case "setfacl":
      return { targets: operands(cmd, SETFACL_VALUED), mode: null };
    // A mode given at creation is a mode change of what is created (`install -d -m 777 /etc/x`, ADR 0422).
    case "install":
    case "mkdir": {
      const mode = modeOption(cmd.args);
      if (mode === null) return null;
      const words = operands(cmd, cmd.program === "install" ? INSTALL_VALUED : ["-m", "--mode", "--context"]);
      const all = cmd.program === "mkdir" || hasFlag(cmd, "-d", "--directory");
      const targets = all ? words : hasFlag(cmd, "-t", "--target-directory") ? [] : words.slice(-1);
      // A setuid file installed is privilege-escalation's (privilege.ts); a setgid directory is a shared folder.
      return { targets: words.length > 1 || all ? targets : [], mode: { ...modeFacts(mode), setid: false } };
    }
    case "chattr":
      return { targets: chattrOperands(cmd.args), mode: null };
    default:
      return null;
  }
}

/** chmod's words that are not its options: `-x` and `-w` are modes, not flags. */
function chmodOperands(args: readonly string[]): readonly string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") return [...out, ...args.slice(i + 1)];
    if (a.startsWith("--reference")) {
      if (a === "--reference") i++;
      continue;
    }
    if (!CHMOD_OPTIONS.has(a) && !/^-[RfvchHLP]+$/.test(a)) out.push(a);
  }
  return out;
}

/** chattr's files: not its `+i`/`-i`/`=i` attribute words, nor the values of `-v`/`-p`. */
function chattrOperands(args: readonly string[]): readonly string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "-v" || a === "-p") i++;
    else if (!/^[-+=]/.test(a)) out.push(a);
  }
  return out;
}

/** One target word of a permission change, with what the check needs to judge it. */
interface Judged {
  readonly word: string;
  readonly cmd: SimpleCommand;
  readonly op: Operation;
  readonly home: string;
  readonly mode: ModeFacts | null;
  readonly recursive: boolean;
}

function judge({ word, cmd, op, home, mode, recursive }: Judged): string | null {
  const ssh = `${home}/.ssh`;
  const t = targetOf(word, cmd, op, home);
  if (t.kind === "pattern") {
    if (t.name !== null && !isCriticalName(t.name, home) && mode?.setid !== true && mode?.worldWritable !== true)
      return null;
    if (t.dir === null)
      return recursive ? `recursive ${cmd.program} of ${word}, whose value is unknown (${t.why})` : null;
    if (hasCriticalChildren(t.dir, home)) return `${cmd.program} of ${word}, which reaches ${display(t.dir, home)}`;
    const sensitive = isCriticalDir(t.dir, home) || under(t.dir, ssh);
    if (sensitive && mode?.restrictive !== true && (recursive || mode === null || mode.worldWritable))
      return `${cmd.program} of ${word} in ${display(t.dir, home)}`;
    if (mode?.worldWritable === true && isSystemPath(t.dir, home)) return `world-writable mode on ${word}`;
    return null;
  }
  for (const p of t.paths) {
    const tightening = mode?.restrictive === true && (p === home || under(p, ssh));
    if ((isCriticalDir(p, home) || under(p, ssh)) && !tightening) return `${cmd.program} on ${display(p, home)}`;
    if (mode?.worldWritable === true && isSystemPath(p, home)) return `world-writable mode on ${display(p, home)}`;
  }
  return null;
}
