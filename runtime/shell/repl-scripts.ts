import { ownEntry } from "../../core/index.ts";
/**
 * Programs whose script, given on the command line or fed on stdin, can run shell commands (docs/adr/0413): the
 * `!cmd` escape of ftp, sftp, lftp and dc, gnuplot's `system "cmd"`, `!cmd`, backquotes and `"< cmd"` files, the
 * JVM REPLs' `Runtime.exec`/`ProcessBuilder` (jshell, jrunscript, kotlinc, groovysh), octave's and MATLAB's
 * `system`/`unix`. The text is known here (an option, a heredoc, a here-string, a literal `echo … |`), so the
 * commands it runs are pulled out and analysed as bash. A door given a command line nobody can read (a variable,
 * a string built at run time) is reported, so the caller gates it; an endless loop starting threads is a bomb.
 *
 * One linear pass per scan over code that comes from the agent; no nested quantifiers.
 */
import { resourceBomb } from "./code-effects.ts";
import type { Word } from "./words.ts";

type Family = "bang" | "dc" | "gnuplot" | "jvm" | "octave";

interface ReplSpec {
  readonly family: Family;
  /** Options whose value is script text. */
  readonly code?: RegExp;
  /** Options that take a value (skipped when looking for a script file operand). */
  readonly values?: string;
  /** A non-option operand is a script file (`gnuplot plot.gp`); otherwise it is a host (`ftp HOST`). */
  readonly scriptOperand: boolean;
  /** Options that name a script file (`sftp -b FILE`, `lftp -f FILE`): stdin is then not the script, unless `-`. */
  readonly file?: RegExp;
}

const REPLS: Readonly<Record<string, ReplSpec>> = {
  ftp: { family: "bang", scriptOperand: false, values: "PpsT" },
  pftp: { family: "bang", scriptOperand: false },
  tnftp: { family: "bang", scriptOperand: false },
  sftp: { family: "bang", scriptOperand: false, values: "BbcDFiJloPRSsX", file: /^-b$/ },
  lftp: { family: "bang", code: /^-[ce]$/, scriptOperand: false, values: "pupf", file: /^-f$/ },
  dc: { family: "dc", code: /^(?:-e|--expression)$/, scriptOperand: true, file: /^(?:-f|--file)$/ },
  gnuplot: { family: "gnuplot", code: /^(?:-e|--eval)$/, scriptOperand: true },
  jshell: { family: "jvm", scriptOperand: true, values: "CR" },
  jrunscript: { family: "jvm", code: /^-e$/, scriptOperand: true, values: "fl" },
  kotlinc: { family: "jvm", code: /^-(?:e|expression|script)$/, scriptOperand: true },
  "kotlinc-jvm": { family: "jvm", code: /^-(?:e|expression)$/, scriptOperand: true },
  kotlin: { family: "jvm", code: /^-(?:e|expression)$/, scriptOperand: true },
  groovysh: { family: "jvm", scriptOperand: true },
  // groovy and scala run `-e` code (docs/adr/0494), with Java's doors to the shell and Java's allocations.
  groovy: { family: "jvm", code: /^-e$/, scriptOperand: true, values: "cD" },
  scala: { family: "jvm", code: /^-e$/, scriptOperand: true },
  octave: { family: "octave", code: /^--eval$/, scriptOperand: true },
  "octave-cli": { family: "octave", code: /^--eval$/, scriptOperand: true },
  matlab: { family: "octave", code: /^-(?:r|batch)$/, scriptOperand: false },
};

export interface ReplScript {
  /** Script text given in options (`gnuplot -e '…'`). */
  readonly inline: readonly Word[];
  /** The script is read on stdin (no script file given). */
  readonly readsStdin: boolean;
}

/** The script text this program is given on its command line, and whether it reads more on stdin; null when it is none of these. */
export function replScript(program: string, args: readonly Word[]): ReplScript | null {
  if (!Object.hasOwn(REPLS, program)) return null;
  const spec = ownEntry(REPLS, program)!;
  const inline: Word[] = [];
  let fromFile = false;
  let operand = false;
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (spec.code?.test(v) === true && args[i + 1] !== undefined) inline.push(args[++i]!);
    else if (spec.code !== undefined && /^--(?:eval|expression)=/.test(v))
      inline.push({ ...args[i]!, value: v.slice(v.indexOf("=") + 1) });
    else if (spec.file?.test(v) === true) fromFile = args[++i]?.value !== "-";
    else if (/^-[A-Za-z]$/.test(v) && spec.values?.includes(v[1]!) === true) i++;
    else if (!v.startsWith("-")) operand = true;
  }
  const scriptFile = spec.scriptOperand && operand;
  // A script given inline is all it runs, for those that run it and exit (octave --eval, kotlinc -e); ftp, lftp -e,
  // gnuplot -e and dc -e go on reading stdin.
  const exits = spec.family === "octave" || spec.family === "jvm" || program === "lftp";
  return { inline, readsStdin: !fromFile && !scriptFile && !(exits && inline.length > 0) };
}

export interface ReplReading {
  /** Shell command lines the script runs. */
  readonly commands: readonly string[];
  /** Why part of it cannot be read (a command line built at run time), or null. */
  readonly unreadable: string | null;
  /** A loop that starts threads or processes without end, or null. */
  readonly bomb: string | null;
}

/** The shell commands a script of this program runs. */
export function replCommands(program: string, text: string): ReplReading {
  const family = ownEntry(REPLS, program)?.family;
  switch (family) {
    case "bang":
      return plain(bangLines(text, /(?:^|;)\s*!(.*)$/));
    case "dc":
      // dc's `!<`, `!>`, `!=` compare; `!` followed by anything else runs the rest of the line.
      return plain(bangLines(text, /!(?![<>=])(.*)$/));
    case "gnuplot":
      return gnuplot(text);
    case "jvm":
      return jvm(text);
    case "octave":
      return octave(text);
    default:
      return plain([]);
  }
}

function plain(commands: readonly string[]): ReplReading {
  return { commands, unreadable: null, bomb: null };
}

function bangLines(text: string, escape: RegExp): string[] {
  const out: string[] = [];
  for (const line of text.split("\n")) {
    const m = escape.exec(line);
    if (m !== null && m[1]!.trim() !== "") out.push(m[1]!);
  }
  return out;
}

interface Literal {
  readonly start: number;
  readonly end: number;
  readonly quote: string;
  readonly value: string;
}

/** String literals in one pass (backslash escapes kept as the character). */
function literals(text: string, quotes: string): Literal[] {
  const out: Literal[] = [];
  let i = 0;
  while (i < text.length) {
    const q = text[i]!;
    if (!quotes.includes(q)) {
      i++;
      continue;
    }
    let j = i + 1;
    let value = "";
    while (j < text.length && text[j] !== q) {
      if (text[j] === "\\" && q !== "`" && j + 1 < text.length) {
        value += text[j + 1];
        j += 2;
      } else value += text[j++];
    }
    if (j >= text.length) break;
    out.push({ start: i, end: j + 1, quote: q, value });
    i = j + 1;
  }
  return out;
}

/** gnuplot: `!cmd` lines, `system "cmd"`/`system("cmd")`, backquoted commands, `"< cmd"` inputs and `"| cmd"` outputs. */
function gnuplot(text: string): ReplReading {
  const out = bangLines(text, /^\s*!(.*)$/);
  for (const lit of literals(text, `'"\``)) {
    const before = text.slice(Math.max(0, lit.start - 20), lit.start);
    if (lit.quote === "`") out.push(lit.value);
    else if (/\bsystem\s*\(?\s*$/.test(before)) out.push(lit.value);
    else if (/^\s*[<|]/.test(lit.value)) out.push(lit.value.replace(/^\s*[<|]\s*/, ""));
  }
  const built = /\bsystem\s*\(?\s*[^\s("'`]/.test(text)
    ? "gnuplot's system is given a command line built at run time"
    : null;
  return { commands: out, unreadable: built, bomb: null };
}

/** octave and MATLAB: `system('cmd')`, `unix`, `shell_cmd`, `dos`; a door given anything but a literal is unreadable. */
function octave(text: string): ReplReading {
  const out: string[] = [];
  for (const lit of literals(text, `'"`)) {
    if (/\b(?:system|unix|shell_cmd|dos)\s*\(\s*$/.test(text.slice(Math.max(0, lit.start - 30), lit.start)))
      out.push(lit.value);
  }
  const doors = [...text.matchAll(/\b(?:system|unix|shell_cmd|dos)\s*\(/g)].length;
  return { commands: out, unreadable: doors > out.length ? "runs a command line built at run time" : null, bomb: null };
}

/** The JVM's doors: `Runtime.exec(…)`, `new ProcessBuilder(…)`, `.command(…)`, groovy's `"cmd".execute()`. */
const JVM_RUN = /\b(?:exec|ProcessBuilder|command)\s*\(/g;
const JVM_LIST =
  /^(?:\s|new\s+String\s*\[\s*\]|String\s*\[\s*\]|arrayOf|listOf|List\s*\.\s*of|Arrays\s*\.\s*asList|mutableListOf|[{}(),\u0001])*$/;

function jvm(text: string): ReplReading {
  const lits = literals(text, `"`);
  // Literals masked so the scan of the argument text sees their places only.
  let masked = "";
  let at = 0;
  for (const l of lits) {
    masked += `${text.slice(at, l.start)}\u0001`;
    at = l.end;
  }
  masked += text.slice(at);
  const values = lits.map((l) => l.value);
  const out: string[] = [];
  let unreadable: string | null = null;
  let index = 0;
  const litIndexAt = (pos: number): number => [...masked.slice(0, pos)].filter((c) => c === "\u0001").length;
  for (const m of masked.matchAll(JVM_RUN)) {
    const open = m.index + m[0].length - 1;
    const close = matching(masked, open);
    if (close < 0) continue;
    const inner = masked.slice(open + 1, close);
    if (inner.trim() === "") continue; // `new ProcessBuilder()` then `.command(…)`
    if (!JVM_LIST.test(inner)) {
      unreadable = `runs a command line built at run time (${m[0].replace(/\s*\($/, "")})`;
      continue;
    }
    index = litIndexAt(open);
    const count = [...inner].filter((c) => c === "\u0001").length;
    const argv = values.slice(index, index + count);
    if (argv.length === 1) out.push(argv[0]!);
    else if (argv.length > 1) out.push(argv.map((v) => `'${v.replace(/'/g, `'\\''`)}'`).join(" "));
  }
  // groovy: `"rm -rf ~".execute()`
  for (const l of lits) if (/^\s*\.\s*execute\s*\(/.test(text.slice(l.end, l.end + 20))) out.push(l.value);
  return { commands: out, unreadable, bomb: resourceBomb(masked) };
}

function matching(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return i;
  }
  return -1;
}
