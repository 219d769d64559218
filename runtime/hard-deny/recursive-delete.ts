/**
 * recursive-delete-root: a recursive delete that reaches `/`, a system directory, a user's home, or a path
 * whose value is unknown (`rm -rf "$X/"` with X empty is `rm -rf /`): fail closed. Deleters: `rm -r`,
 * `find … -delete` / `-exec rm`, `rsync --delete` (its destination), `shred|srm|wipe -r`; `mv` of such a
 * directory removes it from where the system expects it. Ordinary targets (`./build`, `/tmp/x`) pass.
 */
import type { Operation } from "../operation/index.ts";
import type { SimpleCommand } from "../shell/index.ts";
import { commandsOf, hasFlag, operands } from "./commands.ts";
import { display } from "./paths.ts";
import { removedInputs } from "./removed-inputs.ts";
import { hasCriticalChildren, isCriticalDir, isCriticalName } from "./system-dirs.ts";
import { targetOf } from "./targets.ts";
import type { Check } from "./types.ts";

const RM = new Set(["rm", "unlink", "rmdir"]);
const SHREDDERS = new Set(["shred", "srm", "wipe"]);
const DELETERS = new Set(["rm", "rmdir", "unlink", "shred", "srm", "wipe"]);
const RECURSIVE = ["-r", "-R", "--recursive"];
const RSYNC_VALUED = [
  "-e",
  "--rsh",
  "-f",
  "--filter",
  "--exclude",
  "--include",
  "--exclude-from",
  "--include-from",
  "-T",
  "--temp-dir",
  "--files-from",
  "--port",
  "--password-file",
  "--log-file",
  "-B",
  "--block-size",
  "-M",
  "--remote-option",
  "--chmod",
  "--chown",
  "--backup-dir",
  "--suffix",
  "--compare-dest",
  "--link-dest",
  "--copy-dest",
  "--partial-dir",
  "--timeout",
  "--bwlimit",
  "--max-size",
  "--min-size",
  "--out-format",
];
/** find's options before the start paths. */
const FIND_LEADING = new Set(["-H", "-L", "-P"]);

export const recursiveDeleteRoot: Check = (op, ctx) => {
  for (const cmd of commandsOf(op)) {
    if (RM.has(cmd.program) && cmd.args.includes("--no-preserve-root")) return `${cmd.program} --no-preserve-root`;
    // Under xargs or parallel the targets come from stdin, which nobody can see here: fail closed.
    if (cmd.context.argsFromStdin && recursiveDeletes(cmd)) {
      return `recursive delete of paths read from stdin (${cmd.context.wrappers.join(" ")} ${cmd.text})`;
    }
    for (const word of recursiveTargets(cmd)) {
      const reason = judge(word, cmd, op, ctx.home);
      if (reason !== null) return reason;
    }
    if (cmd.program === "mv") {
      for (const word of operands(cmd, ["-t", "--target-directory", "-S", "--suffix"]).slice(0, -1)) {
        const t = targetOf(word, cmd, op, ctx.home);
        const hit = t.kind === "path" ? t.paths.find((p) => isCriticalDir(p, ctx.home)) : undefined;
        if (hit !== undefined) return `moves ${display(hit, ctx.home)} away`;
      }
    }
  }
  return null;
};

function recursiveDeletes(cmd: SimpleCommand): boolean {
  return (
    ((cmd.program === "rm" || SHREDDERS.has(cmd.program)) && hasFlag(cmd, ...RECURSIVE)) ||
    (cmd.program === "find" && findDeletes(cmd.args))
  );
}

/** The words a command deletes recursively; empty when it does not. */
export function recursiveTargets(cmd: SimpleCommand): readonly string[] {
  const p = cmd.program;
  if ((p === "rm" || SHREDDERS.has(p)) && hasFlag(cmd, ...RECURSIVE)) return operands(cmd);
  if (p === "find" && findDeletes(cmd.args)) return findStarts(cmd.args);
  // git clean removes untracked (with -x also ignored) files below its paths, the work tree when none is named.
  if (p === "git") {
    const ops = operands(cmd, ["-e", "--exclude", "-c", "-C", "--git-dir", "--work-tree"]);
    const dry = cmd.args.some((a) => a === "--dry-run" || /^-[a-zA-Z]*n[a-zA-Z]*$/.test(a));
    if (ops[0] === "clean" && !dry) return ops.length > 1 ? ops.slice(1) : ["."];
  }
  if (p === "rsync" && cmd.flags.some((f) => f.startsWith("--del"))) {
    const dest = operands(cmd, RSYNC_VALUED).at(-1);
    return dest === undefined || isRemote(dest) ? [] : [dest];
  }
  return removedInputs(cmd);
}

function findDeletes(args: readonly string[]): boolean {
  return args.some(
    (a, i) =>
      a === "-delete" ||
      (["-exec", "-execdir", "-ok", "-okdir"].includes(a) && DELETERS.has(basename(args[i + 1] ?? ""))),
  );
}

/** find's start paths: the words before the first expression word; `.` when none. */
function findStarts(args: readonly string[]): readonly string[] {
  const starts: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (FIND_LEADING.has(a) || a.startsWith("-O")) continue;
    if (a === "-D") {
      i++;
      continue;
    }
    if (a.startsWith("-") || a === "(" || a === "!" || a === ")") break;
    starts.push(a);
  }
  return starts.length === 0 ? ["."] : starts;
}

function judge(word: string, cmd: SimpleCommand, op: Operation, home: string): string | null {
  const verb = "recursive delete of";
  const t = targetOf(word, cmd, op, home);
  if (t.kind === "path") {
    const hit = t.paths.find((p) => isCriticalDir(p, home));
    return hit === undefined ? null : `${verb} ${display(hit, home)}`;
  }
  if (t.name !== null && !isCriticalName(t.name, home)) return null;
  if (t.dir === null) return `${verb} ${word}, whose value is unknown (${t.why})`;
  if (isCriticalDir(t.dir, home) || hasCriticalChildren(t.dir, home))
    return `${verb} ${word}, which reaches ${display(t.dir, home)}`;
  return null;
}

function basename(word: string): string {
  return word.slice(word.lastIndexOf("/") + 1);
}

/** `host:path` and `rsync://…` name another machine. */
function isRemote(word: string): boolean {
  const colon = word.indexOf(":");
  return colon > 0 && !word.slice(0, colon).includes("/");
}
