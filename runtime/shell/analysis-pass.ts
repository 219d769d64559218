/**
 * One analysis: parses a command string, walks it, peels wrappers and recurses into code strings
 * (`bash -c`, `eval`, heredocs fed to a shell, shell strings inside interpreter one-liners), collecting
 * simple commands and findings. Recursion and peeling share one depth budget; past it we fail closed.
 */
import { posix } from "node:path";
import { decodeAnsiC } from "./ansi-c.ts";
import { withoutDefaultConfig } from "./default-config-options.ts";
import { embeddedShellCommands } from "./embedded-shell.ts";
import { envEmitter } from "./env-emitters.ts";
import { hiddenIntent } from "./hidden-code.ts";
import {
  destructiveCalls,
  editorRunsCommands,
  foreignInlineCode,
  inlineCode,
  interpreterOf,
  ipythonShell,
  LABELS,
  moduleCommand,
  MAX_SCANNED_CODE,
  sedRunsCommands,
  type Language,
} from "./interpreters.ts";
import {
  editorScriptCommands,
  LINE_EDITORS,
  m4Commands,
  makeEvals,
  makefilesNamed,
  makeRecipes,
} from "./carried-commands.ts";
import { codeEnvKind } from "./code-env.ts";
import { carriedCommands } from "./carried-commands.ts";
import { deferredCode, environmentCode } from "./deferred-code.ts";
import { ExitTrap, inTopShell, onExitOnly } from "./exit-traps.ts";
import { promptExpansions, subscriptCode } from "./subscript-code.ts";
import { gitEnvConfig } from "./git-env-config.ts";
import { listedPaths, withListed } from "./listed-paths.ts";
import { xargsInput } from "./read-loop-input.ts";
import { literalRuns } from "./literal-runs.ts";
import { normalizedText } from "./normalized-text.ts";
import { resolveNames } from "./code-imports.ts";
import { readOneLiner } from "./one-liner.ts";
import { spongedText } from "./editor-text.ts";
import { modulesFromElsewhere } from "./package-settings.ts";
import {
  hasCodeRole,
  listedFileCode,
  modulePath,
  outsideLoads,
  PLANTED_LABEL,
  plantedCode,
  unreadPlanted,
  wiredModules,
} from "./planted-code.ts";
import { inPlaceEdit, outputEdit, plantedText, type PlantedText } from "./planted-text.ts";
import { contentWrites, placeOf, unreadOrigin, unreadTree } from "./unread-content.ts";
import { reachesNetwork } from "./code-effects.ts";
import { replCommands, replScript } from "./repl-scripts.ts";
import { normalizeFlags, normalizeGit, normalizeProgram, type GitNormalized } from "./spelling.ts";
import type { BashParser } from "./parser.ts";
import type { SyntaxNode as Node } from "./syntax.ts";
import { joinDir, Scope } from "./scope.ts";
import { readForeignCode, readForeignProgram } from "./foreign-code.ts";
import { STDIN_FILE, type TaskCode, taskFilesOf } from "./task-files.ts";
import {
  catHeredocText,
  decoderIn,
  literalUpstreamText,
  runsSubstitutedCode,
  stdinReader,
  type CodeReader,
} from "./stdin-code.ts";
import type { ShellAnalysis, ShellFinding, SimpleCommand } from "./types.ts";
import { HUGE_LOOP, ROOT_CTX, Walker, type Assignment, type RawCommand, type WalkCtx } from "./walk.ts";
import { peelWrapper, SHELLS } from "./wrappers.ts";
import { withoutGlobQualifiers } from "./zsh-glob-qualifiers.ts";
import type { Word } from "./words.ts";
import { startsDetached } from "./detached.ts";

/** Wrappers peeled plus code strings entered, along one path; deeper is an attack, not a command. */
export const MAX_DEPTH = 8;
/** Longer input is not parsed at all (unanalysable): the cost would be paid on every call. */
export const MAX_SOURCE_CHARS = 1_000_000;

/** What a command inherits from the code string it was found in. */
interface Inherit {
  readonly wrappers: readonly string[];
  readonly substitution: boolean;
  readonly subshell: boolean;
  readonly background: boolean;
  readonly pipeline: { readonly index: number; readonly length: number } | null;
  /** The code string itself was built from expansions: every argument in it may differ at run time. */
  readonly dynamic: boolean;
  /**
   * The code string was built by an expansion the analysis followed (`x=ls; eval $x`): as written, here. A
   * program named in it but not in this text was built too, like `$p` (builtName).
   */
  readonly built: string | null;
  /** Inside `$()` (walk.ts WalkCtx.captured), through the code strings run there (`$(bash -c yes)`). */
  readonly captured?: boolean;
  /** Code run once for every file or input line (`find -exec sh -c`, `xargs sh -c`): the spawner's label. */
  readonly perItem?: string;
}

const TOP: Inherit = {
  wrappers: [],
  substitution: false,
  subshell: false,
  background: false,
  pipeline: null,
  dynamic: false,
  built: null,
};

/** Where a command was found: its raw words, the scope, its peeling and what it inherits. */
interface Site {
  readonly raw: RawCommand;
  readonly scope: Scope;
  readonly p: Peeling;
  readonly inherit: Inherit;
}

/** What a text is analysed within: what it inherits from the commands around it, its scope, its walk context. */
interface Within {
  readonly inherit: Inherit;
  readonly scope: Scope;
  readonly base: WalkCtx;
}

/** State of one command while wrappers are peeled off it. */
interface Peeling {
  words: readonly Word[];
  assignments: Assignment[];
  wrappers: string[];
  workdir: Word | null;
  /** A wrapper appends arguments it reads from stdin (`xargs`, `parallel`). */
  argsFromStdin: boolean;
  /** stdin is not the pipe any more (`xargs cmd`, `find -exec cmd`). */
  argvOnly: boolean;
  /** Files a peeled wrapper read (`xargs -a FILE`): they become reads of the command, like `< FILE`. */
  reads: Word[];
  /** Files a peeled wrapper wrote (`strace -o FILE`): they become writes of the command, like `3> FILE`. */
  writes: Word[];
  depth: number;
  /** A name came from a substitution that prints it (`$(echo sudo) …`) or a variable written out (ADR 0683): SimpleCommand.hiddenName. */
  hidden: string | null;
  /** A wrapper runs the command again and again without end (`watch -n 0.1`): Peel.repeats. */
  repeats: string | null;
  /** The word xargs replaces with each line of an input (`-I{}`), and that input: SimpleCommand.context.readLines. */
  lineToken: { readonly token: string; readonly input: string } | null;
}

/** A perl switch cluster with -n, -p, -a or -F (not a -M/-m/-I/-C/-x/-i value that happens to hold one). */
const PERL_LINE_LOOP = /^-(?![MmICxi])[a-zA-Z]*[npaF]/;

export function analyzeSource(parser: BashParser, source: string): ShellAnalysis {
  const pass = new AnalysisPass(parser);
  pass.analyzeText(source, 0, { inherit: TOP, scope: new Scope(), base: ROOT_CTX });
  return pass.result(source);
}

/** One analysis of one command string: the commands and findings it collects while it walks (not a session). */
class AnalysisPass {
  private readonly commands: SimpleCommand[] = [];
  private readonly findings: ShellFinding[] = [];
  private readonly seen = new Set<string>();
  /** Known text written to files so far, by file as written: what a later `mv`/`cp` carries (docs/adr/0567). */
  private readonly stagedTexts = new Map<string, PlantedText>();
  /** Files and folders written so far with content nobody here read (a download, an unpacked archive): ADR 0836. */
  private readonly unreadPlaces = new Set<string>();
  /** Inside the commands interpreter code that reaches the network amounts to: its writes may be downloads. */
  private fetchingCode = 0;
  private normalized: string | null = null;
  /** `trap CODE EXIT` set at the top of the string: read once the string is (docs/adr/0795). */
  private readonly exitTraps: { readonly trap: ExitTrap; readonly at: Site }[] = [];

  constructor(private readonly parser: BashParser) {}

  result(source: string): ShellAnalysis {
    return {
      source,
      normalized: this.normalized ?? source.trim(),
      commands: this.commands,
      findings: this.findings,
      unanalysable: this.findings.some((f) => f.kind === "unanalysable"),
    };
  }

  analyzeText(text: string, depth: number, within: Within): void {
    const { inherit, scope, base } = within;
    if (depth > MAX_DEPTH) return this.unanalysable(`wrappers and code strings nested deeper than ${MAX_DEPTH}`);
    if (text.length > MAX_SOURCE_CHARS) return this.unanalysable(`command longer than ${MAX_SOURCE_CHARS} characters`);
    const root = this.parser.parse(text);
    if (depth === 0) this.normalized ??= normalizedText(root, text);
    const error = firstError(root);
    if (error !== null) this.unanalysable(error);
    const walker = new Walker(scope, {
      command: (raw, s) => this.finish(raw, s, depth, inherit),
      unanalysable: (reason) => this.unanalysable(reason),
      reparse: (code, ctx) => this.analyzeText(code, depth + 1, { inherit, scope, base: ctx }),
      selfSpawning: (name) => this.finding({ kind: "self-spawning-function", name }),
      endlessSpawn: (loop) => this.finding({ kind: "endless-spawn", loop }),
      exhausts: (reason) => this.finding({ kind: "exhausts", reason }),
    });
    walker.walk(root, base);
    if (depth === 0) this.readExitTraps(scope);
  }

  /** The shell exits: each EXIT trap runs in it, with what its names can hold then (docs/adr/0795). */
  private readExitTraps(end: Scope): void {
    const readings = this.exitTraps.map(({ trap, at }) => ({ trap, at, scope: trap.readingScope(end) }));
    for (const { trap, at, scope } of readings) this.runCode(trap.code, "trap", { ...at, scope }, true);
  }

  private finish(raw: RawCommand, scope: Scope, depth: number, inherit: Inherit): void {
    const p: Peeling = {
      words: raw.words,
      assignments: [...raw.assignments],
      wrappers: [...inherit.wrappers],
      workdir: null,
      argsFromStdin: false,
      argvOnly: false,
      reads: [],
      writes: [],
      depth,
      hidden: null,
      repeats: null,
      lineToken: null,
    };
    for (;;) {
      const head = p.words[0];
      // A job started detached on every run of a repeating wrapper piles up without end (docs/adr/0749).
      if (p.repeats !== null && startsDetached(p.words)) this.finding({ kind: "endless-spawn", loop: p.repeats });
      if (head === undefined || head.dynamic) break;
      if (head.echoed === true) p.hidden ??= head.raw;
      // `time { a; b; }`, `coproc { ... }`: the grammar hands a group to a keyword as plain words.
      if (head.raw === "{" && p.words.length > 1) {
        p.words = p.words.slice(1);
        continue;
      }
      if (head.raw === "}" && p.words.length === 1) return;
      // A name from a variable written out earlier is read like one a substitution prints: hidden (ADR 0683).
      const written = writtenOut(head, scope, raw.ctx);
      if (written) p.hidden ??= head.raw;
      const built = written ? null : (builtName(head) ?? builtCode(head, inherit.built));
      if (built !== null) this.unanalysable(built);
      const peel = peelWrapper(normalizeProgram(head.value), p.words.slice(1));
      if (peel.kind === "none") break;
      // A wrapper's own options may carry command lines too (`ssh -o LocalCommand=… host cmd`, docs/adr/0503).
      for (const c of carriedCommands(normalizeProgram(head.value), p.words.slice(1)))
        if (c.byName !== true)
          this.runCode(c.code, c.label, { raw: { ...raw, redirects: [] }, scope, p: { ...p }, inherit }, false);
      if (++p.depth > MAX_DEPTH) {
        this.unanalysable(`wrappers and code strings nested deeper than ${MAX_DEPTH}`);
        break;
      }
      switch (peel.kind) {
        case "peel": {
          // xargs fed by a lister whose paths can be said runs its command on those (docs/adr/0441).
          const listed = peel.stdinArgs !== undefined && !p.argvOnly ? listedPaths(raw.ctx.upstream) : null;
          p.wrappers.push(peel.label);
          p.words = listed === null ? peel.words : withListed(peel.words, listed, peel.stdinArgs?.replace ?? null);
          const token = peel.lineToken ?? null;
          const input = token === null || listed !== null || p.argvOnly ? null : xargsInput(raw, peel.reads?.[0]);
          if (token !== null && input !== null) p.lineToken = { token, input };
          p.assignments.push(...peel.assignments);
          p.workdir = peel.workdir ?? p.workdir;
          p.argsFromStdin ||= peel.dynamicArgs && listed === null;
          // A wrapper that reads its arguments from stdin: the pipe feeds it, not the command it runs.
          p.argvOnly ||= peel.dynamicArgs;
          p.reads.push(...(peel.reads ?? []));
          p.writes.push(...(peel.writes ?? []));
          this.endlessFeed(peel.unboundedJobs, p.argvOnly ? raw.ctx.upstream : null);
          p.repeats = peel.repeats ?? p.repeats;
          if (peel.backgroundEach === true && peel.repeats !== undefined && raw.ctx.background)
            this.finding({ kind: "endless-spawn", loop: peel.repeats });
          continue;
        }
        case "code": {
          // The wrapper is a command of its own too (docs/adr/0458): `ssh -A host CMD` lends the agent, and
          // `pg_dump db | ssh host psql` sends the dump from here, whatever the remote command does with it.
          if (peel.wrapperToo === "always" || (peel.wrapperToo === "fed" && stdinOf(raw, p).stdin?.text === null))
            this.emit(raw, scope, p, inherit);
          const positional = (peel.positional ?? []).map((w, i) => ({ name: String(i), value: w }));
          const moved = {
            ...p,
            assignments: [...p.assignments, ...positional],
            workdir: peel.workdir ?? p.workdir,
            repeats: peel.repeats ?? p.repeats,
          };
          return this.runCode(peel.code, peel.label, { raw, scope, p: moved, inherit }, peel.sameShell);
        }
        case "find": {
          this.emit(raw, scope, p, inherit);
          for (const exec of peel.execs) {
            const execRaw: RawCommand = {
              words: exec.words,
              assignments: [],
              redirects: [],
              stdin: null,
              ctx: { ...raw.ctx, upstream: null },
            };
            this.finish(execRaw, scope, p.depth, {
              ...this.inherit(inherit, raw.ctx),
              wrappers: [...p.wrappers, exec.label],
            });
          }
          return;
        }
      }
    }
    this.emit(raw, scope, p, inherit);
  }

  /** A spawner that starts every input at once, fed by a producer that never ends (`yes | xargs -P 0 …`): a fork bomb. */
  /**
   * `xargs -P 0`, `parallel -j 100000`: fed without end it is a fork bomb (ADR 0203); fed anything else it still
   * starts more jobs at once than the machine has cores (ADR 0350), whatever the input (`seq 100000 | xargs -P 0`).
   */
  private endlessFeed(jobs: string | undefined, upstream: readonly RawCommand[] | null): void {
    if (jobs === undefined) return;
    const count = Number(jobs.split(" ").at(-1));
    const producer = upstream === null ? null : endlessProducer(upstream);
    if (producer !== null && (count === 0 || count >= HUGE_LOOP))
      this.finding({ kind: "endless-spawn", loop: `${producer} | ${jobs}` });
    else this.finding({ kind: "many-jobs", jobs });
  }

  private inherit(inherit: Inherit, ctx: WalkCtx, wrappers: readonly string[] = inherit.wrappers): Inherit {
    return {
      wrappers,
      substitution: inherit.substitution || ctx.substitution,
      subshell: inherit.subshell || ctx.subshell,
      background: inherit.background || ctx.background,
      pipeline: ctx.pipeline ?? inherit.pipeline,
      dynamic: inherit.dynamic,
      built: inherit.built,
      ...(inherit.captured === true || ctx.captured === true ? { captured: true } : {}),
      ...(inherit.perItem === undefined ? {} : { perItem: inherit.perItem }),
    };
  }

  /** A code string run by a wrapper: `bash -c`, `eval`, `su -c`, a heredoc or pipe fed to a shell. */
  private runCode(code: Word, label: string, at: Site, sameShell: boolean): void {
    const { raw, scope, p, inherit } = at;
    // The output of a program that prints its own variable settings (`eval "$(ssh-agent -s)"`) is that program's,
    // not the agent's; the program itself was walked as a substitution (ADR 0572). A variable set before it
    // (`PYENV_ROOT=/tmp/x`, `export DIRENV_CONFIG=…`) could steer what it prints, so then it is unknown code again.
    // A function of the same name defined before would print anything.
    const emitter = label === "eval" && code.dynamic ? envEmitter(code.raw) : null;
    const steered = scope.assignedAny() || p.assignments.length > 0;
    if (emitter !== null && !steered && !scope.mayBeFunction(emitter.split(" ")[0]!)) return;
    // Code printed by a substitution (`eval "$(echo …)"`) is read, but it is still code built to be hidden (ADR 0167).
    if (code.dynamic || code.echoed === true)
      this.finding({ kind: "executes-unknown-code", reason: `${label} runs code built from ${code.raw}` });
    // A new shell sees only what was handed to it in its environment (`X=/ bash -c '...'`).
    const child = sameShell
      ? scope
      : new Scope(
          p.assignments.map((a) => [a.name, a.value.dynamic ? null : a.value.value] as const),
          this.workdirOf(scope, p.workdir),
        );
    // The wrapper's redirects (`bash -c '...' > f`) apply to everything the code runs.
    const redirects = raw.redirects.filter((r) => r.mode !== "heredoc" && r.mode !== "herestring");
    const base: WalkCtx = {
      ...ROOT_CTX,
      conditional: raw.ctx.conditional,
      redirects,
      // Code a wrapper runs again and again is a loop's body that never ends (docs/adr/0749).
      ...(p.repeats === null ? {} : { endless: { loop: p.repeats, background: false } }),
    };
    const into = {
      ...this.inherit(inherit, raw.ctx, [...p.wrappers, label]),
      dynamic: inherit.dynamic || code.dynamic,
      built: inherit.built ?? (!code.dynamic && hasExpansion(code.raw) ? code.raw : null),
      ...perItem(inherit, [...p.wrappers, label]),
    };
    // Environment that loads code (`BASH_ENV=/tmp/rc bash -c …`) reaches everything the code runs: it stays
    // visible as an assignment of its own (operation/loaded-code.ts judges it).
    const env = p.assignments.filter((a) => codeEnvKind(a.name) !== null);
    if (env.length > 0)
      this.emit(
        { ...raw, words: [], assignments: [], redirects: [] },
        scope,
        { ...p, words: [], assignments: env, wrappers: [...p.wrappers, label] },
        inherit,
      );
    const before = this.commands.length;
    this.analyzeText(code.value, p.depth + 1, { inherit: into, scope: child, base });
    if (this.commands.length === before && redirects.length > 0) {
      // `bash -c '' > f` still truncates f: keep the redirect visible.
      this.emit(
        { ...raw, words: [], assignments: [] },
        scope,
        { ...p, words: [], assignments: [], wrappers: [...p.wrappers, label] },
        inherit,
      );
    }
  }

  private interpreterCode(language: Language, written: Word, at: Site, effectsOnly = language === "awk"): void {
    const { raw, scope, p, inherit } = at;
    // Imported names and aliases read as the module functions they are (docs/adr/0507).
    const code = written.dynamic ? written : { ...written, value: resolveNames(language, written.value) };
    const reading = readOneLiner(language, code.value);
    // A command run from literals (`subprocess.run(['git', 'status'])`) is judged as that command (docs/adr/0684).
    const read =
      reading.unreadable.length > 0 ? reading.read : withRuns(reading.read, literalRuns(language, code.value));
    const destructive = destructiveCalls(language, code.value, read);
    // awk programs are everywhere and mostly text processing, a database shell's mostly queries: only report
    // those that run commands or touch files.
    if (!effectsOnly || destructive.length > 0 || reading.effects.length > 0)
      this.finding({
        kind: "interpreter-code",
        language,
        code: code.value,
        destructive,
        ...(reading.effects.length > 0 ? { effects: reading.effects } : {}),
        ...(reading.deletes.length > 0 ? { deletes: reading.deletes } : {}),
      });
    if (code.dynamic)
      this.finding({ kind: "executes-unknown-code", reason: `${LABELS[language]} runs code built from ${code.raw}` });
    // Code that hides what it runs (a computed name, a command line built at run time, a fork loop) is unknown code.
    // perl's -n and -p (and -a, -F that imply them) wrap the code in a loop over the input lines: a fork there forks
    // on every line (docs/adr/0793).
    const lineLoop = language === "perl" && p.words.some((w) => PERL_LINE_LOOP.test(w.value));
    const hidden = code.dynamic ? null : hiddenIntent(language, lineLoop ? `while (<>) { ${code.value} }` : code.value);
    if (hidden !== null) this.unanalysable(`the ${LABELS[language]} code ${hidden}, so what it does cannot be read`);
    else if (!code.dynamic && reading.unreadable.length > 0)
      this.unanalysable(
        `the ${LABELS[language]} code calls ${reading.unreadable.join(", ")} on a path built at run time, so what it changes cannot be read`,
      );
    const into = {
      ...this.inherit(inherit, raw.ctx, [...p.wrappers, LABELS[language]]),
      dynamic: inherit.dynamic || code.dynamic,
    };
    // The commands the code spells (os.system's strings) and those its calls amount to (shutil.rmtree → rm -rf).
    const shells = code.value.length > MAX_SCANNED_CODE ? [] : embeddedShellCommands(language, code.value);
    // IPython's `!cmd` and `%sx cmd` lines are shell commands (docs/adr/0413).
    if (/^ipython[0-9.]*$/.test(normalizeProgram(p.words[0]?.value ?? "")) && code.value.length <= MAX_SCANNED_CODE)
      shells.push(...ipythonShell(code.value));
    if (!code.dynamic) shells.push(...reading.commands);
    // The files code that reaches the network writes may hold what it fetched (docs/adr/0837).
    const fetching = !code.dynamic && reachesNetwork(language, code.value);
    if (fetching) this.fetchingCode++;
    for (const shell of shells) {
      this.analyzeText(shell, p.depth + 1, {
        inherit: into,
        scope: new Scope([], this.workdirOf(scope, p.workdir)),
        base: ROOT_CTX,
      });
    }
    if (fetching) this.fetchingCode--;
  }

  private emit(raw: RawCommand, scope: Scope, p: Peeling, inherit: Inherit): void {
    const at: Site = { raw, scope, p, inherit };
    const head = p.words[0];
    for (const { trap } of this.exitTraps) trap.ran(head === undefined ? "" : head.dynamic ? "?" : head.value);
    if (head?.dynamic === true) this.unanalysable(`program name depends on ${head.raw}`);
    else if (head?.glob === true && head.value !== "[")
      this.unanalysable(`program name is a glob pattern: ${head.raw}`);
    const named = head === undefined ? "" : head.dynamic ? head.value : normalizeProgram(head.value);
    // A link or copy this string made of a program runs that program (`ln -s /usr/bin/socat ./relay; ./relay`).
    const program = head === undefined || head.dynamic ? named : (this.linkedProgram(scope, head.value) ?? named);
    let args: readonly Word[] = p.words.slice(1);
    let peeledDir = p.workdir;
    let dropped: readonly string[] = [];
    let gitConfig: GitNormalized["config"] = [];
    if (program === "git") {
      const g = normalizeGit(args);
      args = g.args;
      peeledDir =
        g.workdir === null
          ? peeledDir
          : peeledDir === null
            ? g.workdir
            : { ...g.workdir, value: joinDir(peeledDir.value, g.workdir.value) ?? g.workdir.value };
      dropped = g.dropped;
      // Config given through the environment is read as `-c` is (docs/adr/0291).
      gitConfig = [...g.config, ...gitEnvConfig(p.assignments)];
    } else args = withoutDefaultConfig(program, args);
    const workdir = this.workdirOf(scope, peeledDir);
    const known = head !== undefined && !head.dynamic;
    const { executesStdin, later } = known
      ? this.executedCode(program, args, gitConfig, at)
      : { executesStdin: false, later: [] };
    if (known)
      later.push(...this.writtenScriptRun(head.value, program, args, at), ...this.taskFileRun(program, args, at));
    // The environment it is given may run code of its own (`PAGER='sh -c …' git log`, `export PROMPT_COMMAND=…`).
    const bare: Peeling = { ...p, assignments: [] };
    // Quoted text bash expands when it uses it: an array subscript holding `$(…)`, a `${c@P}` prompt (docs/adr/0700).
    const expanded = [
      ...subscriptCode(program, args, p.assignments),
      ...promptExpansions([...p.words, ...p.assignments.map((a) => a.value)], (name) => scope.lookup(name)),
    ];
    for (const d of expanded)
      later.push(() =>
        this.runCode(d.code, d.label, { raw: { ...raw, redirects: [] }, scope, p: bare, inherit }, false),
      );
    for (const d of environmentCode(p.assignments)) {
      later.push(() =>
        d.perl === true
          ? this.interpreterCode("perl", d.code, { raw, scope, p: bare, inherit })
          : this.runCode(d.code, d.label, { raw: { ...raw, redirects: [] }, scope, p: bare, inherit }, false),
      );
    }
    this.recordWrites(program, args, at);
    this.recordLinks(program, args, at);
    this.recordHashed(program, args, p.assignments);
    const values = args.map((a) => a.value);
    const merged = this.inherit(inherit, raw.ctx, p.wrappers);
    // `find / -exec sh -c 'sleep 9999 &' \;`: a job left running for every file, with no limit (docs/adr/0420).
    if (inherit.perItem !== undefined && raw.ctx.background && raw.words.length > 0)
      this.finding({
        kind: "exhausts",
        reason: `${inherit.perItem} leaves a background job running for every item it is given, without a limit`,
      });
    this.commands.push({
      program,
      args: values,
      flags: normalizeFlags(program, args),
      assignments: p.assignments.map((a) => ({ name: a.name, value: a.value.value })),
      redirects:
        p.reads.length === 0 && p.writes.length === 0
          ? raw.redirects
          : [
              ...raw.redirects,
              ...p.reads.map((w) => ({
                op: "<",
                mode: "read" as const,
                fd: 0,
                target: w.dynamic ? null : w.value,
                dynamic: w.dynamic,
              })),
              ...p.writes.map((w) => ({
                op: ">",
                mode: "write" as const,
                fd: 3,
                target: w.dynamic ? null : w.value,
                dynamic: w.dynamic,
              })),
            ],
      context: {
        pipeline: merged.pipeline,
        substitution: merged.substitution,
        subshell: merged.subshell,
        background: merged.background,
        wrappers: p.wrappers,
        executesStdin,
        argsFromStdin: p.argsFromStdin,
        ...(raw.ctx.endless === undefined ? {} : { loop: raw.ctx.endless.loop }),
        ...(merged.captured === true ? { captured: true } : {}),
        ...readLines(raw, scope, p.lineToken),
      },
      text: [program, ...values].join(" "),
      dynamicArgs: p.argsFromStdin || inherit.dynamic || args.some((a) => a.dynamic),
      ...(workdir === undefined ? {} : { workdir }),
      ...(workdir === null && peeledDir === null && scope.cwdAncestor ? { workdirAncestor: true as const } : {}),
      ...(known && head.value.includes("/") ? { programPath: head.value } : {}),
      ...stdinOf(raw, p),
      ...(dropped.length === 0 ? {} : { droppedOptions: dropped }),
      ...(p.hidden !== null ? { hiddenName: p.hidden } : {}),
      ...(args.some((a) => a.glob === true) ? { globArgs: args.flatMap((a, i) => (a.glob === true ? [i] : [])) } : {}),
      // In code built from an expansion (`eval "cat '$F'"`) even a quoted word was expanded first: all are unknown.
      ...(inherit.dynamic || args.some((a) => a.dynamic)
        ? { unknownArgs: args.flatMap((a, i) => (inherit.dynamic || a.dynamic ? [i] : [])) }
        : {}),
    });
    // Known text written into a file that runs later by itself is analysed now as that code (docs/adr/0451).
    const written = this.commands[this.commands.length - 1]!;
    // After a `cd` that may have failed the command may run where the shell was before: judged there too (ADR 0833).
    for (const other of this.otherWorkdirs(scope, peeledDir, workdir)) {
      const { workdir: _w, workdirAncestor: _a, ...rest } = written;
      this.commands.push(other === undefined ? rest : { ...rest, workdir: other });
    }
    if (known && !written.dynamicArgs) later.push(...this.plantedRuns(written, at));
    for (const f of later) f();
  }

  /** The code a command plants in a Makefile, a project script, conftest.py, a devcontainer, a hook… (ADR 0451). */
  private plantedRuns(cmd: SimpleCommand, at: Site): (() => void)[] {
    // A tool setting that loads a module from outside the project: code nobody here read (docs/adr/0844).
    for (const setting of modulesFromElsewhere(cmd.program, cmd.args))
      this.unanalysable(`${cmd.program} pkg set ${setting} makes a tool load code from outside the project`);
    const wired = this.wiredIn(cmd, at);
    if (wired.length > 0) return wired;
    const planted = plantedText(cmd) ?? this.movedIn(cmd) ?? soakedUp(cmd, at.raw.ctx.upstream);
    if (planted === null) return this.unreadInto(cmd, at);
    for (const file of planted.files) this.stagedTexts.set(file, planted);
    return planted.files.flatMap((file) => {
      const codes = [
        ...plantedCode(file, planted.text, planted.fragment === true),
        ...unreadPlanted(file, planted.unread ?? []),
        ...listedFileCode(file, planted.text),
      ];
      return [...codes, ...outsideLoads(codes)].map((c) => {
        const code: Word = { value: c.code, dynamic: false, raw: c.code };
        const label = `${PLANTED_LABEL}${file}`;
        const site: Site = {
          ...at,
          raw: { ...at.raw, redirects: [] },
          p: { ...at.p, wrappers: [...at.p.wrappers, label] },
        };
        if (c.language === "unread") return () => this.unanalysable(`${file} ${c.code}`);
        return c.language === "shell"
          ? () => this.runCode(code, label, { ...site, p: at.p }, false)
          : () => this.interpreterCode(c.language as Language, code, site);
      });
    });
  }

  /**
   * Content nobody here read, written into a file that runs later by itself (docs/adr/0822, 0836): a download
   * (`curl -s URL > Makefile`, `wget …/package.json`), a scratch file or an unpacked or cloned tree copied, linked or
   * piped in (`cp /tmp/x Makefile`, `ln -s /tmp/e.py conftest.py`). Files and folders so written are remembered, so a
   * download routed through another file is still one.
   */
  private unreadInto(cmd: SimpleCommand, at: Site): (() => void)[] {
    const upstream: string[][] = [];
    for (let u = at.raw.ctx.upstream; u !== null && u.length > 0; u = u[0]!.ctx.upstream)
      upstream.unshift(
        ...u.map((c) => [normalizeProgram(c.words[0]?.value ?? ""), ...c.words.slice(1).map((w) => w.value)]),
      );
    const tree = unreadTree(cmd);
    if (tree !== null) this.unreadPlaces.add(placeOf(tree));
    // A one-liner's file write (`open('Makefile','w').write(urlopen(…).read())`) reads here as `cat > Makefile`.
    const writes =
      this.fetchingCode > 0 && cmd.program === "cat" && cmd.args.length === 0
        ? cmd.redirects.flatMap((r) =>
            r.mode === "write" || r.mode === "append"
              ? [{ file: r.target ?? "", from: [{ kind: "network", what: "code that reaches the network" } as const] }]
              : [],
          )
        : contentWrites(cmd, upstream);
    return writes.flatMap((w) => {
      const why = w.from.map((o) => unreadOrigin(o, this.unreadPlaces)).find((r) => r !== null);
      if (why === undefined) return [];
      this.unreadPlaces.add(placeOf(w.file));
      if (!hasCodeRole(w.file)) return [];
      return [() => this.unanalysable(`${w.file} gets content ${why}, and runs later by itself`)];
    });
  }

  /**
   * A file written earlier in this string, made a module a tool loads at every run (`printf … > t/setup.js && npm
   * pkg set jest.globalSetup=./t/setup.js`): its text is analysed now as the JavaScript it will run (docs/adr/0674).
   */
  private wiredIn(cmd: SimpleCommand, at: Site): (() => void)[] {
    return wiredModules(cmd.program, cmd.args).flatMap((file) => {
      const text = [...this.stagedTexts].find(([written]) => modulePath(written) === file)?.[1].text;
      if (text === undefined) return [];
      const code: Word = { value: text, dynamic: false, raw: text };
      const label = `${PLANTED_LABEL}${file}`;
      const site: Site = {
        ...at,
        raw: { ...at.raw, redirects: [] },
        p: { ...at.p, wrappers: [...at.p.wrappers, label] },
      };
      return [() => this.interpreterCode("javascript", code, site)];
    });
  }

  /**
   * Text written earlier in this string to a file, moved or copied over another (`cat - Makefile > /tmp/mk && mv
   * /tmp/mk Makefile`): the destination holds that text now (docs/adr/0567).
   */
  private movedIn(cmd: SimpleCommand): PlantedText | null {
    if (cmd.program !== "mv" && cmd.program !== "cp" && cmd.program !== "install") return null;
    const operands = cmd.args.filter((a) => !a.startsWith("-"));
    if (operands.length !== 2) return null;
    // What was staged moves with its text and the files it copied in unread (docs/adr/0860).
    const staged = this.stagedTexts.get(operands[0]!);
    return staged === undefined ? null : { ...staged, files: [operands[1]!] };
  }

  /** A shell command a foreign program amounts to (docs/adr/0681), analysed as if run by the program's caller. */
  private analyzeForeign(program: string, command: string, at: Site): void {
    const { raw, scope, p, inherit } = at;
    this.analyzeText(command, p.depth + 1, {
      inherit: this.inherit(inherit, raw.ctx, [...p.wrappers, program]),
      scope: new Scope([], this.workdirOf(scope, p.workdir)),
      base: ROOT_CTX,
    });
  }

  /**
   * Code this command runs besides itself: what it reads on stdin (pipe, heredoc, `< <(...)`), a process
   * substitution as script, code stored for later (alias, trap, git), sed's `e`, interpreter one-liners.
   * Findings are recorded now; nested analyses are returned to run after the command itself is recorded.
   */
  private executedCode(
    program: string,
    args: readonly Word[],
    gitConfig: GitNormalized["config"],
    at: Site,
  ): { executesStdin: boolean; later: (() => void)[] } {
    const { raw, scope, p, inherit } = at;
    const later: (() => void)[] = [];
    let executesStdin = false;
    const reader = stdinReader(program, args);
    const upstream = p.argvOnly ? null : raw.ctx.upstream;
    // `sudo -s`, `su`: the code runs in a root shell; keep the privilege wrapper visible before `| sh`.
    const privileged = ["sudo", "doas", "su"].includes(program) && reader?.kind === "shell";
    const shellName = privileged ? "sh" : program;
    const viaPrivilege: Peeling = privileged ? { ...p, wrappers: [...p.wrappers, program] } : p;
    const piped = reader === null || upstream === null ? null : plainPipedText(reader, upstream);
    if (reader !== null && raw.stdin?.kind === "process") {
      executesStdin = true;
      this.finding({
        kind: "executes-unknown-code",
        reason: `${program} executes the output of ${raw.stdin.text.raw}`,
      });
    } else if (reader !== null && raw.stdin !== null) {
      const text = raw.stdin.text;
      const label = `${shellName} ${raw.stdin.kind === "heredoc" ? "<<" : "<<<"}`;
      if (reader.kind === "shell")
        later.push(() => this.runCode(text, label, { raw, scope, p: viaPrivilege, inherit }, false));
      else if (reader.kind === "foreign" && !text.dynamic && readForeignProgram(program, text.value) !== null)
        for (const command of readForeignProgram(program, text.value)!)
          later.push(() => this.analyzeForeign(program, command, at));
      else if (reader.kind === "foreign")
        this.finding({
          kind: "executes-unknown-code",
          reason: `${program} runs the ${raw.stdin.kind === "heredoc" ? "heredoc" : "here-string"} it reads, in a language nothing here reads`,
        });
      else later.push(() => this.interpreterCode(reader.language, text, at));
    } else if (reader !== null && piped !== null) {
      // `echo 'npm test' | sh` is `sh <<< 'npm test'`: text written out in the call, read like a here-string
      // (docs/adr/0680). Text a decoder produced stays unknown code below: nobody wrote it out.
      if (reader.kind === "shell")
        later.push(() => this.runCode(piped, `| ${shellName}`, { raw, scope, p: viaPrivilege, inherit }, false));
      else if (reader.kind === "interpreter") later.push(() => this.interpreterCode(reader.language, piped, at));
    } else if (reader?.kind === "foreign" && upstream !== null && readPipedForeign(program, upstream) !== null) {
      // `echo 'println(1)' | julia`: a literal program in a language read by vocabulary (docs/adr/0712).
      for (const command of readPipedForeign(program, upstream)!)
        later.push(() => this.analyzeForeign(program, command, at));
    } else if (reader !== null && upstream !== null) {
      executesStdin = true;
      const decoder = decoderIn(upstream);
      const from = upstream.map((u) => u.words.map((w) => w.raw).join(" ")).join("; ") || "the previous command";
      this.finding({
        kind: "executes-unknown-code",
        reason: `${program} executes what it reads from the pipe (${from})${decoder === null ? "" : `, decoded by ${decoder}`}`,
      });
      const literal = literalUpstreamText(upstream);
      const word: Word | null = literal === null ? null : { value: literal, dynamic: false, raw: literal };
      if (word !== null && reader.kind === "shell")
        later.push(() => this.runCode(word, `| ${shellName}`, { raw, scope, p: viaPrivilege, inherit }, false));
      if (word !== null && reader.kind === "interpreter")
        later.push(() => this.interpreterCode(reader.language, word, at));
    }
    if (runsSubstitutedCode(program, args)) {
      executesStdin = true;
      this.finding({ kind: "executes-unknown-code", reason: `${program} executes the output of another command` });
    }
    for (const d of deferredCode(program, args, gitConfig)) {
      if (d.selfSpawning !== undefined) this.finding({ kind: "self-spawning-function", name: d.selfSpawning });
      if (program === "trap" && onExitOnly(args.slice(args[0]?.value === "--" ? 2 : 1)) && inTopShell(raw.ctx, p)) {
        const trap = new ExitTrap(d.code, scope);
        scope.watch(trap);
        this.exitTraps.push({ trap, at: { raw: { ...raw, redirects: [] }, scope, p, inherit } });
        continue;
      }
      later.push(() => this.runCode(d.code, d.label, { raw: { ...raw, redirects: [] }, scope, p, inherit }, false));
    }
    if (sedRunsCommands(program, args))
      this.finding({
        kind: "executes-unknown-code",
        reason: `${program} script uses the e command, which runs shell commands`,
      });
    later.push(...this.scriptsOnStdin(program, args, at), ...this.replScripts(program, args, at));
    for (const text of makeEvals(args)) {
      const code: Word = { ...text, value: makeRecipes(text.value) };
      later.push(() => this.runCode(code, "make --eval", { raw: { ...raw, redirects: [] }, scope, p, inherit }, false));
    }
    const editorFlag = editorRunsCommands(program, args);
    if (editorFlag !== null)
      this.finding({
        kind: "executes-unknown-code",
        reason: `${program} runs editor commands (${editorFlag}), which can write any file or run shell commands`,
      });
    const foreign = foreignInlineCode(program, args);
    // Known calls only (`Rscript -e 'summary(read.csv("a.csv"))'`) are the commands they amount to (docs/adr/0681).
    const read = foreign === null ? null : readForeignCode(program, args);
    if (foreign !== null && read === null)
      this.unanalysable(`${program} ${foreign} runs code in a language nothing here reads`);
    for (const command of read ?? []) later.push(() => this.analyzeForeign(program, command, at));
    const inline = inlineCode(program, args);
    if (inline !== null)
      later.push(() =>
        this.interpreterCode(inline.language, inline.code, at, inline.effectsOnly ?? inline.language === "awk"),
      );
    // `python -m tarfile -e X /` is tar's extraction (docs/adr/0414): judged as the tar command it amounts to.
    const module = moduleCommand(program, args);
    if (module !== null)
      later.push(() =>
        this.finish({ ...raw, words: module, assignments: [], redirects: [], stdin: null }, scope, p.depth + 1, {
          ...this.inherit(inherit, raw.ctx),
          wrappers: [...p.wrappers, `${program} -m ${args[args.findIndex((a) => a.value === "-m") + 1]?.value}`],
        }),
      );
    return { executesStdin, later };
  }

  /**
   * Scripts of another program's language that it reads on stdin and that run shell command lines: an ed/ex
   * script's `!cmd`, a makefile read with `make -f -` (its recipes). Text known here is analysed as bash; text
   * nobody can read (a file, another command's output) is unknown code.
   */
  private scriptsOnStdin(program: string, args: readonly Word[], at: Site): (() => void)[] {
    const { raw, scope, p, inherit } = at;
    const editor = LINE_EDITORS.has(program);
    const makefiles = program === "make" || program === "gmake" ? (makefilesNamed(args) ?? []) : [];
    // `make -f <(printf 'all:\n\t…')`: the makefile is what a command prints, its recipes unseen (docs/adr/0503).
    if (makefiles.some((f) => f.dynamic && /^<\(/.test(f.value)))
      this.finding({
        kind: "executes-unknown-code",
        reason: `${program} runs the recipes of a makefile a process substitution prints, unseen here`,
      });
    const make = makefiles.some((f) => f.value === "-" || f.value === "/dev/stdin");
    const m4 = program === "m4" && !args.some((a) => !a.value.startsWith("-") && a.value !== "-");
    if (!editor && !make && !m4) return [];
    const upstream = p.argvOnly ? null : raw.ctx.upstream;
    const text =
      raw.stdin !== null && raw.stdin.kind !== "process" && !raw.stdin.text.dynamic
        ? raw.stdin.text.value
        : raw.stdin === null && upstream !== null
          ? literalUpstreamText(upstream)
          : null;
    const fromFile = raw.redirects.some((r) => (r.fd === 0 || r.fd === null) && r.mode === "read");
    if (text === null) {
      // m4 is fed its input files this way every day: only text seen here is read for `syscmd`.
      if (m4) return [];
      if (raw.stdin !== null || upstream !== null || fromFile)
        this.finding({
          kind: "executes-unknown-code",
          reason: `${program} runs a script it reads on stdin, unseen here`,
        });
      return [];
    }
    const label = editor ? `${program} !` : m4 ? "m4 syscmd" : `${program} -f -`;
    const lines = editor ? editorScriptCommands(text).join("\n") : m4 ? m4Commands(text).join("\n") : makeRecipes(text);
    if (lines === "") return [];
    const code: Word = { value: lines, dynamic: false, raw: text };
    return [() => this.runCode(code, label, { raw: { ...raw, redirects: [] }, scope, p, inherit }, false)];
  }

  /**
   * Scripts of a REPL or transfer client that can run shell commands (docs/adr/0413): gnuplot's `system`, ftp's `!`,
   * jshell's `Runtime.exec`, given in an option or fed on stdin. Known text: the commands it runs are analysed as
   * bash; a door given a command line built at run time, or a script on stdin nobody can see, is unknown code.
   */
  private replScripts(program: string, args: readonly Word[], at: Site): (() => void)[] {
    const script = replScript(program, args);
    if (script === null) return [];
    const { raw, scope, p, inherit } = at;
    const texts: Word[] = [...script.inline];
    const upstream = p.argvOnly ? null : raw.ctx.upstream;
    if (script.readsStdin) {
      const text =
        raw.stdin !== null && raw.stdin.kind !== "process"
          ? raw.stdin.text
          : raw.stdin === null && upstream !== null
            ? literalUpstreamText(upstream)
            : null;
      const word: Word | null = typeof text === "string" ? { value: text, dynamic: false, raw: text } : text;
      const fromFile = raw.redirects.some((r) => (r.fd === 0 || r.fd === null) && r.mode === "read");
      if (word !== null) texts.push(word);
      else if (raw.stdin !== null || upstream !== null || fromFile)
        this.finding({
          kind: "executes-unknown-code",
          reason: `${program} runs a script it reads on stdin, unseen here`,
        });
    }
    const out: (() => void)[] = [];
    for (const text of texts) {
      if (text.dynamic) {
        this.finding({ kind: "executes-unknown-code", reason: `${program} runs a script built from ${text.raw}` });
        continue;
      }
      const reading = replCommands(program, text.value);
      if (reading.unreadable !== null) this.unanalysable(`the ${program} script ${reading.unreadable}`);
      if (reading.bomb !== null) this.finding({ kind: "endless-spawn", loop: `${program}: ${reading.bomb}` });
      if (reading.commands.length === 0) continue;
      const code: Word = { value: reading.commands.join("\n"), dynamic: false, raw: text.raw };
      out.push(() => this.runCode(code, `${program} !`, { raw: { ...raw, redirects: [] }, scope, p, inherit }, false));
    }
    return out;
  }

  /**
   * Files this string wrote with text known here (`cat > x.sh <<EOF … EOF`, `printf 'rm -rf ~' > x.sh`): path as
   * written, joined to the string's directory → the text, or null once something wrote it unseen.
   */
  private readonly written = new Map<string, string | null>();

  /** Programs this string linked or copied under another name: the new path's key → the program's name (ADR 0666). */
  private readonly links = new Map<string, string>();

  /**
   * `ln -s /usr/bin/socat ./relay`, `cp /bin/sh ./x`, `install -m 755 /bin/rm y`: a program from a system directory
   * given a name of ours. Its bytes copied by a reader are the same program (ADR 0757): `cat /bin/rm > ./y`,
   * `dd if=/bin/rm of=./y`.
   */
  private recordLinks(program: string, args: readonly Word[], at: Site): void {
    const pair = copiedProgram(program, args, at.raw.redirects);
    if (pair === null) return;
    const [from, to] = pair;
    if (!SYSTEM_PROGRAM.test(from) || to.endsWith("/")) return;
    const key = scriptKey(at.scope, to);
    if (key !== null) this.links.set(key, normalizeProgram(from));
  }

  /**
   * Names bash's command hash was told to run as another program (docs/adr/0702): `BASH_CMDS[ls]=/bin/rm`,
   * `hash -p /bin/rm ls`. The name then runs that program, as a link of ours would.
   */
  private readonly hashed = new Map<string, string>();

  private recordHashed(program: string, args: readonly Word[], assignments: readonly Assignment[]): void {
    for (const a of assignments) {
      const m = /^BASH_CMDS\[['"]?([^\]'"]+)['"]?\]$/.exec(a.name);
      if (m !== null && !a.value.dynamic) this.hashed.set(m[1]!, normalizeProgram(a.value.value));
    }
    if (program !== "hash") return;
    const at = args.findIndex((a) => a.value === "-p");
    const [path, name] = [args[at + 1], args[at + 2]];
    if (at >= 0 && path !== undefined && name !== undefined && !path.dynamic && !name.dynamic)
      this.hashed.set(name.value, normalizeProgram(path.value));
  }

  private linkedProgram(scope: Scope, head: string): string | null {
    if (!head.includes("/")) return this.hashed.get(head) ?? null;
    if (this.links.size === 0) return null;
    const key = scriptKey(scope, head);
    return key === null ? null : (this.links.get(key) ?? null);
  }

  private recordWrites(program: string, args: readonly Word[], at: Site): void {
    const { raw, scope, p } = at;
    // An in-place edit's fragment is part of the file from here on: what runs it later runs that text too (0816).
    const edit = args.some((a) => a.dynamic)
      ? null
      : inPlaceEdit(
          program,
          args.map((a) => a.value),
        );
    for (const file of edit?.text.trim() ? edit.files : []) {
      const key = scriptKey(scope, file);
      const before = key === null ? null : this.written.get(key);
      if (key !== null && before !== null)
        this.written.set(key, before === undefined ? edit!.text : `${before}\n${edit!.text}`);
    }
    const targets = raw.redirects.filter((r) => (r.mode === "write" || r.mode === "append") && r.fd !== 2);
    const teeFiles = program === "tee" ? args.filter((a) => !a.value.startsWith("-")) : [];
    if (targets.length === 0 && teeFiles.length === 0) return;
    const text =
      program === "echo" && args.every((a) => !a.dynamic)
        ? echoText(args.map((a) => a.value))
        : program === "printf" &&
            args.length > 0 &&
            args.every((a) => !a.dynamic) &&
            !/%[^s]/.test(args[0]!.value.replace(/%%/g, ""))
          ? decodeAnsiC(args.length === 1 ? args[0]!.value.replace(/%%/g, "%") : args.map((a) => a.value).join(" "))
          : program === "cat" || program === "tee"
            ? (stdinOf(raw, p).stdin?.text ?? null)
            : null;
    const files = [
      ...targets.map((r) => ({ target: r.dynamic ? null : r.target, append: r.mode === "append" })),
      ...teeFiles.map((a) => ({
        target: a.dynamic ? null : a.value,
        append: args.some((x) => x.value === "-a" || x.value === "--append"),
      })),
    ];
    for (const f of files) {
      const key = f.target === null ? null : scriptKey(scope, f.target);
      if (key === null) continue;
      const before = this.written.get(key);
      this.written.set(
        key,
        text === null || before === null ? null : f.append && before !== undefined ? before + text : text,
      );
    }
  }

  /** A file this string wrote, run as a script (`bash x.sh`, `. x.sh`, `./x.sh`, `python x.py`): its text is the code. */
  private writtenScriptRun(head: string, program: string, args: readonly Word[], at: Site): (() => void)[] {
    if (this.written.size === 0) return [];
    if (program === "make" || program === "gmake") return this.writtenMakefileRun(program, args, at);
    const project = this.writtenProjectCode(program, args, at);
    if (project.length > 0) return project;
    const { scope } = at;
    const language = interpreterOf(program);
    const runsFile =
      SHELLS.has(program) || program === "source" || program === "." || (language !== null && language !== "awk");
    // A shell or interpreter with no script operand reads its program on stdin: `bash < x.sh`, `sh -s < x.sh`
    // (docs/adr/0434) run the file the string wrote, as `bash x.sh` does.
    const operand = runsFile ? args.find((a) => !a.value.startsWith("-"))?.value : undefined;
    const fromStdin =
      runsFile && operand === undefined && program !== "source" && program !== "."
        ? at.raw.redirects.find((r) => r.mode === "read" && (r.fd === null || r.fd === 0) && r.target !== null)?.target
        : undefined;
    const script = head.includes("/") ? head : (operand ?? fromStdin ?? undefined);
    if (script === undefined) return [];
    const key = scriptKey(scope, script);
    const text = key === null ? undefined : this.written.get(key);
    if (text === undefined || text === null) return [];
    // zsh's own glob qualifiers are dropped where they only filter (docs/adr/0800): `zsh x.zsh`, or a zsh shebang.
    const zsh = program === "zsh" || (head.includes("/") && ZSH_SHEBANG.test(text));
    const code: Word = { value: zsh ? withoutGlobQualifiers(text) : text, dynamic: false, raw: text };
    const label = `${program} ${script}`;
    if (language !== null && language !== "awk" && !head.includes("/"))
      return [() => this.interpreterCode(language, code, at)];
    return [() => this.runCode(code, label, at, program === "source" || program === ".")];
  }

  /**
   * Files a test runner or package manager loads as code from the directory it runs in, when this string wrote
   * them (docs/adr/0311): pytest imports `conftest.py` and the test files below it; npm, pnpm, yarn and bun run
   * the scripts of `package.json`.
   */
  private writtenProjectCode(program: string, args: readonly Word[], at: Site): (() => void)[] {
    const pytest =
      program === "pytest" ||
      program === "py.test" ||
      (interpreterOf(program) === "python" && args[0]?.value === "-m" && args[1]?.value === "pytest");
    const packages = ["npm", "pnpm", "yarn", "bun"].includes(program);
    if (!pytest && !packages) return [];
    const dir = joinDir(at.scope.cwd, ".");
    if (dir === null) return [];
    const root = posix.normalize(dir);
    const out: (() => void)[] = [];
    for (const [key, text] of this.written) {
      if (text === null || !(key === root || key.startsWith(root === "." ? "" : `${root}/`))) continue;
      const name = posix.basename(key);
      if (pytest && (name === "conftest.py" || /^test_.*\.py$|_test\.py$/.test(name))) {
        const code: Word = { value: text, dynamic: false, raw: text };
        out.push(() => this.interpreterCode("python", code, at));
      }
      if (packages && name === "package.json" && posix.dirname(key) === root) {
        for (const script of packageJsonScripts(text)) {
          const code: Word = { value: script, dynamic: false, raw: script };
          out.push(() => this.runCode(code, `${program} script`, at, false));
        }
      }
    }
    return out;
  }

  /** make reading a makefile this string wrote (`printf 'all:\n\trm …' > Makefile && make`): its recipes run. */
  private writtenMakefileRun(program: string, args: readonly Word[], at: Site): (() => void)[] {
    const { scope } = at;
    const named = makefilesNamed(args)?.map((w) => w.value) ?? ["GNUmakefile", "makefile", "Makefile"];
    for (const file of named) {
      const key = scriptKey(scope, file);
      const text = key === null ? undefined : this.written.get(key);
      if (text === undefined || text === null) continue;
      const code: Word = { value: makeRecipes(text), dynamic: false, raw: text };
      return [() => this.runCode(code, `${program} ${file}`, at, false)];
    }
    return [];
  }

  /**
   * A task runner reading a task file this string wrote or gives it on stdin (docs/adr/0756): `cat > Rakefile
   * <<EOF … EOF; rake wipe`, `just --justfile /dev/stdin <<'EOF'`. The recipes are the code that runs; a file
   * whose text is not known here leaves the decision as it was.
   */
  private taskFileRun(program: string, args: readonly Word[], at: Site): (() => void)[] {
    const tasks = taskFilesOf(program, args);
    if (tasks === null) return [];
    const { raw, scope, p } = at;
    const run = (c: TaskCode, label: string, text: string): (() => void) => {
      // A reader puts in what the file's own variables hold (ninja's `$out`): the code is as read, not as typed.
      const code: Word = { value: c.code, dynamic: false, raw: c.language === "shell" ? c.code : text };
      if (c.language === "unread") return () => this.unanalysable(`${label} ${c.code}, so what it runs cannot be read`);
      return c.language === "shell"
        ? () => this.runCode(code, label, { ...at, raw: { ...raw, redirects: [] } }, false)
        : () => this.interpreterCode(c.language as Language, code, at);
    };
    // Files the runner reads beside its task file, whether or not the task file's own text is known here.
    const base = scriptKey(scope, tasks.dir ?? ".");
    const out: (() => void)[] = [];
    for (const [key, text] of base === null ? [] : this.written) {
      const rel = base === "." ? key : key.startsWith(`${base!}/`) ? key.slice(base!.length + 1) : null;
      const companion = rel === null || text === null ? undefined : tasks.companions.find((c) => c.matches(rel));
      if (companion !== undefined) out.push(...companion.read(text!).map((c) => run(c, `${program} ${rel}`, text!)));
    }
    for (const file of tasks.files) {
      let text: string | null | undefined;
      if (STDIN_FILE.has(file)) {
        const upstream = p.argvOnly ? null : raw.ctx.upstream;
        text =
          raw.stdin !== null && raw.stdin.kind !== "process" && !raw.stdin.text.dynamic
            ? raw.stdin.text.value
            : raw.stdin === null && upstream !== null
              ? (literalUpstreamText(upstream) ?? catHeredocText(upstream))
              : null;
      } else {
        const path = tasks.dir === null ? file : posix.join(tasks.dir, file);
        const key = scriptKey(scope, path);
        text = key === null ? undefined : this.written.get(key);
      }
      if (text === undefined || text === null) continue;
      return [...tasks.read(text).map((c) => run(c, `${program} ${file}`, text)), ...out];
    }
    return out;
  }

  /** The directories other than `workdir` a command may run in after a `cd` that may have failed (ADR 0833). */
  private otherWorkdirs(scope: Scope, peeled: Word | null, workdir: string | null | undefined): (string | undefined)[] {
    if (workdir === null || peeled?.dynamic === true) return [];
    return scope.otherDirs
      .map((d) => (peeled === null ? d : joinDir(d, peeled.value)))
      .filter((d): d is string | undefined => d !== null && d !== workdir);
  }

  /** Where a command runs: the string's `cd`s, then a peeled `-C dir`; null when unknowable. */
  private workdirOf(scope: Scope, peeled: Word | null): string | null | undefined {
    if (peeled === null) return scope.cwd;
    if (peeled.dynamic) return null;
    return joinDir(scope.cwd, peeled.value);
  }

  private unanalysable(reason: string): void {
    this.finding({ kind: "unanalysable", reason });
  }

  private finding(f: ShellFinding): void {
    const key = JSON.stringify(f);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.findings.push(f);
  }
}

/** install's options that take a value: skipped so the value is not read as a file. */
const INSTALL_VALUED = new Set(["-m", "--mode", "-o", "--owner", "-g", "--group", "-S", "--suffix"]);

/**
 * The program file a command copies or links and where to (ADR 0666, 0757): `ln`/`cp`/`install FROM TO`,
 * `cat FROM > TO`, `dd if=FROM of=TO`; null when it is none of these or a path is built at run time.
 */
function copiedProgram(
  program: string,
  args: readonly Word[],
  redirects: RawCommand["redirects"],
): [string, string] | null {
  if (args.some((a) => a.dynamic)) return null;
  if (program === "dd") {
    const of = (k: string): string | undefined =>
      args.find((a) => a.value.startsWith(`${k}=`))?.value.slice(k.length + 1);
    const [from, to] = [of("if"), of("of")];
    return from !== undefined && to !== undefined ? [from, to] : null;
  }
  if (program === "cat") {
    const out = redirects.filter((r) => r.mode === "write" && (r.fd === null || r.fd === 1));
    const from = args.filter((a) => !a.value.startsWith("-"));
    if (out.length !== 1 || out[0]!.dynamic || out[0]!.target === null || from.length !== 1) return null;
    return [from[0]!.value, out[0]!.target];
  }
  if (program !== "ln" && program !== "cp" && program !== "install") return null;
  const operands = args.filter(
    (a, i) => !a.value.startsWith("-") && !(program === "install" && INSTALL_VALUED.has(args[i - 1]?.value ?? "")),
  );
  return operands.length === 2 ? [operands[0]!.value, operands[1]!.value] : null;
}

/** Two counts of calls read precisely, per destructive-scan name, added. */
function withRuns(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): ReadonlyMap<string, number> {
  const sum = new Map(a);
  for (const [name, n] of b) sum.set(name, (sum.get(name) ?? 0) + n);
  return sum;
}

/** Spawners that run their command once per file found or input line read, with no bound on how many. */
const PER_ITEM = /^(?:find -(?:exec|execdir|ok|okdir)\b|xargs\b|parallel\b)/;

/** The per-item spawner a code string runs under, kept from an outer one, or nothing. */
function perItem(inherit: Inherit, wrappers: readonly string[]): { perItem?: string } {
  const label = inherit.perItem ?? wrappers.find((w) => PER_ITEM.test(w));
  return label === undefined ? {} : { perItem: label };
}

/**
 * How the program's name (the word's last path segment as written) is built when it is not written out: a
 * variable or substitution the analysis followed (`p=shred; $p`), or a brace expansion (`r{m,}`). Only a
 * directory may come from an expansion (`$HOME/bin/tool` names `tool`). `$'..'` and `$".."` are quoting.
 * Brace expansion already split the word (walk.ts): its raw text still shows the braces.
 */
function builtName(head: Word): string | null {
  // A substitution that prints a literal written in it (`$(echo ls)`) shows the name: what else it holds still counts.
  const raw = head.echoed === true ? head.raw.replace(/\$\([^()$`]*\)|`[^`$]*`/g, "") : head.raw;
  const name =
    raw
      .replace(/\$\([^)]*\)/g, "$()")
      .split("/")
      .pop() ?? "";
  const how = hasExpansion(name)
    ? "an expansion"
    : /[{}]/.test(name) && name !== normalizeProgram(head.value)
      ? "a brace expansion"
      : null;
  return how === null ? null : `program name is built by ${how}: ${head.raw} (read as ${normalizeProgram(head.value)})`;
}

/**
 * A program name that is one variable whose value this string wrote out earlier, unconditionally (`x=ls; $x -la`,
 * `CMD="npm test"; $CMD`): the command is read as if written there, bash's word splitting included (ADR 0683).
 * Not in a loop's or function's body, which may run again after the variable changed.
 */
function writtenOut(head: Word, scope: Scope, ctx: WalkCtx): boolean {
  const name = /^("?)\$(?:([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)\})\1$/.exec(head.raw);
  const variable = name?.[2] ?? name?.[3];
  if (variable !== undefined) return ctx.repeats !== true && scope.isWritten(variable);
  // A whole array written out earlier (`c=(npm run test); "${c[@]}"`): the walk already read its elements (ADR 0776).
  const array = /^(?:"\$\{([A-Za-z_][A-Za-z0-9_]*)\[@\]\}"|\$\{([A-Za-z_][A-Za-z0-9_]*)\[[@*]\]\})$/.exec(head.raw);
  const whole = array?.[1] ?? array?.[2];
  return whole !== undefined && ctx.repeats !== true && !head.dynamic && scope.writtenArray(whole) !== null;
}

/** A program name that the code string it runs in got from an expansion: not in the text as written. */
function builtCode(head: Word, built: string | null): string | null {
  if (built === null) return null;
  const name = normalizeProgram(head.value);
  return built.split(/[^A-Za-z0-9._+-]+/).includes(name)
    ? null
    : `program name ${name} comes from ${built}, code built by an expansion`;
}

function hasExpansion(raw: string): boolean {
  return /\$(?:[{(A-Za-z0-9_@*#?$!-])|`/.test(raw);
}

/** Sources that never reach their end. */
const ENDLESS_FILES: ReadonlySet<string> = new Set(["/dev/zero", "/dev/urandom", "/dev/random"]);

/**
 * The last command of a pipeline's upstream when it writes without end: `yes`, `cat /dev/zero`, `seq inf`, as
 * written; else null. Anything that could stop (`head`, a file) is not.
 */
export function endlessProducer(upstream: readonly RawCommand[]): string | null {
  const last = upstream.at(-1);
  const words = last?.words ?? [];
  if (words.length === 0 || words.some((w) => w.dynamic)) return null;
  const program = normalizeProgram(words[0]!.value);
  const args = words.slice(1).map((w) => w.value);
  const text = words.map((w) => w.raw).join(" ");
  if (program === "yes") return text;
  if ((program === "cat" || program === "pv") && args.length > 0 && args.every((a) => ENDLESS_FILES.has(a)))
    return text;
  if (program === "seq" && args.some((a) => /^inf(?:inity)?$/i.test(a))) return text;
  return null;
}

/** The first ERROR or MISSING node, as a reason; tolerates tree-sitter-bash's missing `<>` operator. */
function firstError(node: Node): string | null {
  if (!node.hasError && !node.isMissing) return null;
  if (node.isMissing) return `parse error: missing ${JSON.stringify(node.type)} at ${position(node)}`;
  if (node.type === "ERROR" && !isReadWriteRedirect(node))
    return `parse error at ${position(node)} near ${JSON.stringify(clip(node.text))}`;
  for (const c of node.children) {
    if (c === null) continue;
    const found = firstError(c);
    if (found !== null) return found;
  }
  return null;
}

function isReadWriteRedirect(node: Node): boolean {
  const prev = node.previousSibling;
  return (
    node.parent?.type === "file_redirect" &&
    node.text === ">" &&
    prev?.type === "<" &&
    prev.endIndex === node.startIndex
  );
}

function position(node: Node): string {
  return `${node.startPosition.row + 1}:${node.startPosition.column + 1}`;
}

function clip(s: string): string {
  return s.length > 40 ? s.slice(0, 40) + "…" : s;
}

/**
 * The code a bash shell or an interpreter we read gets from a literal `echo`/`printf` piped into it, as written
 * in the call; null when it comes from elsewhere, is decoded (`printf '\x72…'`, `base64 -d`) or goes to a
 * language nothing here reads.
 */
function plainPipedText(reader: CodeReader, upstream: readonly RawCommand[]): Word | null {
  if (reader.kind === "foreign" || decoderIn(upstream) !== null) return null;
  const text = literalUpstreamText(upstream);
  return text === null ? null : { value: text, dynamic: false, raw: text };
}

/** The commands a literal program piped into a foreign interpreter amounts to, or null (see plainPipedText). */
function readPipedForeign(program: string, upstream: readonly RawCommand[]): string[] | null {
  const text = decoderIn(upstream) === null ? literalUpstreamText(upstream) : null;
  return text === null ? null : readForeignProgram(program, text);
}

/** What a command reads on stdin, when not the terminal (see SimpleCommand.stdin): a heredoc, a file, a pipe. */
function stdinOf(raw: RawCommand, p: Peeling): { readonly stdin?: NonNullable<SimpleCommand["stdin"]> } {
  if (raw.stdin !== null)
    return { stdin: { text: raw.stdin.kind === "process" || raw.stdin.text.dynamic ? null : raw.stdin.text.value } };
  const fromFile =
    raw.redirects.some((r) => (r.fd === 0 || r.fd === null) && (r.mode === "read" || r.mode === "readwrite")) ||
    p.reads.length > 0;
  if (fromFile) return { stdin: { text: null } };
  const upstream = p.argvOnly ? null : raw.ctx.upstream;
  if (upstream === null || upstream.length === 0) return {};
  const text = literalUpstreamText(upstream);
  // The paths a lister prints into the pipe (`find src -name '*.c' | cpio -o`), for programs that read names.
  const listed = text === null ? listedPaths(upstream) : null;
  return { stdin: listed === null ? { text } : { text, listed } };
}

/**
 * What `echo` prints: its words after the leading `-n`/`-e`/`-E` flags, with backslash escapes decoded unless
 * `-E` is given, since `sh` (dash) and `echo -e` decode them (`echo '\x72\x6d -rf ~' > x.sh`): fail closed.
 */
function echoText(values: readonly string[]): string {
  let i = 0;
  let raw = false;
  while (i < values.length && /^-[neE]+$/.test(values[i]!)) raw = values[i++]!.endsWith("E");
  const text = values.slice(i).join(" ");
  return (raw || !text.includes("\\") ? text : decodeAnsiC(text)) + "\n";
}

/**
 * `jq '.x="…"' f | sponge f`: sponge writes what the editor before it printed, after reading it all (docs/adr/0846).
 */
function soakedUp(cmd: SimpleCommand, upstream: readonly RawCommand[] | null): PlantedText | null {
  if (cmd.program !== "sponge" || upstream === null || upstream.length === 0) return null;
  const words = upstream[upstream.length - 1]!.words;
  if (words.some((w) => w.dynamic)) return null;
  const files = cmd.args.filter((a) => !a.startsWith("-"));
  const [program = "", ...args] = words.map((w) => w.value);
  const edit = files.length === 0 ? null : outputEdit(program, args, files);
  if (edit !== null) return edit;
  const text = spongedText(words.map((w) => w.value));
  return text === null || files.length === 0 ? null : { text, files };
}

/** The command lines of a package.json's `scripts`, or none when the text is not such JSON. */
function packageJsonScripts(text: string): string[] {
  try {
    const scripts = (JSON.parse(text) as { scripts?: unknown }).scripts;
    if (typeof scripts !== "object" || scripts === null) return [];
    return Object.values(scripts).filter((v): v is string => typeof v === "string");
  } catch {
    return [];
  }
}

/** `#!/bin/zsh`, `#!/usr/bin/env zsh`, with options after it. */
const ZSH_SHEBANG = /^#!\s*(?:\S*\/)?(?:env\s+(?:-\S+\s+)*)?zsh(?:\s|$)/;

/** A program in a system directory (`/usr/bin/socat`, `/bin/sh`, `/usr/local/sbin/x`). */
const SYSTEM_PROGRAM = /^\/(?:usr\/(?:local\/)?)?s?bin\/[\w.+-]+$/;

/** The key of a file written or run in this string: its path joined to the string's directory, `./` dropped. */
function scriptKey(scope: Scope, word: string): string | null {
  const joined = joinDir(scope.cwd, word);
  return joined === null ? null : posix.normalize(joined);
}

/** The loop's variable and the names read earlier that hold lines of an input (docs/adr/0809, 0811). */
function readLines(
  raw: RawCommand,
  scope: Scope,
  xargs: Peeling["lineToken"],
): Pick<SimpleCommand["context"], "readLines"> {
  const earlier = scope.lineInputs().filter((l) => l.name !== raw.ctx.readLine?.name);
  const lines = [
    ...(raw.ctx.readLine === undefined ? [] : [raw.ctx.readLine]),
    ...earlier,
    ...(xargs === null ? [] : [{ name: xargs.token, input: xargs.input, token: xargs.token }]),
  ];
  return lines.length === 0 ? {} : { readLines: lines };
}
