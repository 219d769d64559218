/**
 * Shell command lines inside interpreter code (`os.system("rm -rf x")`, `system('rm', '-rf', x)`,
 * backticks, `qx(...)`). String literals are found in ONE linear pass; each is then checked against a
 * short window of text before it. No regex runs over the whole code with nested quantifiers: code
 * strings come from the agent and must not be able to stall the hook (ReDoS).
 */
import type { Language } from "./interpreters.ts";

interface Literal {
  readonly start: number;
  /** Index after the closing quote. */
  readonly end: number;
  readonly quote: string;
  readonly value: string;
}

/** Calls whose first string argument is a shell command line (or argv), matched at the end of a window. */
const CALL_BEFORE: Readonly<Record<Language, RegExp>> = {
  // pty.spawn(argv) too (docs/adr/0412), and asyncio's subprocess starters (docs/adr/0637).
  python:
    /\b(?:system|popen|run|call|Popen|check_output|check_call|getoutput|getstatusoutput|spawn|create_subprocess_shell|create_subprocess_exec)\s*\(\s*([[(]\s*)?$/,
  // Bun.spawn(argv), Bun.spawn({cmd: argv}), execa, and Deno's new Command(PROGRAM, {args: [...]}) (docs/adr/0412).
  javascript:
    /\b(?:execSync|exec|spawnSync|spawn|execFileSync|execFile|execa|execaSync|execaCommand|execaCommandSync|Command)\s*\(\s*(?:\{\s*cmd\s*:\s*)?(\[\s*)?$/,
  // Open3's capture/popen family, Kernel.system, and argv lists (IO.popen(["rm", "-rf", x])) (docs/adr/0412).
  ruby: /(?:\b(?:system|exec|spawn)|\bIO\s*\.\s*popen|\bOpen3\s*\.\s*\w+)\s*\(?\s*(\[\s*)?$/,
  // readpipe is qx// as a function (docs/adr/0637).
  perl: /\b(?:system|exec|readpipe)\s*\(?\s*$/,
  php: /\b(?:system|exec|shell_exec|passthru|popen|proc_open)\s*\(\s*$/,
  lua: /\b(?:os\s*\.\s*execute|io\s*\.\s*popen)\s*\(?\s*$/,
  awk: /(?:\bsystem\s*\(|\|)\s*$/,
};

/** String quotes per language; a backtick literal is itself a command in ruby, perl and php. */
const QUOTES: Readonly<Record<Language, string>> = {
  python: `'"`,
  javascript: "'\"`",
  ruby: "'\"`",
  perl: "'\"`",
  php: "'\"`",
  lua: `'"`,
  awk: `"`,
};

const COMMAND_BACKTICKS: ReadonlySet<Language> = new Set(["ruby", "perl", "php"]);
/**
 * Calls given the program's path, then its argv with argv[0] first (`os.posix_spawn('/bin/rm', ['rm', '-rf', p],
 * env)`, `os.execl(path, 'rm', …)`, `os.spawnlp(os.P_WAIT, 'rm', 'rm', …)`): the path runs with argv[1:].
 */
const PATH_THEN_ARGV: Readonly<Partial<Record<Language, RegExp>>> = {
  python: /\b(?:posix_spawnp?|exec[lv]p?e?|spawn[lv]p?e?)\s*\(\s*(?:[\w.]+\s*,\s*)?$/,
};
/** JavaScript's tagged command templates: Bun's and zx's `$\`cmd\``, `$.sync\`…\``, `$({cwd})\`…\`` (docs/adr/0412). */
const TAGGED_COMMAND = /(?:^|[^\w$.])(?:Bun\s*\.\s*)?\$(?:\s*\.\s*sync)?(?:\s*\(\s*\{[^{}]*\}\s*\))?\s*$/;
/** A shell reading its program from stdin: what is written to it is the code it runs. */
const STDIN_SHELL = /^(?:\S*\/)?(?:sh|bash|zsh|dash|ksh|ash)(?:\s+-[silx]+)*\s*$/;
const WINDOW = 60;
/** An unparenthesised `>`/`>>` in a print statement is an output redirect in awk, never a comparison. */
const AWK_OUTPUT = /\bprintf?\b([^;{}\n]*?)(>>?)\s*$/;

/** Every parenthesis opened is closed: the `>` after it is outside them (`print (a > b)` compares). */
function balanced(text: string): boolean {
  let depth = 0;
  for (const ch of text) depth += ch === "(" ? 1 : ch === ")" ? -1 : 0;
  return depth === 0;
}

export function embeddedShellCommands(language: Language, code: string): string[] {
  const lits = literals(code, QUOTES[language]);
  const out: string[] = [];
  for (let i = 0; i < lits.length; i++) {
    const lit = lits[i]!;
    if (lit.quote === "`" && COMMAND_BACKTICKS.has(language)) {
      out.push(lit.value);
      continue;
    }
    const window = code.slice(Math.max(0, lit.start - WINDOW), lit.start);
    if (language === "javascript" && lit.quote === "`" && TAGGED_COMMAND.test(window)) {
      out.push(lit.value);
      continue;
    }
    const pathArgv = PATH_THEN_ARGV[language]?.test(window) === true;
    const pipe = pathArgv ? null : pipeOpen(language, code, window, { lits, i });
    if (pipe !== null) {
      out.push(pipe.line);
      i += pipe.used - 1;
      continue;
    }
    if (pathArgv) {
      const argv = listAfter(code, lits, i);
      out.push(quoteWords([lit, ...argv.slice(1)]));
      i += argv.length;
      continue;
    }
    // awk's `print > "file"` and `printf … >> "file"` write that file, as the shell's redirects do.
    const redirect = language === "awk" ? AWK_OUTPUT.exec(window) : null;
    if (redirect !== null && balanced(redirect[1]!)) {
      out.push(`printf '' ${redirect[2]} '${lit.value.replace(/'/g, `'\\''`)}'`);
      continue;
    }
    const before = CALL_BEFORE[language].exec(window);
    const getline = language === "awk" && /^\s*\|\s*getline/.test(code.slice(lit.end, lit.end + WINDOW));
    if (before === null && !getline) continue;
    // Following literals joined by commas (or `, [` in JavaScript's spawn, `, {args: [` in Deno's Command) are
    // more argv words. Python's popen(cmd, 'w') and ruby's IO.popen(cmd, 'w') take a mode, not an argument.
    const argv = [lit];
    const list = before?.[1] !== undefined;
    for (let j = i + 1; j < lits.length && language !== "awk" && language !== "lua"; j++) {
      const gap = code.slice(lits[j - 1]!.end, lits[j]!.start);
      const jsList = language === "javascript" && j === i + 1 && /^\s*,\s*(?:\{\s*args\s*:\s*)?\[\s*$/.test(gap);
      if (!/^\s*,\s*$/.test(gap) && !jsList) break;
      if (!list && j === i + 1 && /popen\s*\(?\s*$/.test(window) && /^[rwab+]{1,3}$/.test(lits[j]!.value)) break;
      argv.push(lits[j]!);
    }
    i += argv.length - 1;
    // A shell opened for writing runs what the code writes to it (`os.popen('sh', 'w').write('rm -rf ~')`).
    const mode = /popen\s*\(?\s*$/.test(window) ? modeAfter(code, lits, i) : null;
    // So does a bare shell spawned with input (`run(['sh'], input='…')`), or with none: it reads what it is given,
    // which the text does not show (`pty.spawn('/bin/sh')`, the shell of a reverse-shell upgrade).
    const opened = mode === null ? language !== "awk" && language !== "lua" : /[wa+]/.test(mode);
    if (argv.length === 1 && opened && STDIN_SHELL.test(lit.value)) out.push(fedShell(lit.value, code, lits, i + 1));
    else if (argv.length === 1 && !list) out.push(lit.value);
    else out.push(quoteWords(argv));
  }
  out.push(...delimited(code, language));
  return out;
}

function quoteWords(words: readonly Literal[]): string {
  return words.map((a) => `'${a.value.replace(/'/g, `'\\''`)}'`).join(" ");
}

/** The literals of the argv list (or argument run) right after literal i: `, ['rm', '-rf', p]` or `, 'rm', '-rf'`. */
function listAfter(code: string, lits: readonly Literal[], i: number): Literal[] {
  const out: Literal[] = [];
  for (let j = i + 1; j < lits.length; j++) {
    const gap = code.slice(lits[j - 1]!.end, lits[j]!.start);
    if (!(/^\s*,\s*$/.test(gap) || (j === i + 1 && /^\s*,\s*[[(]\s*$/.test(gap)))) break;
    out.push(lits[j]!);
  }
  return out;
}

/** The mode literal given right after literal i (`popen('sh', 'w')`), or null. */
function modeAfter(code: string, lits: readonly Literal[], i: number): string | null {
  const next = lits[i + 1];
  if (next === undefined || !/^\s*,\s*$/.test(code.slice(lits[i]!.end, next.start))) return null;
  return /^[rwab+]{1,3}$/.test(next.value) ? next.value : null;
}

/**
 * A shell fed the text the code writes after opening it (`print P "rm -rf ~"`, `.write('…')`, `puts`): that text, when
 * every write is a literal, piped into the shell (so it is analysed as the code it is); otherwise an unread stream
 * piped into it, which is unknown code (docs/adr/0412).
 */
function fedShell(shell: string, code: string, lits: readonly Literal[], from: number): string {
  const written: string[] = [];
  const rest = code.slice(lits[from - 1]?.end ?? 0);
  const writes = [...rest.matchAll(/\b(?:print|printf|say|puts|write|syswrite|communicate)\b|\binput\s*=/g)].length;
  for (let j = from; j < lits.length; j++) {
    const before = code.slice(Math.max(lits[from - 1]?.end ?? 0, lits[j]!.start - WINDOW), lits[j]!.start);
    if (/(?:\b(?:print|printf|say|puts|write|syswrite|communicate)\b|\binput\s*=)[^;\n]*$/.test(before))
      written.push(lits[j]!.value);
  }
  const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
  if (writes === 0 || written.length < writes) return `cat | ${shell}`;
  return `printf '%s\\n' ${written.map(q).join(" ")} | ${shell}`;
}

/** What a pipe open runs, and how many literals it took. */
interface PipeOpen {
  readonly used: number;
  readonly line: string;
}

/**
 * Opens of a command (docs/adr/0412): perl's `open(FH, "|cmd")`, `open(FH, "cmd|")`, `open(FH, "|-", PROG, ARGS…)`,
 * `open(FH, "-|", PROG, ARGS…)`; ruby's `open("|cmd")`. A command opened for writing that is a shell runs the text
 * written to it.
 */
function pipeOpen(
  language: Language,
  code: string,
  window: string,
  at: { readonly lits: readonly Literal[]; readonly i: number },
): PipeOpen | null {
  const { lits, i } = at;
  const lit = lits[i]!;
  if (language === "ruby") {
    const m = /^\s*\|\s*(.+)$/s.exec(lit.value);
    if (m === null || !/(?:\bKernel\s*\.\s*|\bURI\s*\.\s*|[^.\w]|^)open\s*\(?\s*$/.test(window)) return null;
    return { used: 1, line: STDIN_SHELL.test(m[1]!) ? fedShell(m[1]!, code, lits, i + 1) : m[1]! };
  }
  if (language !== "perl" || !/\bopen\s*\(?\s*(?:my\s+)?[$*]?\w+\s*,\s*$/.test(window)) return null;
  const v = lit.value.trim();
  if (v === "|-" || v === "-|") {
    const argv = listAfter(code, lits, i);
    if (argv.length === 0) return { used: 1, line: ":" }; // a fork-open: the script talks to its own child
    const fed = v === "|-" && argv.length === 1 && STDIN_SHELL.test(argv[0]!.value);
    return { used: 1 + argv.length, line: fed ? fedShell(argv[0]!.value, code, lits, i + 2) : quoteWords(argv) };
  }
  const write = /^\|\s*(.+)$/s.exec(v);
  if (write !== null)
    return { used: 1, line: STDIN_SHELL.test(write[1]!) ? fedShell(write[1]!, code, lits, i + 1) : write[1]! };
  const read = /^(.+?)\s*\|$/s.exec(v);
  return read === null ? null : { used: 1, line: read[1]! };
}

/** Every string literal in order, in one pass; an unterminated literal ends the scan. */
function literals(code: string, quotes: string): Literal[] {
  const out: Literal[] = [];
  let i = 0;
  while (i < code.length) {
    const quote = code[i]!;
    if (!quotes.includes(quote)) {
      i++;
      continue;
    }
    let j = i + 1;
    let value = "";
    while (j < code.length && code[j] !== quote) {
      if (code[j] === "\\" && j + 1 < code.length) {
        const ch = code[j + 1]!;
        value += ch === "n" ? "\n" : ch === "t" ? "\t" : ch;
        j += 2;
      } else value += code[j++];
    }
    if (j >= code.length) break;
    out.push({ start: i, end: j + 1, quote, value });
    i = j + 1;
  }
  return out;
}

/** `qx(...)`, `qx{...}` (perl) and `%x(...)` (ruby); one indexOf per opener, and none after a miss. */
function delimited(code: string, language: Language): string[] {
  const opener = language === "perl" ? /\bqx\s*([({])/g : language === "ruby" ? /%x([({])/g : null;
  if (opener === null) return [];
  const out: string[] = [];
  for (const m of code.matchAll(opener)) {
    const start = m.index + m[0].length;
    const end = code.indexOf(m[1] === "(" ? ")" : "}", start);
    if (end < 0) break; // no closer anywhere after: none of the later openers can close either
    out.push(code.slice(start, end));
  }
  return out;
}
