/**
 * Opaque code (docs/explanation/decision-order.md, first invariant): a bash string whose program or structure the shell analysis could
 * not read. What it runs is unknown, so nothing but a human may allow it; and where the part that can be read
 * already shows a dangerous intent, it is denied outright. The readable part is the string's literal words,
 * whatever role the parse gave them: a name that is only data to `echo` in `$(echo rm) -rf x` is what the
 * hidden program becomes. Those words are judged by the same program knowledge as any command (docs/adr/0109).
 */
import { LEVEL_RANK, type SkillEntry } from "../../compiler/index.ts";
import { decoderName, type ShellAnalysis, type ShellAnalyzer, type SimpleCommand } from "../shell/index.ts";
import { classifyCommand } from "./classify-command.ts";
import { loadedCode } from "./loaded-code.ts";
import { programKnowledge } from "./knowledge/index.ts";
import { resolveAccess, type AccessBase } from "./resolve-access.ts";
import { mayStage, stagedCode } from "./staged-code.ts";
import type { PathAccess } from "./types.ts";

export interface Opaque {
  /** What could not be read, one reason each (the shell analysis's words). */
  readonly reasons: readonly string[];
  /** The dangerous intent the readable words show (a destructive command they spell, a network fetch), or null. */
  readonly intent: string | null;
  /** The path-like literal words, resolved: a credential path among them is a dangerous intent too (judged by the policy). */
  readonly paths: readonly PathAccess[];
}

/** Only this much of a string is read for words: past it the call still gates. */
const MAX_TEXT = 65_536;
/** Words after a program name that make up the command it may be. */
const MAX_FOLLOWING = 12;
const MAX_CANDIDATES = 16;

/** The opaque part of a bash call, or null when the analysis read all of it. */
export function opaqueOf(
  shell: ShellAnalysis,
  urls: readonly string[],
  base: AccessBase,
  { skills, analyzer }: { readonly skills: readonly SkillEntry[]; readonly analyzer: ShellAnalyzer },
): Opaque | null {
  const reasons = [
    ...shell.findings.flatMap((f) =>
      f.kind === "unanalysable" || f.kind === "executes-unknown-code" ? [f.reason] : [],
    ),
    ...loadedCode(shell.commands, base),
    ...hiddenDanger(shell.commands, skills),
    ...carriedByUnknown(shell.commands, skills, analyzer),
    ...(mayStage(shell.commands, urls.length > 0) ? stagedUnread(shell.commands, base) : []),
  ];
  if (reasons.length === 0) return null;
  const words = literalWords(shell.source);
  const fetch = urls[0];
  const intent =
    fetch !== undefined
      ? `it fetches ${fetch}`
      : (destructiveIn(shell.commands, skills) ?? destructiveCommand(words, skills, analyzer));
  const paths = words
    .filter(pathLike)
    .map((w) => resolveAccess(w, { mode: "read", via: "argument" }, { ...base, realpath: false }, false));
  return { reasons, intent, paths };
}

/**
 * The string's literal words: expansions dropped (`${IFS}`, `$p` are what is unknown), quotes joined
 * (`r''m` is `rm`), calls with no arguments left out, split at every operator, brace and comma (`{rm,-rf,x}`,
 * `$(echo rm)`).
 */
export function literalWords(source: string): string[] {
  return (
    source
      .slice(0, MAX_TEXT)
      .replace(/\$\{[^}]*\}|\$[A-Za-z_][A-Za-z0-9_]*|\$[0-9@*#?$!-]/g, " ")
      .replace(/\$(?=['"])/g, "")
      .replace(/\\(.)/g, "$1")
      .replace(/['"]/g, "")
      // A call with no arguments (Erlang's `halt().`, `init:stop()`) names no command line: a function of the code's
      // own language, not the program of that name (`halt .`).
      .replace(/(?<![\w.:$-])[A-Za-z_][\w.:]*\(\s*\)/g, " ")
      .split(/[\s;|&(){}<>,`]+/)
      .filter((w) => w !== "")
  );
}

/**
 * Files whose text nobody here has read, run later in the same string (an archive unpacked, a one-liner's own
 * file), and data written in the command decoded into a file (`echo cm0g… | base64 -d > x.sh`): docs/adr/0311.
 * Downloaded or decoded files that are run are the pipe-to-shell hard deny instead.
 */
function stagedUnread(commands: readonly SimpleCommand[], base: AccessBase): string[] {
  // One command stages nothing for a later one; only a decoder of its own here-string writes hidden text.
  if (commands.length < 2 && !commands.some((c) => decoderName(c.program, c.args) !== null)) return [];
  const staged = stagedCode(commands, base.cwd, base.home);
  return [
    ...staged.runs
      .filter((r) => r.source === "unread")
      .map(
        (r) =>
          `\`${r.runner.text}\` runs ${r.target}, which \`${r.writer.text}\` wrote in the same command, unread here`,
      ),
    ...staged.hidden.map(
      (h) => `\`${h.writer.text}\` decodes data written in the command into ${h.target}, text nobody can read here`,
    ),
  ];
}

/**
 * A program name hidden in a substitution that prints it (`$(echo rm) -rf x`) is read, and judged as the command
 * it is; when that command destroys something, hiding its name is the opaque code of ADR 0109, denied for the
 * intent it shows. A harmless one (`$(echo ls)`) is only the command it spells (docs/adr/0167).
 */
function hiddenDanger(commands: readonly SimpleCommand[], skills: readonly SkillEntry[]): string[] {
  return commands.flatMap((cmd) =>
    cmd.hiddenName !== undefined && destructiveIn([cmd], skills) !== null
      ? [`program name is hidden in ${cmd.hiddenName} (read as ${cmd.program})`]
      : [],
  );
}

/**
 * A program nobody here knows, handed a command line in an argument or in a string inside one (docs/adr/0631):
 * `swipl -g "shell('rm -rf ~/.config')"`, `fennel -e '(os.execute "rm -rf ~/.ssh")'`, `rush 'rm -rf {}'`,
 * `tcpclient HOST PORT sh -c '…'`. What it does with the text is unknown, so the text is read for what it spells:
 * a destroying command there is opaque code with that intent. Text that spells nothing destroying says nothing.
 */
function carriedByUnknown(
  commands: readonly SimpleCommand[],
  skills: readonly SkillEntry[],
  analyzer: ShellAnalyzer,
): string[] {
  const out: string[] = [];
  for (const cmd of commands) {
    if (cmd.program === "" || programKnowledge(cmd.program) !== undefined) continue;
    // The text it is given: its arguments, the strings quoted inside them, and a here-string or heredoc it reads
    // (`gp -q <<< 'system("rm -rf ~/.ssh")'`, docs/adr/0637).
    const given = [...cmd.args, ...(cmd.stdin?.text !== undefined && cmd.stdin.text !== null ? [cmd.stdin.text] : [])];
    const texts = given.flatMap((a) => [a, ...[...a.matchAll(QUOTED)].map((m) => m[2]!)]);
    for (const text of texts.slice(0, MAX_CANDIDATES)) {
      // Words apart by blanks, or by the commas and brackets of an argv list in code
      // (`Process(Seq("rm","-rf","/home/dev/x"))`, `.args(["-rf","/x"])`).
      if (!/[\s,]/.test(text)) continue;
      const found = destructiveCommand(literalWords(text.replace(/[[\]]/g, " ")), skills, analyzer);
      if (found !== null) {
        out.push(`\`${cmd.program}\`, which nothing here knows, is handed a command line: ${found}`);
        break;
      }
    }
    // Code of a language nothing here reads that writes or deletes a file it names (docs/adr/0639):
    // `bb -e '(spit ".claude/settings.json" "{}")'`, `mix run -e 'File.rm_rf!(Path.expand("~/.ssh"))'`. What the
    // file is cannot be told from the call's name, so the code is opaque; the paths it names give the intent.
    if (out.length === 0 || !out.at(-1)!.startsWith(`\`${cmd.program}\``)) {
      const code = cmd.args.find((a) => FILE_CHANGE_CALL.test(a) && NAMED_PATH.test(a));
      if (code !== undefined)
        out.push(`\`${cmd.program}\`, which nothing here knows, runs code that changes a file it names`);
    }
  }
  return out;
}

/** Calls of other languages that write, append to or delete a file (`spit`, `File.rm_rf!`, `rmtree`, `open(…, write)`). */
const FILE_CHANGE_CALL =
  /\b(?:spit|rm_rf!?|rm_r!?|rmtree|delete[-_]tree|delete[-_]file|delete[-_]dir|remove[-_](?:tree|dir|file|all)|unlink|rmdir|File\.(?:write!?|rm!?|delete)|write[-_](?:file|string|all|text|lines)|append[-_]?(?:file|text)?|open\([^)]*\b(?:write|append|w|a)\b)/i;
/** A path written in the code: absolute, from the home, or a dot-folder or dot-file of the project. */
const NAMED_PATH = /(?:^|["'\s(])(?:\/[\w.-]+|~\/|\.[\w-]+\/)/;

/** A quoted string inside an argument (code in another language): its text. */
const QUOTED = /(["'`])((?:(?!\1)[^\\]|\\.){1,4096})\1/g;

/** The first command read (`r{m,} -rf x` is read as `rm r -rf x`) that destroys something, as a clause. */
function destructiveIn(commands: readonly SimpleCommand[], skills: readonly SkillEntry[]): string | null {
  for (const cmd of commands) {
    if (cmd.program === "" || programKnowledge(cmd.program) === undefined) continue;
    const e = classifyCommand(cmd, skills);
    if (LEVEL_RANK[e.level] >= LEVEL_RANK.DESTRUCTIVE && e.level !== "EXPENSIVE")
      return `\`${cmd.text}\` is ${e.level}`;
    if (e.accesses.some((a) => a.mode === "delete")) return `\`${cmd.text}\` deletes files`;
  }
  return null;
}

/**
 * The first command the words spell, from a known program on, that deletes a path or that program knowledge
 * rates DESTRUCTIVE, SECURITY or FORBIDDEN. Judged as written: the relief a literal delete inside a temp
 * directory gets (scratch work) is not given to words a hidden program may consume.
 */
function destructiveCommand(
  words: readonly string[],
  skills: readonly SkillEntry[],
  analyzer: ShellAnalyzer,
): string | null {
  let tried = 0;
  for (let i = 0; i < words.length && tried < MAX_CANDIDATES; i++) {
    // An assignment's value may be the program (`p=shred`); a path names its last segment.
    // A debugger's or editor's shell escape names it after `!` (`r2 -qc '!rm -rf ~/.ssh'`, docs/adr/0637).
    const program =
      words[i]!.replace(/^[A-Za-z_][A-Za-z0-9_]*=/, "")
        .replace(/^!+/, "")
        .split("/")
        .pop() ?? "";
    if (!/^[A-Za-z0-9][A-Za-z0-9._+-]*$/.test(program) || programKnowledge(program) === undefined) continue;
    tried++;
    const text = [program, ...words.slice(i + 1, i + 1 + MAX_FOLLOWING)].join(" ");
    const shell = analyzer.analyze(text);
    // Words that do not read as a command of their own say nothing about intent.
    if (shell.findings.some((f) => f.kind === "unanalysable" || f.kind === "executes-unknown-code")) continue;
    const found = destructiveIn(shell.commands, skills);
    if (found !== null) return `its words spell ${found}`;
  }
  return null;
}

function pathLike(word: string): boolean {
  return !word.startsWith("-") && !word.includes("://") && /[/.~]/.test(word);
}
