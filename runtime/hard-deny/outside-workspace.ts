import { ownEntry } from "../../core/index.ts";
/**
 * destructive-outside-workspace (docs/adr/0114): a destructive change whose target lies outside the workspace
 * (`paths.workspace`, the session root by default, plus the temp directories) or on a system path (`/etc`,
 * `/usr`, `/var`, another user's home, …) that is not inside the session root. Destructive changes are:
 * - a recursive delete (`rm -r`, `find … -delete`/`-exec rm`, `git clean`, `rsync --delete`'s destination);
 * - a recursive mode, owner, ACL or attribute change (`chmod -R`, `chown -R`, `setfacl -R`, `chattr -R`);
 * - truncation or shredding (`truncate`, `shred`, `wipe`, `srm`);
 * - an overwrite of an existing file: a `>` redirect, `tee` without `-a`, `cp`/`mv`/`install`/`ln -f`/`rsync`
 *   onto it, `dd of=`, `sed -i`/`perl -i`, the Write tool; moving an existing directory away (`mv ~/x /tmp`);
 * - an extraction or tree copy into a system directory (`tar x -C /`, `unzip -o x.zip -d /usr/local/bin`).
 * Targets are read the way the other checks read them (`cd` in the string, `~`, links resolved in both
 * spellings, links made earlier in the string); a home file is an overwrite only when it exists (creating one
 * is not destructive), a system path whose existence is unknown fails closed.
 */
import { posix } from "node:path";
import { type Operation, type PathAccess, accessForms, inToolCache } from "../operation/index.ts";
import { FETCHING_RUNNERS, type SimpleCommand } from "../shell/index.ts";
import { commandsOf, hasFlag, longValues, operands } from "./commands.ts";
import { display, under } from "./paths.ts";
import { changeOf } from "./permissions.ts";
import { recursiveTargets } from "./recursive-delete.ts";
import { isOsPath, isSystemPath, SCRATCH } from "./system-dirs.ts";
import { targetOf, type Target } from "./targets.ts";
import type { Check } from "./types.ts";
import { insideWorkspace, rootWorkspace, type Workspace } from "./workspace.ts";

/** Where a destructive change lands: its path forms, and what exists there (undefined: not known). */
interface Landing {
  readonly paths: readonly string[];
  readonly existing: "file" | "dir" | undefined;
  /** Appended to, not replaced: a change in place only where every change is one (a system path). */
  readonly append?: true;
}

/** In-place editors besides sed and perl: their operands are written only in the in-place mode, as knowledge says. */
const IN_PLACE: ReadonlySet<string> = new Set(["awk", "gawk", "mawk", "nawk", "ruby", "yq"]);

const COPY_VALUED: Readonly<Record<string, readonly string[]>> = {
  cp: ["-S", "--suffix", "-t", "--target-directory"],
  mv: ["-S", "--suffix", "-t", "--target-directory"],
  ln: ["-S", "--suffix", "-t", "--target-directory"],
  install: ["-m", "--mode", "-o", "--owner", "-g", "--group", "-S", "--suffix", "-t", "--target-directory"],
};
const TRUNCATE_VALUED = ["-s", "--size", "-r", "--reference", "-o", "--io-blocks"];
const SHREDDERS = new Set(["shred", "wipe", "srm"]);
/** Devices and kernel interfaces are not files an overwrite destroys (`> /dev/null`); disks have their own check. */
const NOT_FILES = ["/dev", "/proc/self/fd"];

export const destructiveOutsideWorkspace: Check = (op, ctx) => {
  const ws = ctx.workspace ?? rootWorkspace(op.call.cwd, ctx.home);
  const where = (p: string): string | null => placeOf(p, ws, ctx.home);
  if (op.tool === "write") {
    for (const a of op.paths.filter((x) => x.mode === "write")) {
      const hit = overwritten(landingOf(a), ws, ctx.home, true);
      if (hit !== null) return `overwrites ${hit}`;
    }
    return null;
  }
  for (const cmd of commandsOf(op)) {
    for (const word of recursiveTargets(cmd)) {
      if (toolCacheOnly(targetOf(word, cmd, op, ctx.home), accessesOf(op, word), op, ctx.home)) continue;
      const hit = reached(targetOf(word, cmd, op, ctx.home), accessesOf(op, word), where, ctx.home);
      if (hit !== null) return `recursive delete of ${hit}`;
    }
    const change = changeOf(cmd);
    if (change !== null && hasFlag(cmd, "-R", "--recursive")) {
      for (const word of change.targets) {
        const hit = reached(targetOf(word, cmd, op, ctx.home), accessesOf(op, word), where, ctx.home);
        if (hit !== null) return `recursive ${cmd.program} of ${hit}`;
      }
    }
    // One file of the system itself, its mode or owner changed (`chmod 000 /usr/bin/sudo`), ADR 0422.
    for (const word of change?.targets ?? []) {
      const hit = osPlace(targetOf(word, cmd, op, ctx.home), ctx.home);
      if (hit !== null) return `${cmd.program} of ${hit}`;
    }
    for (const word of truncated(cmd)) {
      const hit = reached(targetOf(word, cmd, op, ctx.home), accessesOf(op, word), where, ctx.home);
      if (hit !== null) return `${cmd.program} of ${hit}`;
    }
    for (const word of emptied(cmd)) {
      const hit = reached(targetOf(word, cmd, op, ctx.home), accessesOf(op, word), where, ctx.home);
      if (hit !== null) return `empties ${hit}`;
    }
    for (const landing of overwrites(cmd, op, ctx.home)) {
      const hit = overwritten(landing, ws, ctx.home, false);
      if (hit !== null) return `${landing.append === true ? "appends to" : "overwrites"} ${hit}`;
    }
    const runner = cmd.context.wrappers.find((w) => FETCHING_RUNNERS.has(w));
    if (runner !== undefined) {
      for (const a of op.paths.filter((x) => x.raw !== undefined && cmd.args.includes(x.raw) && x.dynamic !== true)) {
        const hit = accessForms(a)
          .map(where)
          .find((w) => w !== null);
        if (hit !== undefined) return `${runner} runs fetched code (${cmd.program}) on ${hit}`;
      }
    }
    // A move removes its source: a directory off limits, anything on a system path, or anything off limits
    // moved into temp space, where deletes are nobody's business (`mv ~/x /tmp/y`, then `rm -rf /tmp/y`).
    const intoScratch = movesIntoScratch(cmd, op, ctx.home);
    for (const landing of movedAway(cmd, op, ctx.home)) {
      const hit = landing.paths
        .map(where)
        .find((w) => w !== null && (landing.existing === "dir" || w.endsWith(SYSTEM) || intoScratch));
      if (hit !== undefined) return `moves away ${hit}`;
    }
  }
  // Any other file a command or interpreter code visibly writes (`curl -o /etc/hosts URL`,
  // `python3 -c "open('/etc/hosts','w')"`) is judged like the Write tool: on a system path it is a hit; a home
  // file is left to the checks above (its existence decides) and to interpreter-destructive.
  // Operands are judged above by what each program does with them (a mode change is no overwrite); what is left
  // is option values (`-o FILE`) and what code names.
  const operandWords = new Set(
    commandsOf(op).flatMap((c) => [
      ...c.args.filter((_w, i) => i === 0 || !c.args[i - 1]!.startsWith("-")),
      ...c.redirects.map((r) => r.target ?? ""),
    ]),
  );
  for (const a of op.paths) {
    if (a.mode !== "write" || a.dynamic === true || a.metadata === true || a.recursive === true) continue;
    if (a.raw !== undefined && operandWords.has(a.raw)) continue;
    const hit = overwritten(landingOf(a), ws, ctx.home, true);
    if (hit !== null) return `overwrites ${hit}`;
  }
  // A file of the system itself deleted, one at a time or by a glob (`rm /boot/vmlinuz*`), ADR 0422.
  for (const a of op.paths) {
    if (a.mode !== "delete" || a.dynamic === true) continue;
    const hit = accessForms(a).find((p) => isOsPath(p, ctx.home));
    if (hit !== undefined) return `deletes ${display(hit, ctx.home)} ${SYSTEM}`;
  }
  // An extraction or a tree copy into a system directory replaces whatever files of the same names are there
  // (`unzip -o x.zip -d /usr/local/bin`): nobody can name them before it runs, so it fails closed (ADR 0165).
  for (const a of op.paths) {
    if (a.recursive !== true || a.mode !== "write" || a.dynamic === true) continue;
    const hit = accessForms(a)
      .map(where)
      .find((w) => w?.endsWith(SYSTEM) === true);
    if (hit !== undefined) return `writes a whole tree into ${hit}`;
  }
  return null;
};

const SYSTEM = "(a system path)";

/** Why a path is off limits ("~/x (outside the workspace)", "/etc/x (a system path)"), or null when it is not. */
function placeOf(p: string, ws: Workspace, home: string): string | null {
  if (isSystemPath(p, home) && !ws.roots.some((r) => under(p, r))) return `${display(p, home)} ${SYSTEM}`;
  if (!insideWorkspace(p, ws, home)) return `${display(p, home)} (outside the workspace)`;
  return null;
}

/**
 * A recursive delete of a tool's download cache in the home (`rm -rf ~/.cache/pip`, docs/adr/0444): every form of
 * the target is in a named cache folder (a glob only below it), and nothing else in the string writes or moves
 * anything into that cache (`mv ~/.ssh ~/.cache/pip/k && rm -rf ~/.cache/pip` deletes the keys).
 */
function toolCacheOnly(t: Target, accesses: readonly PathAccess[], op: Operation, home: string): boolean {
  const paths = t.kind === "path" ? t.paths : t.dir === null ? [] : [t.dir];
  const forms = [...paths, ...accesses.flatMap(accessForms)];
  if (forms.length === 0 || !forms.every((p) => inToolCache(p, home))) return false;
  return !op.paths.some(
    (a) => a.mode === "write" && (a.dynamic === true || accessForms(a).some((p) => inToolCache(p, home))),
  );
}

/** A target that is a file of the system itself (or a glob in one of its directories): its description, or null. */
function osPlace(t: Target, home: string): string | null {
  const paths = t.kind === "path" ? t.paths : t.dir === null ? [] : [t.dir];
  const hit = paths.find((p) => isOsPath(p, home));
  return hit === undefined ? null : `${display(hit, home)} ${SYSTEM}`;
}

/** A recursive delete, mode change or truncation reaches a place off limits: its description, or null. */
function reached(
  t: Target,
  accesses: readonly PathAccess[],
  where: (p: string) => string | null,
  _home: string,
): string | null {
  const paths = t.kind === "path" ? t.paths : t.dir === null ? [] : [t.dir];
  for (const p of [...paths, ...accesses.flatMap(accessForms)]) {
    const hit = where(p);
    if (hit !== null) return t.kind === "path" || p !== t.dir ? hit : `${t.why} in ${hit}`;
  }
  return null;
}

/**
 * An overwrite destroys what exists: a file outside the workspace counts when it is known to exist; on a
 * system path it counts unless it is known not to be a file there (a directory: the copy lands inside it).
 */
function overwritten(landing: Landing, ws: Workspace, home: string, fileTool: boolean): string | null {
  if (landing.existing === "dir") return null;
  for (const p of landing.paths) {
    if (NOT_FILES.some((d) => under(p, d))) continue;
    const hit = placeOf(p, ws, home);
    if (hit === null) continue;
    if (hit.endsWith(SYSTEM) || (landing.existing === "file" && !fileTool && landing.append !== true)) return hit;
  }
  return null;
}

/** The accesses the analysis resolved for this word (with links made earlier in the string followed). */
function accessesOf(op: Operation, word: string): readonly PathAccess[] {
  return op.paths.filter((a) => a.raw === word && (a.mode === "write" || a.mode === "delete") && a.dynamic !== true);
}

function landingOf(a: PathAccess): Landing {
  return { paths: accessForms(a), existing: a.existing };
}

/** Landings of a word: its resolved accesses, else the word read as a target (existence unknown). */
function landingsOf(word: string, cmd: SimpleCommand, op: Operation, home: string): readonly Landing[] {
  const found = accessesOf(op, word);
  if (found.length > 0) return found.map(landingOf);
  const t = targetOf(word, cmd, op, home);
  return t.kind === "path" ? [{ paths: t.paths, existing: undefined }] : [];
}

/**
 * The files a command that writes nothing redirects into (`> f`, `: > f`, `echo > f`, `printf '' > f`,
 * `cat /dev/null > f`): emptying a file is their only effect, so they are a truncation whether or not the file
 * is seen to exist when the call is decided.
 */
function emptied(cmd: SimpleCommand): readonly string[] {
  if (!writesNothing(cmd)) return [];
  return cmd.redirects
    .filter((r) => r.mode === "write" && r.fd !== 0 && r.target !== null && !NOT_FILES.some((d) => under(r.target!, d)))
    .map((r) => r.target!);
}

/** Files `truncate`, `shred`, `wipe` or `srm` destroy whatever they held, and `cp /dev/null FILE` empties. */
function truncated(cmd: SimpleCommand): readonly string[] {
  if (cmd.program === "cp" || cmd.program === "install") {
    const ops = operands(cmd, COPY_VALUED[cmd.program]);
    if (ops.length === 2 && NULL_SOURCES.has(ops[0]!)) return [ops[1]!];
  }
  if (cmd.program === "truncate") return operands(cmd, TRUNCATE_VALUED);
  if (SHREDDERS.has(cmd.program) && !hasFlag(cmd, "-r", "-R", "--recursive"))
    return operands(cmd, ["-n", "--iterations", "-s", "--size", "--random-source"]);
  // Data zeroed or cut out in place (docs/adr/0747): fallocate's punch, zero and collapse modes, xfs_io's
  // commands of the same names and its writes. `fallocate -l 1G f` (allocation) and `--dig-holes` (only blocks
  // already zero) keep every byte.
  if (cmd.program === "fallocate" && hasFlag(cmd, ...FALLOCATE_DESTROYS))
    return operands(cmd, ["-o", "--offset", "-l", "--length"]);
  if (cmd.program === "xfs_io" && xfsIoCommands(cmd).some((c) => XFS_IO_DESTROYS.test(c)))
    return operands(cmd, ["-c", "-p", "-m"]);
  return [];
}

const FALLOCATE_DESTROYS = ["-p", "--punch-hole", "-z", "--zero-range", "-c", "--collapse-range"];
const XFS_IO_DESTROYS = /^\s*(?:fpunch|fzero|fcollapse|finsert|truncate|pwrite|zero)\b/;

/** The commands given to xfs_io with `-c CMD` (or glued, `-cCMD`). */
function xfsIoCommands(cmd: SimpleCommand): readonly string[] {
  return cmd.args.flatMap((a, i) => (a === "-c" ? [cmd.args[i + 1] ?? ""] : a.startsWith("-c") ? [a.slice(2)] : []));
}

const NULL_SOURCES = new Set(["/dev/null", "/dev/zero"]);
const SILENT = new Set(["", ":", "true", "false"]);

/** The command's output is known to be empty (or one blank line): a redirect of it only empties its target. */
function writesNothing(cmd: SimpleCommand): boolean {
  const p = cmd.program;
  if (SILENT.has(p)) return true;
  if (p === "echo") return cmd.args.every((a) => /^-[neE]+$/.test(a));
  if (p === "printf") return cmd.args.length === 0 || cmd.args[0] === "" || cmd.args[0] === "\\n";
  if (p === "cat") return cmd.args.length > 0 && cmd.args.every((a) => NULL_SOURCES.has(a));
  return false;
}

/** Where a command replaces a file's content: write redirects, and the destinations of the programs that copy or rewrite. */
function overwrites(cmd: SimpleCommand, op: Operation, home: string): readonly Landing[] {
  const words: string[] = [];
  const out: Landing[] = [];
  for (const r of cmd.redirects) {
    if ((r.mode !== "write" && r.mode !== "append") || r.target === null || r.fd === 0) continue;
    const append = r.mode === "append" ? { append: true as const } : {};
    const found = op.paths.filter((a) => a.via === "redirect" && a.raw === r.target && a.dynamic !== true);
    if (found.length > 0) out.push(...found.map((a) => ({ ...landingOf(a), ...append })));
    else {
      const t = targetOf(r.target, cmd, op, home);
      if (t.kind === "path") out.push({ paths: t.paths, existing: undefined, ...append });
    }
  }
  const p = cmd.program;
  const valued = ownEntry(COPY_VALUED, p);
  if (
    valued !== undefined &&
    !(p === "ln" && !hasFlag(cmd, "-f", "--force")) &&
    !(p === "install" && hasFlag(cmd, "-d", "--directory"))
  ) {
    const target = longValues(cmd, "--target-directory")[0] ?? valueAfter(cmd.args, "-t");
    const ops = operands(cmd, valued);
    if (target !== undefined) words.push(target);
    else if (ops.length >= 2) words.push(ops.at(-1)!);
  }
  if (p === "rsync") {
    const dest = operands(cmd).at(-1);
    if (dest !== undefined && operands(cmd).length >= 2 && !/^[^/]*:/.test(dest)) words.push(dest);
  }
  if (p === "dd") for (const a of cmd.args) if (a.startsWith("of=")) words.push(a.slice(3));
  if (p === "tee" && !hasFlag(cmd, "-a", "--append")) words.push(...operands(cmd));
  if (p === "tee" && hasFlag(cmd, "-a", "--append"))
    for (const w of operands(cmd))
      out.push(...landingsOf(w, cmd, op, home).map((l): Landing => ({ ...l, append: true })));
  if ((p === "sed" || p === "perl") && cmd.args.some((a) => /^-[a-zA-Z]*i/.test(a) || a.startsWith("--in-place"))) {
    words.push(...cmd.args.filter((a) => op.paths.some((x) => x.raw === a && x.mode === "write")));
  }
  // Editors whose knowledge writes their operands only in their in-place mode (`awk -i inplace`, `ruby -i`, `yq -i`):
  // each operand written is replaced.
  if (IN_PLACE.has(p)) words.push(...cmd.args.filter((a) => op.paths.some((x) => x.raw === a && x.mode === "write")));
  for (const w of words) out.push(...landingsOf(w, cmd, op, home));
  out.push(...copiedInto(cmd, op, home));
  return out;
}

/**
 * `cp tool /usr/local/bin/` lands as `/usr/local/bin/tool`: when the destination is a directory (it exists as
 * one, ends in `/`, or is `-t DIR`), each source lands below it under its own name, existence unknown.
 */
function copiedInto(cmd: SimpleCommand, op: Operation, home: string): readonly Landing[] {
  const valued = ownEntry(COPY_VALUED, cmd.program);
  if (valued === undefined) return [];
  const target = longValues(cmd, "--target-directory")[0] ?? valueAfter(cmd.args, "-t");
  const ops = operands(cmd, valued);
  const dir = target ?? (ops.length >= 2 ? ops.at(-1)! : undefined);
  if (dir === undefined) return [];
  const sources = target === undefined ? ops.slice(0, -1) : ops;
  const dirLandings = landingsOf(dir, cmd, op, home);
  if (target === undefined && !dir.endsWith("/") && !dirLandings.some((l) => l.existing === "dir")) return [];
  return dirLandings
    .flatMap((l) => l.paths)
    .flatMap((d) =>
      sources
        .map((src) => posix.basename(src))
        .filter((n) => n !== "" && n !== "." && n !== ".." && !/[$`*?[]/.test(n))
        .map((n): Landing => ({ paths: [posix.join(d, n)], existing: undefined })),
    );
}

/** Movers whose last operand is the destination: `mv`, and `mmv FROM TO`, which moves every file FROM matches (ADR 0471). */
const MOVERS: ReadonlySet<string> = new Set(["mv", "mmv"]);

/** The sources `mv` (or `mmv`) removes from where they were. */
function movedAway(cmd: SimpleCommand, op: Operation, home: string): readonly Landing[] {
  if (!MOVERS.has(cmd.program) || (cmd.program === "mmv" && hasFlag(cmd, "-c", "-a", "-l", "-s", "-n"))) return [];
  const explicit = longValues(cmd, "--target-directory").length > 0 || cmd.args.includes("-t");
  const ops = operands(cmd, COPY_VALUED["mv"]);
  const sources = explicit ? ops : ops.slice(0, -1);
  return sources.flatMap((w) => landingsOf(w, cmd, op, home));
}

/** Whether `mv`'s destination lies in temp space (a home there is still a home). */
function movesIntoScratch(cmd: SimpleCommand, op: Operation, home: string): boolean {
  if (!MOVERS.has(cmd.program)) return false;
  const ops = operands(cmd, COPY_VALUED["mv"]);
  const dest =
    longValues(cmd, "--target-directory")[0] ??
    valueAfter(cmd.args, "-t") ??
    (ops.length >= 2 ? ops.at(-1) : undefined);
  if (dest === undefined) return false;
  return landingsOf(dest, cmd, op, home).some((l) =>
    l.paths.some((p) => SCRATCH.some((t) => under(p, t)) && !under(p, home)),
  );
}

function valueAfter(args: readonly string[], option: string): string | undefined {
  const i = args.indexOf(option);
  return i < 0 ? undefined : args[i + 1];
}
