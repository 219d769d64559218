import { ownEntry } from "../../core/index.ts";
/**
 * Shell command lines that a program carries in an option's value and runs itself (docs/adr/0202): rsync's
 * remote shell (`-e 'sh -c …'`), ssh's `ProxyCommand`, git's `--upload-pack`, tar's checkpoint actions and
 * compressors, zip's test command, man's pager, less's `+!`, gdb's `shell`. The value is a command line like any
 * other, so it is analysed as bash where it is found: the program stays the command it is, and the line runs too.
 */
import type { Word } from "./words.ts";
import { fdSelection } from "./fd-selection.ts";
import { makeEvalEffects, makeEvalTexts } from "./make-directives.ts";

export interface CarriedCommand {
  readonly label: string;
  readonly code: Word;
  /** Found by the option's name alone (ADR 0503): a wrapper's peel already reads its own such options. */
  readonly byName?: true;
}

/** One option whose value a program runs; `pick` turns the value into the command line, or null (not a command). */
interface Carrier {
  /** Whole option words: `--rsh`, `-o`, `-TT`, `-ex` (also glued `-oX`, `--rsh=X`). */
  readonly names: readonly string[];
  /** Value-taking letters that may end a short cluster: rsync's `-avze 'ssh -p 2'`. */
  readonly cluster?: string;
  /** Only after this subcommand (the first operand): git's `clone -u`. */
  readonly sub?: readonly string[];
  readonly pick?: (value: string) => string | null;
  /** The value is optional, so only an attached one counts (`man -Hfirefox`, `--html=firefox`). */
  readonly glued?: true;
  /** Operands `ext::CMD` are command lines (git's ext transport). */
  readonly ext?: true;
}

/** `ProxyCommand=cmd`, `ProxyCommand cmd` in an `-o` value (also LocalCommand, KnownHostsCommand); `none` runs nothing. */
function sshCommand(value: string): string | null {
  const m = /^\s*(?:proxycommand|localcommand|knownhostscommand)\s*(?:=|\s)\s*(.*)$/is.exec(value);
  return m === null || /^none$/i.test(m[1]!.trim()) ? null : m[1]!;
}

/**
 * gcc's `-wrapper PROG,ARG,…` runs PROG with those words before every step it starts (`-wrapper gdb,--args`,
 * docs/adr/0753): the words, split at the commas and each taken literally, are a command line.
 */
function commaWords(value: string): string {
  return value
    .split(",")
    .map((w) => `'${w.replaceAll("'", "'\\''")}'`)
    .join(" ");
}
const GCC: readonly Carrier[] = [{ names: ["-wrapper"], pick: commaWords }];

/** ssh arguments passed on by another tool (`--ssh-common-args '-o ProxyCommand="…"'`): the command lines among them. */
function sshArgsCommand(value: string): string | null {
  const m =
    /(?:proxycommand|localcommand|knownhostscommand)\s*(?:=|\s)\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+))/i.exec(value);
  if (m === null) return null;
  const line = m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : (m[2] ?? m[3] ?? "");
  return /^none$/i.test(line.trim()) ? null : line;
}
const ANSIBLE_SSH: readonly Carrier[] = [
  { names: ["--ssh-common-args", "--ssh-extra-args", "--scp-extra-args", "--sftp-extra-args"], pick: sshArgsCommand },
];

/** `$(which NAME)`, `$(command -v NAME)` or their backquoted spelling: the installed program NAME. */
export const PATH_LOOKUP = /^(?:\$\(|`)\s*(?:which|command\s+-v)\s+[\w.+-]+\s*(?:\)|`)$/;

/** A program's value that is the installed program looked up on the PATH runs what its name would: no line to read. */
const installedOrLine = (value: string): string | null => (PATH_LOOKUP.test(value.trim()) ? null : value);

const CARRIERS: Readonly<Record<string, readonly Carrier[]>> = {
  // The AWS CDK runs its app and build commands through a shell (`--app 'npx ts-node bin/app.ts'`, docs/adr/0814).
  cdk: [{ names: ["-a", "--app", "--build"] }],
  ansible: ANSIBLE_SSH,
  "ansible-playbook": ANSIBLE_SSH,
  gcc: GCC,
  "g++": GCC,
  cc: GCC,
  "c++": GCC,
  rsync: [{ names: ["-e", "--rsh", "--rsync-path"], cluster: "e" }],
  ssh: [{ names: ["-o"], pick: sshCommand }],
  scp: [{ names: ["-o"], pick: sshCommand }, { names: ["-S"] }],
  sftp: [{ names: ["-o"], pick: sshCommand }, { names: ["-S"] }],
  autossh: [{ names: ["-o"], pick: sshCommand }],
  git: [
    { names: ["--upload-pack", "--receive-pack", "--exec"] },
    { names: ["-u"], sub: ["clone"] },
    { names: ["-x"], sub: ["rebase"] },
    { names: ["-x", "--extcmd"], sub: ["difftool"] },
    { names: ["-O", "--open-files-in-pager"], sub: ["grep"] },
    // git's ext:: transport runs its URL as a command (`%` followed by a blank is a literal blank).
    { names: [], sub: ["clone", "fetch", "pull", "ls-remote", "push", "submodule"], ext: true },
  ],
  tcpdump: [{ names: ["-z"] }],
  // go runs `-toolexec` around every compiler and linker step and `-vettool` as vet: each value is a command line
  // (`-toolexec='sh /tmp/x'`), split by go into its words (docs/adr/0866). `go test -exec` is a peel (runners.ts).
  go: [
    { names: ["-toolexec", "--toolexec"], pick: installedOrLine },
    { names: ["-vettool", "--vettool"], pick: installedOrLine },
  ],
  npm: [{ names: ["--script-shell"] }],
  pnpm: [{ names: ["--script-shell"] }],
  tar: [
    { names: ["--checkpoint-action"], pick: (v) => /^exec=(.*)$/s.exec(v)?.[1] ?? null },
    { names: ["--use-compress-program", "-I", "--to-command", "--info-script", "--new-volume-script", "-F"] },
    { names: ["--rsh-command"] },
  ],
  zip: [{ names: ["-TT", "--unzip-command"] }],
  man: [{ names: ["-P", "--pager"] }, { names: ["--html", "-H"], glued: true }],
  wget: [{ names: ["--use-askpass"] }],
  // Runners that take a command line as an option's value (docs/adr/0433): hyperfine's set-up and clean-up
  // commands, `deno task --eval`, tox's overridden `commands`.
  hyperfine: [{ names: ["-p", "--prepare", "-c", "--cleanup", "-s", "--setup", "--conclude"] }],
  deno: [{ names: ["--eval"], sub: ["task"] }],
  tox: [{ names: ["-x", "--override"], pick: toxCommands }],
  // lldb's `platform shell CMD` (and `shell`), run by `-o`/`-O`/`-k` commands (docs/adr/0503).
  lldb: [
    {
      names: ["-o", "--one-line", "-O", "--one-line-before-file", "-k", "--one-line-on-crash"],
      pick: (v) => /^\s*(?:platform\s+)?shell\s+(.*)$/s.exec(v)?.[1] ?? null,
    },
  ],
  // Mercurial's `--config alias.X=!CMD` is a shell alias, `--config hooks.NAME=CMD` a hook run by the command.
  hg: [
    {
      names: ["--config"],
      pick: (v) =>
        /^\s*alias\.[^=]+=\s*!(.*)$/s.exec(v)?.[1] ?? /^\s*hooks\.[^=]+=(?!\s*python:)(.*)$/s.exec(v)?.[1] ?? null,
    },
  ],
  // The pager of a viewer that only reads is a command line it runs (docs/adr/0711).
  bat: [{ names: ["--pager"] }],
  batcat: [{ names: ["--pager"] }],
  delta: [{ names: ["--pager"] }],
  // Ghostscript writes its output into a command: `-sOutputFile=%pipe%CMD`, `-o '|CMD'` (docs/adr/0711).
  gs: [{ names: ["-sOutputFile", "-o"], pick: (v) => /^\s*(?:%pipe%|\|)(.*)$/s.exec(v)?.[1] ?? null }],
  gdb: [
    {
      names: [
        "-ex",
        "--ex",
        "-eval-command",
        "--eval-command",
        "-iex",
        "--iex",
        "-init-eval-command",
        "--init-eval-command",
      ],
      // `shell CMD`, `!CMD`, and libc's system() called from gdb: `call (int)system("CMD")`, `print system("CMD")`.
      pick: (v) =>
        /^\s*(?:shell\s+|!)(.*)$/s.exec(v)?.[1] ??
        /^\s*(?:call|print|p)\s+(?:\(\s*\w+\s*\)\s*)?system\s*\(\s*"((?:[^"\\]|\\.)*)"\s*\)\s*$/s.exec(v)?.[1] ??
        null,
    },
  ],
};

/** The wrapper labels of carried command lines (`tcpdump -z`, `git --upload-pack`, `less +!`): a program's own hooks. */
export function isCarriedLabel(label: string): boolean {
  if (label === "less +!" || label.endsWith(" ext::")) return true;
  const space = label.indexOf(" ");
  const program = label.slice(0, space);
  return (
    space > 0 &&
    Object.hasOwn(CARRIERS, program) &&
    ownEntry(CARRIERS, program)!.some((c) => c.names[0] === label.slice(space + 1))
  );
}

/** Every command line the program's own options carry, in order. */
export function carriedCommands(program: string, args: readonly Word[]): CarriedCommand[] {
  const out: CarriedCommand[] = [];
  if (program === "less") {
    // `+CMD` runs a less command at start; `!CMD` is less's shell escape.
    for (const a of args) {
      if (a.value === "--") break;
      const m = /^\+{1,2}!(.*)$/s.exec(a.value);
      if (m !== null) out.push({ label: "less +!", code: { ...a, value: m[1]! } });
    }
    return out;
  }
  if (program === "git") out.push(...gitRunsCommand(args));
  if (program === "make" || program === "gmake") out.push(...makeShell(args));
  if (Object.hasOwn(OPERAND_RUNNERS, program)) out.push(...ownEntry(OPERAND_RUNNERS, program)!(args));
  if (!Object.hasOwn(CARRIERS, program)) return [...out, ...commandOptions(program, args)];
  const sub = args.find((a) => !a.value.startsWith("-"))?.value;
  for (const carrier of ownEntry(CARRIERS, program)!) {
    if (carrier.sub !== undefined && (sub === undefined || !carrier.sub.includes(sub))) continue;
    if (carrier.ext === true)
      for (const w of args)
        if (w.value.startsWith("ext::"))
          out.push({ label: `${program} ext::`, code: { ...w, value: extCommand(w.value.slice(5)) } });
    for (const value of optionValues(args, carrier)) {
      const line = carrier.pick === undefined ? value.value : carrier.pick(value.value);
      if (line !== null && line.trim() !== "")
        out.push({ label: `${program} ${carrier.names[0]}`, code: { ...value, value: line } });
    }
  }
  return out;
}

/**
 * Option names that say their value is a command, whatever the program (docs/adr/0503): `split --filter`, `rg
 * --pre`, `sort --compress-program`, `dpkg-buildpackage --hook-init`, `sbatch --wrap`, `--exec`, `--command`,
 * `--shell-command`. Programs with carriers of their own (rsync's `--filter` rules, git's `--filter=blob:none`)
 * are read by those; a value that is no command (`docker ps --filter status=exited`) reads as an assignment or an
 * unknown program and changes nothing.
 */
const COMMAND_OPTION =
  /^--(?:filter|pre|compress-program|use-compress-program|hook-[a-z-]+|exec|command|wrap|shell-command|run-command|pre-command|post-command)$/;

/** A value that opens with an SQL statement's keyword (ADR 0482 reads what it does). */
const SQL_STATEMENT =
  /^\s*(?:select|insert|update|delete|drop|create|alter|truncate|with|show|explain|grant|revoke|vacuum|analyze|copy|merge|begin)\s/i;

function commandOptions(program: string, args: readonly Word[]): CarriedCommand[] {
  const out: CarriedCommand[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w.value === "--") break;
    const eq = w.value.indexOf("=");
    const name = eq < 0 ? w.value : w.value.slice(0, eq);
    if (!COMMAND_OPTION.test(name)) continue;
    const value = eq < 0 ? args[++i] : { ...w, value: w.value.slice(eq + 1) };
    // The value must start like a command (`zcat`, `sh -c …`, `/tmp/x`): a query (`sourceRanges:0.0.0.0/0`,
    // `status=exited`, `name~prod`) is none.
    if (value === undefined || !/^\s*[\w./+-]+(?:\s|$)/.test(value.value) || value.value.trim().startsWith("-"))
      continue;
    // A statement is SQL, not a command line (`psql --command 'SELECT now()'`): the statement checks judge it.
    if (SQL_STATEMENT.test(value.value)) continue;
    const line = program === "split" ? splitFilter(value.value, args) : value.value;
    out.push({ label: `${program} ${name}`, code: { ...value, value: line }, byName: true });
  }
  return out;
}

/** split's options that take the next word as their value. */
const SPLIT_VALUED = new Set([
  ...["-a", "-b", "-C", "-l", "-n", "-t", "--filter", "--suffix-length", "--bytes", "--line-bytes", "--lines"],
  ...["--number", "--separator", "--additional-suffix"],
]);

/**
 * split's `--filter` line as it runs (docs/adr/0657): `$FILE` is the name of the part it writes, in the current
 * directory, and the line reads that part of split's input on its stdin, so `--filter=sh FILE` runs FILE as a
 * script. The input is the first operand; none, or `-`, is split's own stdin, left as it is.
 */
function splitFilter(filter: string, args: readonly Word[]): string {
  const line = filter.replace(/\$\{?FILE\}?/g, "split-part");
  let input: Word | undefined;
  for (let i = 0; i < args.length && input === undefined; i++) {
    const v = args[i]!.value;
    if (v === "--") input = args[i + 1];
    else if (SPLIT_VALUED.has(v)) i++;
    else if (!v.startsWith("-") || v === "-") input = args[i];
  }
  if (input === undefined || input.dynamic || input.value === "-") return line;
  return `{ ${line}\n} < '${input.value.replace(/'/g, `'\\''`)}'`;
}

/** The values given to a carrier's options: `--name=V`, `--name V`, `-x V`, `-xV`, and a cluster ending in its letter. */
function optionValues(args: readonly Word[], carrier: Carrier): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const v = w.value;
    if (v === "--") break;
    if (!v.startsWith("-")) continue;
    const next = carrier.glued === true ? undefined : args[i + 1];
    let found: Word | undefined;
    if (carrier.names.includes(v)) found = next;
    else {
      const eq = v.indexOf("=");
      const name = carrier.names.find(
        (n) =>
          (n.length > 2 && eq > 0 && v.slice(0, eq) === n) ||
          (n.length === 2 && !v.startsWith("--") && v.startsWith(n) && v.length > 2),
      );
      if (name !== undefined) found = { ...w, value: name.length > 2 ? v.slice(eq + 1) : v.slice(2) };
      else if (carrier.cluster !== undefined && /^-[A-Za-z]+$/.test(v) && carrier.cluster.includes(v.at(-1)!))
        found = next;
    }
    if (found !== undefined) {
      out.push(found);
      if (found === next) i++;
    }
  }
  return out;
}

/** ed and ex read their commands on stdin: `!cmd`, `r !cmd`, `w !cmd` run a shell command line. */
export const LINE_EDITORS: ReadonlySet<string> = new Set(["ed", "ex"]);

/** The shell command lines an ed/ex script runs. */
export function editorScriptCommands(script: string): string[] {
  const out: string[] = [];
  for (const line of script.split("\n")) {
    const m = /^[\s:]*[\d.,$;+%-]*\s*(?:(?:r|w|W|e|E|read|write|edit)\s*)?!(.*)$/.exec(line);
    if (m !== null && m[1]!.trim() !== "") out.push(m[1]!);
  }
  return out;
}

/** The shell command lines m4 text runs: `syscmd(CMD)` and `esyscmd(CMD)`, with one level of nested parentheses. */
export function m4Commands(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\be?syscmd\s*\(((?:[^()]|\([^()]*\))*)\)/g)) {
    const line = m[1]!.replace(/^`(.*)'$/s, "$1");
    if (line.trim() !== "") out.push(line);
  }
  return out;
}

/**
 * The recipes of makefile text, as one shell script: tab-indented lines (their `@`, `-`, `+` prefixes dropped)
 * and the command after `target: prerequisites ;`. `$$` is make's spelling of `$`; a `$(VAR)` stays, and reads
 * as the substitution nobody can resolve here.
 */
export function makeRecipes(text: string): string {
  const lines = text.replace(/\\\n/g, " ").split("\n");
  const out: string[] = [];
  for (const line of lines) {
    if (line.startsWith("\t")) out.push(line.slice(1).replace(/^[@+\-\s]+/, ""));
    else {
      const m = /^[^\t=#:]+:(?![:=])[^;=]*;(.*)$/.exec(line);
      if (m !== null) out.push(m[1]!.replace(/^[@+\-\s]+/, ""));
    }
  }
  // `$(shell CMD)` runs CMD wherever the text is read: an assignment, a condition, a rule (docs/adr/0433).
  for (const m of text.matchAll(/\$[({]shell\s+((?:[^()]|\([^()]*\))*)[)}]/g)) out.push(m[1]!);
  return out
    .filter((l) => l.trim() !== "")
    .map((l) => l.replace(/\$\$/g, "$"))
    .join("\n");
}

/** tox's `-x testenv.commands=…` (also `commands_pre`/`_post`, `tox.…`): the line, `{env:NAME}` read as `$NAME`. */
function toxCommands(value: string): string | null {
  const m = /^\s*(?:testenv|tox)[^=]*\.commands(?:_pre|_post)?\s*[+]?=(.*)$/is.exec(value);
  if (m === null) return null;
  return m[1]!.replace(/\{env:([A-Za-z_]\w*)(?::[^}]*)?\}/g, "$$$1").replace(/\{posargs(?::[^}]*)?\}/g, "");
}

/** Words as one bash line, each quoted as the argv word it is. */
function argvLine(words: readonly Word[]): Word {
  const quote = (v: string): string => `'${v.replace(/'/g, `'\\''`)}'`;
  return {
    value: words.map((w) => quote(w.value)).join(" "),
    dynamic: words.some((w) => w.dynamic),
    raw: words.map((w) => w.raw).join(" "),
  };
}

/** The operands after a runner's options: `--` ends them; `valued` options take the next word. */
function operandsAfter(args: readonly Word[], valued: ReadonlySet<string>): Word[] {
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === "--") return args.slice(i + 1);
    if (!v.startsWith("-") || v === "-") return args.slice(i);
    if (valued.has(v)) i++;
  }
  return [];
}

const HYPERFINE_VALUED = new Set([
  "-w",
  "--warmup",
  "-m",
  "--min-runs",
  "-M",
  "--max-runs",
  "-r",
  "--runs",
  "-p",
  "--prepare",
  "-c",
  "--cleanup",
  "-s",
  "--setup",
  "--conclude",
  "-S",
  "--shell",
  "-u",
  "--time-unit",
  "--export-asciidoc",
  "--export-csv",
  "--export-json",
  "--export-markdown",
  "--export-orgmode",
  "--style",
  "--output",
  "--input",
  "-n",
  "--command-name",
  "--sort",
  "--reference",
  "--min-benchmarking-time",
]);
const WATCHEXEC_VALUED = new Set([
  "-w",
  "--watch",
  "-W",
  "--watch-non-recursive",
  "-F",
  "--watch-file",
  "-e",
  "--exts",
  "-f",
  "--filter",
  "--filter-file",
  "-j",
  "--filter-prog",
  "-i",
  "--ignore",
  "--ignore-file",
  "-s",
  "--signal",
  "--stop-signal",
  "--stop-timeout",
  "-d",
  "--debounce",
  "--delay-run",
  "--poll",
  "--shell",
  "-E",
  "--env",
  "--workdir",
  "--project-origin",
  "--emit-events-to",
  "--on-busy-update",
  "--wrap-process",
  "--color",
  "--log-file",
  "--timeout",
]);

/** ImageMagick's and GraphicsMagick's programs: a file name that starts with `|` is a command they run. */
const IMAGEMAGICK = [
  ...["magick", "convert", "identify", "mogrify", "composite", "montage", "compare", "display", "animate"],
  ...["import", "stream", "conjure", "gm"],
];

/** Every word that is a pipe for ImageMagick (`identify '|cmd'`, `convert x.png '|cmd'`), as the command it runs. */
function magickPipes(args: readonly Word[]): CarriedCommand[] {
  return args.flatMap((w) =>
    w.value.startsWith("|") && w.value.length > 1
      ? [{ label: "magick |", code: { ...w, value: w.value.slice(1) } }]
      : [],
  );
}

/**
 * Runners whose operands are commands (docs/adr/0433): every hyperfine operand is a command line; watchexec's
 * operands are one, run by a shell; fd's `-x`/`-X` words are an argv run for each result (`{}` or, when no
 * placeholder is given, the result appended: what fd selected, docs/adr/0685, else a path nobody knows); maven's
 * exec plugin runs `exec.executable` with `exec.args`.
 */
const OPERAND_RUNNERS: Readonly<Record<string, (args: readonly Word[]) => CarriedCommand[]>> = {
  ...Object.fromEntries(IMAGEMAGICK.map((program) => [program, magickPipes])),
  hyperfine: (args) =>
    operandsAfter(args, HYPERFINE_VALUED)
      .filter((w) => w.value.trim() !== "")
      .map((code) => ({ label: "hyperfine", code })),
  watchexec(args) {
    const words = operandsAfter(args, WATCHEXEC_VALUED);
    if (words.length === 0) return [];
    // Its shell gets the words joined; with `--shell=none` they are an argv. Both readings are judged.
    const joined: Word = {
      value: words.map((w) => w.value).join(" "),
      dynamic: words.some((w) => w.dynamic),
      raw: words.map((w) => w.raw).join(" "),
    };
    const argv = argvLine(words);
    return words.length === 1
      ? [{ label: "watchexec", code: joined }]
      : [
          { label: "watchexec", code: argv },
          { label: "watchexec", code: joined },
        ];
  },
  fd: fdExec,
  fdfind: fdExec,
  mvn: mavenExec,
  mvnw: mavenExec,
};

function fdExec(args: readonly Word[]): CarriedCommand[] {
  const at = args.findIndex((w) => /^(?:-x|-X|--exec|--exec-batch)$/.test(w.value));
  if (at < 0 || at + 1 >= args.length) return [];
  const words = args.slice(at + 1);
  // A whole `{}`, or the result appended, is a file fd selected: that glob when it can be said (docs/adr/0685).
  const selection = fdSelection(args.slice(0, at));
  const result = selection === null ? `"$fd_result"` : `'${selection}'`;
  const placeholder = /\{(?:\/\/|\/\.|\/|\.)?\}/g;
  const quoted = argvLine(
    words.map((w) => ({ ...w, value: w.value === "{}" ? "\u0001" : w.value.replace(placeholder, "\u0000") })),
  );
  const hasPlaceholder = /[\u0000\u0001]/.test(quoted.value);
  const value =
    quoted.value.replace(/'\u0001'|\u0001/g, result).replace(/\u0000/g, `'"$fd_result"'`) +
    (hasPlaceholder ? "" : ` ${result}`);
  return [{ label: `fd ${args[at]!.value}`, code: { ...quoted, value } }];
}

function mavenExec(args: readonly Word[]): CarriedCommand[] {
  const property = (name: string): Word | undefined => {
    const w = args.find((a) => a.value.startsWith(`-D${name}=`));
    return w === undefined ? undefined : { ...w, value: w.value.slice(name.length + 3) };
  };
  const exe = property("exec.executable");
  if (exe === undefined || !args.some((a) => /^(?:[\w.:-]*:)?exec(?::exec)?$/.test(a.value))) return [];
  const rest = property("exec.args");
  const code: Word = {
    value: `${argvLine([exe]).value}${rest === undefined ? "" : ` ${rest.value}`}`,
    dynamic: exe.dynamic || rest?.dynamic === true,
    raw: `${exe.raw} ${rest?.raw ?? ""}`,
  };
  return [{ label: "mvn exec", code }];
}

/** make's makefiles named by `-f`/`--file`/`--makefile` (null: none named, the directory's own is read). */
export function makefilesNamed(args: readonly Word[]): Word[] | null {
  const out: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === "-f" || v === "--file" || v === "--makefile" || /^-[a-eg-zA-Z]+f$/.test(v)) {
      // tree-sitter-bash drops the `-` of `make -f - <<'E'`: a trailing -f can only have been given stdin.
      out.push(args[i + 1] !== undefined ? args[++i]! : { ...args[i]!, value: "-" });
    } else if (/^--(?:file|makefile)=/.test(v)) out.push({ ...args[i]!, value: v.slice(v.indexOf("=") + 1) });
    else if (/^-f./.test(v)) out.push({ ...args[i]!, value: v.slice(2) });
  }
  return out.length === 0 ? null : out;
}

/** make's `--eval=TEXT`/`-E TEXT`: makefile text given on the command line. */
export function makeEvals(args: readonly Word[]): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === "--eval" || v === "-E") {
      if (args[i + 1] !== undefined) out.push(args[++i]!);
    } else if (v.startsWith("--eval=")) out.push({ ...args[i]!, value: v.slice("--eval=".length) });
  }
  return out;
}

/** `git bisect run CMD…` runs the command at each step; `git submodule foreach [--recursive] LINE…` in each submodule. */
function gitRunsCommand(args: readonly Word[]): CarriedCommand[] {
  const operands = args.filter((w) => !w.value.startsWith("-"));
  const at = (first: string, second: string): number =>
    operands[0]?.value === first && operands[1]?.value === second ? args.indexOf(operands[1]) + 1 : -1;
  const bisect = at("bisect", "run");
  const foreach = at("submodule", "foreach");
  const start = bisect >= 0 ? bisect : foreach;
  if (start < 0) return [];
  let words = args.slice(start);
  while (words[0]?.value.startsWith("-") === true) words = words.slice(1);
  if (words.length === 0) return [];
  // bisect run takes an argv (each word stays one word); submodule foreach joins its words into a shell line.
  const quote = (v: string): string => `'${v.replace(/'/g, `'\\''`)}'`;
  const code: Word = {
    value: words.map((w) => (bisect >= 0 ? quote(w.value) : w.value)).join(" "),
    dynamic: words.some((w) => w.dynamic),
    raw: words.map((w) => w.raw).join(" "),
  };
  return [{ label: bisect >= 0 ? "git bisect run" : "git submodule foreach", code }];
}

/** git's `ext::` command: words split at blanks, `% ` a literal blank and `%%` a percent sign; quoted for bash. */
function extCommand(text: string): string {
  const words: string[] = [];
  let word = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "%" && i + 1 < text.length) word += text[++i]!;
    else if (ch === " ") {
      if (word !== "") words.push(word);
      word = "";
    } else word += ch;
  }
  if (word !== "") words.push(word);
  return words.map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(" ");
}

/**
 * make runs every recipe as `$(SHELL) $(.SHELLFLAGS) RECIPE` (docs/adr/0292): `SHELL=PROG` on the command line
 * makes PROG run each recipe, and `.SHELLFLAGS='-c CODE;'` puts code before it. The program is analysed as a
 * command, the flags' text past its leading options as bash (wider than what runs, so it fails closed).
 */
function makeShell(args: readonly Word[]): CarriedCommand[] {
  const out: CarriedCommand[] = [];
  for (const a of args) {
    const m = /^(SHELL|\.SHELLFLAGS)\s*[:?+]?=(.*)$/s.exec(a.value);
    if (m === null) continue;
    const value = m[1] === "SHELL" ? m[2]! : m[2]!.replace(/^\s*(?:-\S*\s*)*/, "");
    if (value.trim() !== "") out.push({ label: `make ${m[1]}=`, code: { ...a, value } });
  }
  // Text given to `--eval` is a makefile line: its `$(shell CMD)` and `VAR != CMD` run CMD (docs/adr/0868).
  for (const text of makeEvalTexts(args.map((a) => a.value)))
    for (const line of makeEvalEffects(text).commands)
      out.push({ label: "make --eval", code: { value: line, dynamic: false, raw: line } });
  return out;
}
