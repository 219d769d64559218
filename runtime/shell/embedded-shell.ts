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
  python: /\b(?:system|popen|run|call|Popen|check_output|check_call|getoutput|getstatusoutput)\s*\(\s*(\[\s*)?$/,
  javascript: /\b(?:execSync|exec|spawnSync|spawn|execFileSync|execFile)\s*\(\s*$/,
  ruby: /(?:\b(?:system|exec|spawn)|\bIO\s*\.\s*popen)\s*\(?\s*$/,
  perl: /\b(?:system|exec)\s*\(?\s*$/,
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
    // awk's `print > "file"` and `printf … >> "file"` write that file, as the shell's redirects do.
    const redirect = language === "awk" ? AWK_OUTPUT.exec(window) : null;
    if (redirect !== null && balanced(redirect[1]!)) {
      out.push(`printf '' ${redirect[2]} '${lit.value.replace(/'/g, `'\\''`)}'`);
      continue;
    }
    const before = CALL_BEFORE[language].exec(window);
    const getline = language === "awk" && /^\s*\|\s*getline/.test(code.slice(lit.end, lit.end + WINDOW));
    if (before === null && !getline) continue;
    // Following literals joined by commas (or `, [` in JavaScript's spawn) are more argv words.
    const argv = [lit];
    const list = before?.[1] !== undefined;
    for (let j = i + 1; j < lits.length && language !== "awk" && language !== "lua"; j++) {
      const gap = code.slice(lits[j - 1]!.end, lits[j]!.start);
      if (!/^\s*,\s*$/.test(gap) && !(language === "javascript" && j === i + 1 && /^\s*,\s*\[\s*$/.test(gap))) break;
      argv.push(lits[j]!);
    }
    i += argv.length - 1;
    if (argv.length === 1 && !list) out.push(lit.value);
    else out.push(argv.map((a) => `'${a.value.replace(/'/g, `'\\''`)}'`).join(" "));
  }
  out.push(...delimited(code, language));
  return out;
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
