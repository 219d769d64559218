/**
 * A whole bash analysis → the effects of the call: every simple command classified (classify-command.ts),
 * their path words resolved, and the findings of the shell analysis folded in. Unknown code (a pipe into a
 * shell, an unanalysable command) is `execute` at DESTRUCTIVE: what it does cannot be known, so it is
 * treated as able to do the worst a non-forbidden command can.
 */
import type { Level, OpType, SkillEntry } from "../../compiler/index.ts";
import { assertNever } from "../../core/index.ts";
import type { ShellAnalysis } from "../shell/index.ts";
import { posix } from "node:path";
import { expandGlob, hasGlob, listTree, MAX_TREE_ENTRIES } from "../normalize/index.ts";
import { classifyCommand, type CommandEffect, type RawAccess } from "./classify-command.ts";
import { dumpFiltered } from "./filtered-dump.ts";
import { createdLinks, throughLinks, type FreshLink } from "./fresh-links.ts";
import { codePaths, codeWrites } from "./code-paths.ts";
import {
  carriedOutput,
  carriedPack,
  metadataInUrls,
  sendFindings,
  uploadedSources,
  type SendState,
} from "./sent-out.ts";
import { resolveAccess, resolveAccesses, type AccessBase } from "./resolve-access.ts";
import { findDeleteSelection } from "./find-deletes.ts";
import { imageFileOnly } from "./image-files.ts";
import { type Made, ownedDelete, slashedScratchDelete } from "./owned-deletes.ts";
import { throughFilledTree } from "./through-filled-trees.ts";
import { unseenTargets } from "./process-targets.ts";
import { untrackedPush } from "./untracked-push.ts";
import { endlessInput } from "./endless-input.ts";
import { densifiedSparse } from "./fills-disk.ts";
import { deferredJob } from "./deferred-jobs.ts";
import { otherProcessRead } from "./process-secrets.ts";
import { stagedLoginKey } from "./key-lines.ts";
import { exposedListener } from "./exposed-listeners.ts";
import { deleteOutside } from "./outside-deletes.ts";
import { outsidePackageSource } from "./outside-packages.ts";
import { outsideBuildCode } from "./outside-build-code.ts";
import { redirectingEnv } from "./redirecting-env.ts";
import { scratchOption } from "./scratch-options.ts";
import { plantedDanger, plantedSource } from "./planted-sources.ts";
import { maxLevel } from "./severity.ts";
import type { PathAccess } from "./types.ts";

export interface BashEffects {
  readonly level: Level;
  readonly types: ReadonlySet<OpType>;
  readonly categories: ReadonlySet<string>;
  readonly programs: readonly string[];
  readonly paths: readonly PathAccess[];
  readonly urls: readonly string[];
  /** The writes that put content in a file (not a mode, owner or times change): judged by where they land (ADR 0320). */
  readonly contentWrites: readonly PathAccess[];
  /** The symbolic links the string makes (`ln -s`), resolved. */
  readonly links: readonly FreshLink[];
}

/** Programs that change a file's mode, owner, attributes or times, never its content (their redirects still write). */
const ATTRIBUTES = new Set(["chmod", "chown", "chgrp", "touch", "chattr", "setfacl", "xattr", "chcon", "utimes"]);

/** Version-control clients: the folders they write are checkouts of a tree someone else made. */
const CHECKOUTS = new Set(["git", "hg", "svn"]);

/** An http(s)/ftp/ws URL literal inside interpreter code. */
const CODE_URL = /\b(?:https?|ftp|wss?):\/\/[^\s'"`)\]}>,;]+/gi;

/**
 * What a tree copy may create below its destination, listed from its sources on disk (bounded); null when a
 * source cannot be listed here: it depends on an expansion, a glob expands past its limit, the tree is too big
 * or unreadable, or the filesystem is not consulted.
 */
function copiedContents(from: NonNullable<RawAccess["from"]>, base: AccessBase): readonly string[] | null {
  if (base.realpath === false) return null;
  const out = new Set<string>();
  let budget = MAX_TREE_ENTRIES;
  for (const { word, glob } of from) {
    const own = resolveAccess(word, { mode: "read", via: "argument" }, base, false);
    if (own.dynamic === true || own.marks !== undefined) return null;
    let sources = [own.path];
    if (glob && hasGlob(word)) {
      const expanded = expandGlob(own.path);
      if (expanded.truncated) return null;
      sources = expanded.paths.length > 0 ? [...expanded.paths] : sources;
    }
    for (const source of sources) {
      const listed = listTree(source, budget);
      if (listed === null) return null;
      budget -= listed.length;
      const name = posix.basename(source);
      out.add(name);
      for (const rel of listed) {
        out.add(rel);
        out.add(`${name}/${rel}`);
      }
    }
  }
  return [...out];
}

/**
 * `workspace`: the directories whose contents are the agent's own work (the session root and `paths.workspace`,
 * resolved); a recursive delete strictly inside them is a WRITE (owned-deletes.ts). Empty: none is.
 */
export function bashEffects(
  shell: ShellAnalysis,
  base: AccessBase,
  skills: readonly SkillEntry[],
  workspace: readonly string[] = [],
): BashEffects {
  let level: Level = "READ";
  const types = new Set<OpType>();
  const categories = new Set<string>();
  const programs: string[] = [];
  const paths: PathAccess[] = [];
  const urls: string[] = [];
  const links: FreshLink[] = [];
  const contentWrites: PathAccess[] = [];
  // What earlier commands write, redirects aside: a delete of it is not of owned output (`mv src dist && rm -rf dist`).
  const made: Made[] = [];
  const sent: SendState = {
    remotes: new Set(),
    packed: new Set(),
    substitutionPack: false,
    dynamicSender: false,
    artifacts: new Set(),
    substitutionReads: false,
    substitutionSent: false,
  };
  for (const [index, cmd] of shell.commands.entries()) {
    const e = filtered(classifyCommand(cmd, skills, base.home), shell.commands, index);
    const where: AccessBase = cmd.workdir === undefined ? base : { ...base, workdir: cmd.workdir };
    const resolved = findDeleteSelection(cmd, e.accesses).flatMap((a) => {
      const resolvedWord = resolveAccesses(a.word, a, where, { glob: a.glob === true, dynamic: a.dynamic });
      const source =
        a.copyOf === undefined ? undefined : resolveAccess(a.copyOf, { mode: "read", via: a.via }, where, false);
      const marked =
        source === undefined || source.dynamic === true || source.marks !== undefined
          ? resolvedWord
          : resolvedWord.map((p): PathAccess => ({ ...p, copiedFrom: source.path }));
      const unsure = a.maybeWrite === true ? marked.map((p): PathAccess => ({ ...p, maybeWrite: true })) : marked;
      const meta = a.metadata === true ? unsure.map((p): PathAccess => ({ ...p, metadata: true })) : unsure;
      const sentOut = a.sent === true ? meta.map((p): PathAccess => ({ ...p, sent: true })) : meta;
      const found = a.generated === true ? sentOut.map((p): PathAccess => ({ ...p, generated: true })) : sentOut;
      if (a.recursive !== true) return found;
      const contents = a.from === undefined ? null : copiedContents(a.from, where);
      // A move of what cannot be listed here (a source made earlier in the string, or missing) is judged by its
      // destination alone, as before moves were tree writes: only a listed tree adds what it holds.
      if (contents === null && cmd.program === "mv") return found;
      return found.map((p): PathAccess => ({ ...p, recursive: true, ...(contents !== null ? { contents } : {}) }));
    });
    // Where the command runs is a place it works in (`git -C /etc status`, `cd x && make`): the sandbox and the
    // credential paths see it like any path it names.
    let place: PathAccess | undefined;
    if (typeof cmd.workdir === "string") {
      const dir = resolveAccess(cmd.workdir, { mode: "read", via: "argument" }, base);
      place = dir;
      // A `cd` before it already named the place.
      if (!paths.some((p) => p.path === dir.path) && !resolved.some((p) => p.path === dir.path)) resolved.push(dir);
    }
    // Through the links an `ln -s` before it in the string made (not on disk yet when the call is decided).
    if (links.length > 0) resolved.push(...resolved.flatMap((a) => throughLinks(a, links, base)));
    links.push(...createdLinks(cmd, resolved, base));
    // `find -L` (or `-follow`) walks through links, so what it deletes may lie anywhere (round 12).
    const follows =
      (cmd.program === "find" && cmd.args.some((x) => x === "-L" || x === "-follow")) ||
      ((cmd.program === "rm" || cmd.program === "find") && resolved.some((a) => slashedScratchDelete(a, base.cwd)));
    const owned = follows
      ? null
      : ownedDelete(
          e,
          resolved.filter((a) => a !== place),
          where,
          { workspace, made },
        );
    const image = owned === null && imageFileOnly(e, resolved, workspace);
    level = maxLevel(level, owned !== null || image ? "WRITE" : e.level);
    // Deleting build output is lowered on purpose (docs/adr/0335): a rule may still ask about it by this name.
    if (owned === "output") categories.add("build-output");
    // A redirect only puts content in a file: it makes no link and moves nothing a later delete could reach through.
    // A change through a tree an earlier command filled in scratch space may follow a link it holds (ADR 0827).
    if (throughFilledTree(cmd.program, resolved, made, base.cwd) !== null) {
      level = maxLevel(level, "DESTRUCTIVE");
      categories.add("outside-workspace");
    }
    const kind = cmd.program === "mv" ? "moved" : cmd.program === "ln" ? "linked" : "tree";
    for (const a of resolved)
      if (a.mode === "write" && a.via !== "redirect") {
        // What a clone or checkout writes is a tree like an extraction's, whatever its options say.
        const tree = kind !== "linked" && (a.recursive === true || CHECKOUTS.has(cmd.program));
        const filled = tree ? { filled: true as const } : {};
        made.push({ path: a.path, kind, ...filled }, { path: a.lexical ?? a.path, kind, ...filled });
      }
    // Data sent elsewhere (docs/adr/0158, 0306, 0308): what is sent, where, and how it got there.
    resolved.push(...uploadedSources(cmd, where));
    for (const f of sendFindings(cmd, e, resolved, { where, cwd: base.cwd, state: sent })) {
      level = maxLevel(level, f.level);
      categories.add(f.category);
      types.add(f.type);
    }
    // A service opened to the network by any program: every interface, its protection off (docs/adr/0475).
    const exposed = exposedListener(cmd, e.level, where);
    if (exposed !== null) {
      level = maxLevel(level, "SECURITY");
      categories.add(exposed.category);
      types.add("write_external");
    }
    // Files deleted outside the workspace and scratch space have no undo and are not the agent's (docs/adr/0628).
    // A move keeps what it takes (`mv ~/Downloads/data.csv ./fixtures/`): only its source name goes.
    if (
      cmd.program !== "mv" &&
      deleteOutside(resolved, workspace.length > 0 ? workspace : [base.cwd], base.home) !== null
    ) {
      level = maxLevel(level, "DESTRUCTIVE");
      categories.add("outside-workspace");
    }
    // A build tool told to run a build file from outside the workspace runs code nobody here read (docs/adr/0532).
    if (outsideBuildCode(cmd, where, workspace) !== null) {
      level = maxLevel(level, "DESTRUCTIVE");
      types.add("execute");
      categories.add("unknown-code");
    }
    // A package installed from a directory or file outside the workspace: nobody here read it (docs/adr/0730).
    if (outsidePackageSource(cmd, e, where, workspace) !== null) {
      level = maxLevel(level, "SECURITY");
      categories.add("unvetted-source");
    }
    // An SSH login key written into a file the path checks cannot see to be authorized_keys (docs/adr/0434).
    if (stagedLoginKey(cmd) !== null) {
      level = maxLevel(level, "SECURITY");
      categories.add("credentials");
    }
    // A setting that redirects where later programs fetch code, whom they trust or which server they use (ADR 0323).
    if (redirectingEnv(cmd) !== null) {
      level = maxLevel(level, "SECURITY");
      categories.add("env-redirect");
    }
    // The same by an option of the command's own: configuration or code loaded from a temp folder (ADR 0750).
    if (scratchOption(cmd) !== null) {
      level = maxLevel(level, "SECURITY");
      categories.add("env-redirect");
    }
    // Code planted in a file that runs later by itself (docs/adr/0451): what would be stopped now, or a program
    // from outside the project, runs unasked at the next make, pytest, install, container start or cd.
    if (plantedDanger(cmd, e.level)) {
      level = maxLevel(level, "SECURITY");
      categories.add("planted-code");
    }
    // A package source written into a project file: the next install fetches from it (docs/adr/0450).
    const source = plantedSource(cmd);
    if (source !== null) {
      level = maxLevel(level, "SECURITY");
      categories.add(source.category);
    }
    for (const t of e.types) types.add(t);
    for (const c of e.categories) categories.add(c);
    if (cmd.program !== "" && !programs.includes(cmd.program)) programs.push(cmd.program);
    paths.push(...resolved);
    // A program's own file written through its own interface (`git config --global user.name x`) is judged by
    // what the program knowledge says of the change, key by key; what a mode change touches holds no content.
    const attributes = ATTRIBUTES.has(cmd.program);
    const own = new Set(e.accesses.filter((a) => a.fixed === true).map((a) => a.word));
    contentWrites.push(
      ...resolved.filter(
        (a) =>
          a.mode === "write" && (a.via === "redirect" || (!attributes && !(a.raw !== undefined && own.has(a.raw)))),
      ),
    );
    for (const u of e.urls) if (!urls.includes(u)) urls.push(u);
  }
  // Signals and container stops whose targets are chosen only when the command runs (docs/adr/0318).
  if (unseenTargets(shell.commands) !== null) {
    types.add("execute");
    categories.add("process");
    level = maxLevel(level, "DESTRUCTIVE");
  }
  // The whole work tree untracked, committed and pushed: every clone deletes the files (docs/adr/0391).
  if (untrackedPush(shell.commands) !== null) {
    types.add("write_external");
    categories.add("git");
    level = maxLevel(level, "DESTRUCTIVE");
  }
  // Input or loops that never end, kept in memory, copied into a file or run in the background (docs/adr/0319), and
  // a huge sparse file written out in full (docs/adr/0562).
  if (endlessInput(shell.commands) !== null || densifiedSparse(shell.commands) !== null) {
    categories.add("resource-exhaustion");
    level = maxLevel(level, "EXPENSIVE");
  }
  // A job that outlives the call and acts after a wait of a minute or more, unwatched (docs/adr/0567).
  if (deferredJob(shell.commands) !== null) {
    types.add("execute");
    categories.add("persistence");
    level = maxLevel(level, "SECURITY");
  }
  for (const f of shell.findings) {
    types.add("execute");
    switch (f.kind) {
      case "unanalysable":
        categories.add("unanalysable");
        level = maxLevel(level, "DESTRUCTIVE");
        break;
      case "executes-unknown-code":
        categories.add("unknown-code");
        level = maxLevel(level, "DESTRUCTIVE");
        break;
      case "interpreter-code":
        categories.add("code");
        // A path its calls' commands already access (one-liner.ts) is not listed twice.
        for (const word of codePaths(f.code)) {
          pushNew(paths, resolveAccess(word, { mode: "read", via: "argument" }, base));
          types.add("read_local");
        }
        // What the code visibly writes is a write like any other: agent settings, protected files, the sandbox.
        for (const word of codeWrites(f.language, f.code)) {
          const written = resolveAccess(word, { mode: "write", via: "argument" }, base);
          pushNew(paths, written);
          contentWrites.push(written);
          types.add("write_local");
        }
        // URLs the code names are places it may reach: domain patterns and the network categories see them.
        for (const u of f.code.length <= 65_536 ? (f.code.match(CODE_URL) ?? []) : []) {
          if (!urls.includes(u)) urls.push(u);
          categories.add("network");
        }
        if (f.destructive.length > 0) level = maxLevel(level, "DESTRUCTIVE");
        else level = maxLevel(level, "WRITE");
        // What the code does that no shell command spells: an SDK delete, a send, native code (code-effects.ts).
        for (const e of f.effects ?? []) {
          level = maxLevel(level, e.level);
          categories.add(e.category);
          if (e.category === "exfiltration") categories.add("network");
        }
        break;
      // More jobs at once than any machine has cores, on finite input: the host freezes for a while (ADR 0350).
      case "many-jobs":
      case "exhausts":
        categories.add("resource-exhaustion");
        level = maxLevel(level, "EXPENSIVE");
        break;
      case "self-spawning-function":
      case "endless-spawn":
        categories.add("fork-bomb");
        level = maxLevel(level, "DESTRUCTIVE");
        break;
      default:
        assertNever(f, "shell finding");
    }
  }
  // `curl -d "$(tar cz . | base64)" URL`: the pack, inside a substitution, is what the client sends (docs/adr/0306).
  if (carriedPack(sent) || carriedOutput(sent)) {
    level = maxLevel(level, "SECURITY");
    categories.add("exfiltration");
  }
  // Another process's command line, memory map or open files (docs/adr/0431).
  if (otherProcessRead(paths) !== null) {
    level = maxLevel(level, "SECURITY");
    types.add("credential_access");
    categories.add("credentials");
  }
  // Interpreter code that fetches the cloud metadata service reads the instance's credentials (docs/adr/0308).
  if (metadataInUrls(urls) !== null) {
    level = maxLevel(level, "SECURITY");
    types.add("credential_access");
    categories.add("credentials");
  }
  return { level, types, categories, programs, paths, urls, contentWrites, links };
}

/** The environment dumped into a filter that keeps none of its secrets is a read of the shell (docs/adr/0690). */
function filtered(e: CommandEffect, commands: ShellAnalysis["commands"], index: number): CommandEffect {
  if (e.level !== "SECURITY" || e.categories.length !== 1 || e.categories[0] !== "environment") return e;
  return dumpFiltered(commands, index) ? { ...e, level: "READ", types: [], categories: ["shell"] } : e;
}

function pushNew(paths: PathAccess[], access: PathAccess): void {
  if (!paths.some((p) => p.mode === access.mode && p.path === access.path)) paths.push(access);
}
