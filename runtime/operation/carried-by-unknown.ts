/**
 * A program nobody described may run the command that follows it (docs/adr/0501): `eatmydata terraform destroy`,
 * `cgexec -g cpu:/ rm -rf ~`, `chpst -n 10 shutdown -h now`, `start-stop-daemon --start --exec /sbin/reboot`. The
 * shell analysis peels only the wrappers it was told about; every other program was WRITE with its words read as
 * paths, so a wrapper nobody listed hid whatever it ran. Here, for a program without knowledge that is no wrapper,
 * each word naming a program rulegate knows (or a program in a bin directory by its path) starts a command the
 * program may run: those words are analysed as bash, labelled `carried by PROG`, and joined to the analysis unless
 * they only read: an unknown tool given `test` or `ls` stays as it was.
 */
import type { SkillEntry } from "../../compiler/index.ts";
import {
  normalizeProgram,
  runsCommands,
  type ShellAnalysis,
  type ShellAnalyzer,
  type SimpleCommand,
} from "../shell/index.ts";
import { bashEffects } from "./bash-effects.ts";
import { programKnowledge } from "./knowledge/index.ts";
import type { AccessBase } from "./resolve-access.ts";

export interface CarryOptions {
  readonly analyzer: ShellAnalyzer;
  readonly base: AccessBase;
  readonly skills: readonly SkillEntry[];
  readonly workspace: readonly string[];
}

/** The label a carried command's wrappers get: the program that may run it. */
export const CARRIED_BY = "carried by ";

/** Unknown programs inside carried commands are read again, this deep (`a b rm …` needs one; `a bash -c 'b rm …'` two). */
const MAX_CARRY_DEPTH = 3;
/** Candidate starts tried per program: a decoy (`x true rm -rf ~`) is passed over, a word list is not walked whole. */
const MAX_STARTS = 8;
/** A program named by its path counts when it lives in a bin directory (`/sbin/reboot`, `/usr/local/bin/x`). */
const BIN_PATH = /^\/(?:[^/\s]+\/)*s?bin\/[^/\s]+$/;

/** The analysis with the commands unknown programs may carry joined to it (the same analysis when none do). */
export function withCarriedCommands(shell: ShellAnalysis, options: CarryOptions, depth = 0): ShellAnalysis {
  if (depth >= MAX_CARRY_DEPTH) return shell;
  const added: SimpleCommand[] = [];
  const findings: ShellAnalysis["findings"][number][] = [];
  for (const cmd of shell.commands) {
    for (const carried of carriedBy(cmd, options, depth)) {
      added.push(...carried.commands);
      findings.push(...carried.findings);
    }
  }
  if (added.length === 0 && findings.length === 0) return shell;
  return {
    ...shell,
    commands: [...shell.commands, ...added],
    findings: [...shell.findings, ...findings],
    unanalysable: shell.unanalysable || findings.some((f) => f.kind === "unanalysable"),
  };
}

/** A program no table describes and the shell analysis does not peel: what it does with its words is unknown. */
function undescribed(program: string): boolean {
  return program !== "" && programKnowledge(program) === undefined && !runsCommands(program);
}

/** Shell builtins with no program of their name: another program cannot run them (`gog gmail export --all`). */
const SHELL_ONLY: ReadonlySet<string> = new Set([
  "export",
  "set",
  "unset",
  "alias",
  "unalias",
  "declare",
  "typeset",
  "local",
  "readonly",
  "source",
  ".",
  "eval",
  "exec",
  "cd",
  "shopt",
  "trap",
  "ulimit",
  "umask",
  "builtin",
  "hash",
  "enable",
  "complete",
]);

/** The program a word names, when rulegate knows it: a bare name, or a path into a bin directory. */
function knownName(word: string): boolean {
  if (word.includes("/") && !BIN_PATH.test(word)) return false;
  const name = normalizeProgram(word);
  if (SHELL_ONLY.has(name)) return false;
  return name !== "" && !name.startsWith("-") && (programKnowledge(name) !== undefined || runsCommands(name));
}

/** The commands a program may run, each start that does more than write (at most one, unless a start is harmless). */
function carriedBy(cmd: SimpleCommand, options: CarryOptions, depth: number): ShellAnalysis[] {
  if (!undescribed(cmd.program)) return [];
  const unknown = new Set(cmd.unknownArgs ?? []);
  const out: ShellAnalysis[] = [];
  let tried = 0;
  const ends = cmd.args.indexOf("--");
  for (let i = 0; i < cmd.args.length && tried < MAX_STARTS; i++) {
    const word = cmd.args[i]!;
    if (unknown.has(i) || !knownName(word)) continue;
    // A bare name with nothing after it is as often the tool's own verb (`pm2 kill`, `mytool restart`): it counts
    // when it is named by its path or follows `--`.
    if (i === cmd.args.length - 1 && !word.includes("/") && (ends < 0 || ends !== i - 1)) continue;
    tried++;
    const sub = withCarriedCommands(options.analyzer.analyze(argvText(cmd, i)), options, depth + 1);
    // A start that only reads (`mytool ls …`, a decoy `x true rm -rf ~`) is passed over for the next one.
    if (sub.findings.length === 0 && bashEffects(sub, options.base, options.skills, options.workspace).level === "READ")
      continue;
    out.push({ ...sub, commands: sub.commands.map((c) => inside(cmd, c)) });
    break;
  }
  return out;
}

/** The words from `start` on as one bash line: literal words quoted, words with expansions as they were written. */
function argvText(cmd: SimpleCommand, start: number): string {
  const unknown = new Set(cmd.unknownArgs ?? []);
  const globs = new Set(cmd.globArgs ?? []);
  return cmd.args
    .slice(start)
    .map((a, k) => {
      const i = start + k;
      if (unknown.has(i)) return `"${a.replace(/^"|"$/g, "")}"`;
      if (globs.has(i) && /^[\w./~*?[\]@%+:,=-]+$/.test(a)) return a;
      if (/^~[\w.-]*(?:\/|$)/.test(a))
        return a.replace(/^(~[\w.-]*)(.*)$/, (_m, t: string, rest: string) => `${t}${quote(rest)}`);
      return quote(a);
    })
    .join(" ");
}

function quote(v: string): string {
  return v === "" ? "" : `'${v.replace(/'/g, `'\\''`)}'`;
}

/** A carried command runs where its carrier runs: the carrier's context, its wrappers then `carried by PROG`. */
function inside(carrier: SimpleCommand, cmd: SimpleCommand): SimpleCommand {
  const outer = carrier.context;
  const own = cmd.context;
  const top = own.pipeline === null && !own.substitution;
  return {
    ...cmd,
    context: {
      ...own,
      pipeline: own.pipeline ?? outer.pipeline,
      substitution: outer.substitution || own.substitution,
      subshell: outer.subshell || own.subshell,
      background: outer.background || own.background,
      wrappers: [...outer.wrappers, `${CARRIED_BY}${carrier.program}`, ...own.wrappers],
      argsFromStdin: outer.argsFromStdin || own.argsFromStdin,
      ...(outer.loop !== undefined ? { loop: outer.loop } : {}),
    },
    ...(cmd.workdir === undefined && carrier.workdir !== undefined ? { workdir: carrier.workdir } : {}),
    ...(top && cmd.stdin === undefined && carrier.stdin !== undefined ? { stdin: carrier.stdin } : {}),
  };
}
