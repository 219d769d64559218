import { ownEntry } from "../../core/index.ts";
/**
 * Interpreter one-liners (`python -c`, `node -e`, `perl -e`, ...). The code is another language, so the
 * small regex scans here run ONLY inside that code string, never over bash text: they name destructive
 * calls; embedded-shell.ts pulls out shell strings handed to os.system/exec/system for analysis as bash.
 */
import { safeExLine } from "./ex-commands.ts";
import { rakeCode } from "./rake-code.ts";
import type { Word } from "./words.ts";

export type Language = "python" | "javascript" | "perl" | "ruby" | "php" | "lua" | "awk";

export interface InlineCode {
  readonly language: Language;
  readonly code: Word;
  /** The program is no interpreter first (a database shell): its code counts only for what it does outside. */
  readonly effectsOnly?: true;
}

/** Interpreter family of a program name, or null. */
export function interpreterOf(program: string): Language | null {
  // `py` is the Windows launcher; ipython and the TypeScript runners take `-c`/`-e` code as their bases do (ADR 0364).
  // REPLs read the same language on stdin (`irb <<< 'system("…")'`, docs/adr/0413).
  if (/^(python|pypy|ipython|bpython|ptpython)[0-9.]*$/.test(program) || program === "py") return "python";
  // zx runs JavaScript with its `$\`cmd\`` shell template (docs/adr/0412).
  if (["node", "nodejs", "bun", "deno", "tsx", "ts-node", "ts-node-esm", "zx"].includes(program)) return "javascript";
  if (/^perl[0-9.]*$/.test(program)) return "perl";
  if (/^ruby[0-9.]*$/.test(program) || program === "irb" || program === "pry") return "ruby";
  if (/^php[0-9.]*$/.test(program)) return "php";
  if (/^lua[0-9.]*$/.test(program) || program === "luajit") return "lua";
  if (["awk", "gawk", "mawk", "nawk"].includes(program)) return "awk";
  return null;
}

/** The wrapper label for commands found inside the code: one stable name per language. */
export const LABELS: Readonly<Record<Language, string>> = {
  python: "python -c",
  javascript: "node -e",
  perl: "perl -e",
  ruby: "ruby -e",
  php: "php -r",
  lua: "lua -e",
  awk: "awk",
};

/** Options that take the code as their value, per language (clusters like perl `-ne` end in the letter). */
const CODE_FLAGS: Readonly<Record<Language, { short: string; long: readonly string[]; repeat: boolean }>> = {
  python: { short: "c", long: [], repeat: false },
  javascript: { short: "ep", long: ["--eval", "--print"], repeat: false },
  perl: { short: "eE", long: [], repeat: true },
  ruby: { short: "e", long: [], repeat: true },
  php: { short: "r", long: [], repeat: false },
  lua: { short: "e", long: [], repeat: true },
  awk: { short: "", long: [], repeat: false }, // the program is an operand: see awkProgram
};

/** Options whose value is not code and may contain the code letter (`perl -MFile::Remove`, `ruby -rjson`). */
const VALUE_FLAGS: Readonly<Record<Language, readonly string[]>> = {
  python: ["-W", "-X"],
  javascript: ["-r", "--require", "--import", "--loader", "--experimental-loader"],
  perl: ["-M", "-m", "-I", "-x"],
  ruby: ["-r", "-I", "-E", "-C", "-x"],
  php: ["-d", "-c", "-z"],
  lua: ["-l"],
  awk: [],
};

export function inlineCode(program: string, args: readonly Word[]): InlineCode | null {
  if (program === "gdb") return gdbPython(args);
  // rake's `-e CODE` is ruby with Rake's DSL in scope (docs/adr/0530).
  if (program === "rake") return rakeCode(program, args);
  // Crystal's doors to the shell are ruby's (`system`, backquotes, `%x`): `crystal eval CODE` is read as ruby.
  if (program === "crystal") {
    const code = args[0]?.value === "eval" ? args.slice(1).find((w) => !w.value.startsWith("-")) : undefined;
    return code === undefined ? null : { language: "ruby", code };
  }
  if (program === "mongosh" || program === "mongo") return mongoEval(args);
  if (program === "pylint") return optionCode(args, "--init-hook", "python");
  if (program === "exiftool") return exiftoolPerl(args);
  // perl's rename takes a perl expression as its first operand (util-linux's takes a string, read the same way).
  if (PERL_RENAMES.has(program)) {
    const code = args.find((w) => !w.value.startsWith("-"));
    return code === undefined ? null : { language: "perl", code };
  }
  const language = interpreterOf(program);
  if (language === null) return null;
  // IPython's settings that are code it runs at start (`--InteractiveShellApp.exec_lines=…`, `code_to_run=`),
  // also as `python -m IPython`, which is peeled to ipython (docs/adr/0865, 0870).
  if (/^ipython[0-9.]*$/.test(program)) {
    const code = traitletCode(args);
    if (code !== null) return code;
  }
  const rest = args;
  if (language === "awk") return awkProgram(args);
  if (program === "deno" || program === "bun") {
    if (rest[0]?.value !== "eval") return scanFlags(language, program === "bun" ? rest : []);
    const code = rest.slice(1).find((w) => !w.value.startsWith("-"));
    return code === undefined ? null : { language, code };
  }
  return scanFlags(language, rest);
}

/**
 * The JavaScript of the Mongo shells' `--eval CODE` options, joined, or null (docs/adr/0646). mongosh runs on node
 * with `require` and `process` in scope, so its code reaches the shell and the files as `node -e` does; the
 * database statements in it are the database table's (knowledge/database.ts).
 */
function mongoEval(args: readonly Word[]): InlineCode | null {
  const parts: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === "--") break;
    if (v === "--eval" && args[i + 1] !== undefined) parts.push(args[++i]!);
    else if (v.startsWith("--eval=")) parts.push({ ...args[i]!, value: v.slice("--eval=".length) });
  }
  return parts.length === 0 ? null : { language: "javascript", code: joined(parts), effectsOnly: true };
}

/**
 * The code of a tool's option whose value is a program in a language read here, joined, or null (docs/adr/0840):
 * pylint runs its `--init-hook` as python before it lints (`sys.path.append('src')`, or `os.system(…)`). The tool
 * is no interpreter first, so only what the code does outside counts.
 */
function optionCode(args: readonly Word[], option: string, language: Language): InlineCode | null {
  const parts: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === "--") break;
    if (v === option && args[i + 1] !== undefined) parts.push(args[++i]!);
    else if (v.startsWith(`${option}=`)) parts.push({ ...args[i]!, value: v.slice(option.length + 1) });
  }
  return parts.length === 0 ? null : { language, code: joined(parts), effectsOnly: true };
}

/** IPython's code settings, under any of its applications' names, joined, or null. */
function traitletCode(args: readonly Word[]): InlineCode | null {
  const parts: Word[] = [];
  for (const w of args) {
    const m = /^--[\w.]*\.(?:exec_lines|code_to_run)=(.*)$/s.exec(w.value);
    if (m !== null) parts.push({ ...w, value: m[1]! });
  }
  return parts.length === 0 ? null : { language: "python", code: joined(parts), effectsOnly: true };
}

const PERL_RENAMES: ReadonlySet<string> = new Set(["rename", "prename", "perl-rename", "file-rename"]);

/**
 * The perl that exiftool evaluates (docs/adr/0711): each `-if[N] EXPR`, and the `EXPR` of every `${TAG;EXPR}` in
 * its formats and assignments (`-p '${Model;qx(…)}'`, `'-Comment<${Make;…}'`), joined, or null.
 */
function exiftoolPerl(args: readonly Word[]): InlineCode | null {
  const parts: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (/^-if\d*$/.test(w.value) && args[i + 1] !== undefined) parts.push(args[++i]!);
    else
      for (const m of w.value.matchAll(/\$\{[\w:-]+;([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}/g))
        parts.push({ ...w, value: m[1]! });
  }
  return parts.length === 0 ? null : { language: "perl", code: joined(parts) };
}

/** Code given in several pieces (repeated options, setup and statements), as one program. */
function joined(parts: readonly Word[]): Word {
  return {
    value: parts.map((p) => p.value).join("\n"),
    dynamic: parts.some((p) => p.dynamic),
    raw: parts.map((p) => p.raw).join(" "),
  };
}

/** gdb's commands given on its command line (`-ex`, `--eval-command=`, `-iex`); shell ones are carried-commands.ts'. */
const GDB_COMMAND = /^--?(?:ex|eval-command|iex|init-eval-command)(?:=(.*))?$/s;

/** The python that gdb's `python CODE` (`py`, `pi`) commands run, joined, or null. */
function gdbPython(args: readonly Word[]): InlineCode | null {
  const parts: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const m = GDB_COMMAND.exec(args[i]!.value);
    if (m === null) continue;
    const value = m[1] !== undefined ? { ...args[i]!, value: m[1] } : args[++i];
    const py = value === undefined ? null : /^\s*(?:python-interactive|python|py|pi)\s+(.*)$/s.exec(value.value);
    if (py !== null && value !== undefined) parts.push({ ...value, value: py[1]! });
  }
  if (parts.length === 0) return null;
  return {
    language: "python",
    code: {
      value: parts.map((p) => p.value).join("\n"),
      dynamic: parts.some((p) => p.dynamic),
      raw: parts.map((p) => p.raw).join(" "),
    },
  };
}

/** awk's program is its first operand, unless `-f file` gives it. */
function awkProgram(args: readonly Word[]): InlineCode | null {
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === "--") return args[i + 1] === undefined ? null : { language: "awk", code: args[i + 1]! };
    if (v === "-f" || v.startsWith("-f") || v === "--file") return null;
    if (v === "-F" || v === "-v") i++;
    else if (!v.startsWith("-") || v === "-") return { language: "awk", code: args[i]! };
  }
  return null;
}

function scanFlags(language: Language, args: readonly Word[]): InlineCode | null {
  const spec = CODE_FLAGS[language];
  const parts: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === "--" || !v.startsWith("-") || args[i]!.dynamic) break;
    // A module runs no inline code, except timeit, whose setup and statements are python (docs/adr/0645).
    if (language === "python" && /^-[bBdEhiIOPqRsSuvx]*m/.test(v)) return timeitCode(v, args.slice(i + 1));
    const valueFlag = VALUE_FLAGS[language].find((f) => v.startsWith(f));
    if (valueFlag !== undefined) {
      const value = v === valueFlag ? args[i + 1] : v.startsWith(`${valueFlag}=`) ? args[i] : undefined;
      if (v === valueFlag) i++; // `-r json` vs `-rjson`
      // A module given as a data: URL (`node --import 'data:text/javascript,…'`) is code on the command line.
      const data = language === "javascript" && value !== undefined ? dataUrlCode(value) : null;
      if (data !== null) parts.push(data);
      continue;
    }
    const eq = v.indexOf("=");
    const long = eq > 0 ? v.slice(0, eq) : v;
    let code: Word | undefined;
    if (spec.long.includes(long)) code = eq > 0 ? { ...args[i]!, value: v.slice(eq + 1) } : args[++i];
    else if (!v.startsWith("--")) {
      const m = new RegExp(`^-[A-Za-z]*?[${spec.short}](.*)$`, "s").exec(v);
      if (m !== null) code = m[1] !== "" ? { ...args[i]!, value: m[1]! } : args[++i];
    }
    if (code === undefined) continue;
    parts.push(code);
    if (!spec.repeat) break;
  }
  if (parts.length === 0) return null;
  const code: Word = {
    value: parts.map((p) => p.value).join("\n"),
    dynamic: parts.some((p) => p.dynamic),
    raw: parts.map((p) => p.raw).join(" "),
  };
  return { language, code };
}

/** timeit's options that take a value; `-s`/`--setup` is that value's code, run before the statements. */
const TIMEIT_VALUED = /^(?:-[nrus]|--(?:number|repeat|unit|setup))$/;

/**
 * The python that `python -m timeit [-s SETUP]… STATEMENT…` runs (docs/adr/0645): its setup code and its statement
 * operands, joined as one program, or null for any other module. `moduleWord` is the word holding `-m`.
 */
function timeitCode(moduleWord: string, rest: readonly Word[]): InlineCode | null {
  const glued = moduleWord.slice(moduleWord.indexOf("m") + 1);
  const args = glued === "" ? rest.slice(1) : rest;
  const module = glued === "" ? rest[0]?.value : glued;
  if (module === "pdb") return pdbCommands(args);
  if (module !== "timeit") return null;
  const parts: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const v = w.value;
    if (v === "--") {
      parts.push(...args.slice(i + 1));
      break;
    }
    if (TIMEIT_VALUED.test(v)) {
      const value = args[++i];
      if ((v === "-s" || v === "--setup") && value !== undefined) parts.push(value);
    } else if (/^--setup=/.test(v)) parts.push({ ...w, value: v.slice("--setup=".length) });
    else if (/^-s./s.test(v)) parts.push({ ...w, value: v.slice(2) });
    else if (!v.startsWith("-") || v === "-") parts.push(w);
  }
  return parts.length === 0 ? null : { language: "python", code: joined(parts) };
}

/**
 * The python in `python -m pdb -c CMD` (docs/adr/0713): a line pdb does not know as a command (or one behind `!`)
 * is run as a python statement, so every `-c`/`--command` value is read as python. pdb's own commands (`continue`,
 * `b 12`) read as python names and do nothing.
 */
function pdbCommands(args: readonly Word[]): InlineCode | null {
  const parts: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (!w.value.startsWith("-")) break;
    const value = w.value === "-c" || w.value === "--command" ? args[++i] : undefined;
    if (value !== undefined) parts.push({ ...value, value: value.value.replace(/^\s*!/, "") });
  }
  return parts.length === 0 ? null : { language: "python", code: joined(parts) };
}

/**
 * The archive command a python module's command line amounts to (docs/adr/0414): `python -m tarfile -e X [DIR]` is
 * `tar -xf X -C DIR`, `-m zipfile -e X DIR` likewise, `-c OUT SRC…` is `tar -cf OUT SRC…` (which reads SRC). Null
 * for any other module or use (`-l`, `-t` list).
 */
export function moduleCommand(program: string, args: readonly Word[]): Word[] | null {
  if (interpreterOf(program) !== "python") return null;
  const m = args.findIndex((a) => a.value === "-m");
  const module = args[m + 1]?.value;
  if (m < 0 || (module !== "tarfile" && module !== "zipfile")) return null;
  const rest = args.slice(m + 2).filter((a) => a.value !== "-v" && a.value !== "--verbose");
  const op = rest[0]?.value;
  const word = (value: string): Word => ({ value, dynamic: false, raw: value });
  if ((op === "-e" || op === "--extract") && rest[1] !== undefined)
    return [word("tar"), word("-xf"), rest[1], word("-C"), rest[2] ?? word(".")];
  if ((op === "-c" || op === "--create") && rest[1] !== undefined)
    return [word("tar"), word("-cf"), rest[1], ...rest.slice(2)];
  return null;
}

/**
 * IPython's shell escapes (docs/adr/0413): `!cmd`, `!!cmd`, `x = !cmd`, `%sx cmd`, `%system cmd`, `%sc x=cmd`, and the
 * cell magics `%%bash`, `%%sh`, `%%script sh` whose cell is a shell script. The command lines, to analyse as bash.
 */
export function ipythonShell(code: string): string[] {
  const out: string[] = [];
  const lines = code.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*%%(?:bash|sh|zsh|script\s+(?:\S*\/)?(?:ba|z|da|k)?sh)\b/.test(line)) {
      out.push(lines.slice(i + 1).join("\n"));
      break;
    }
    const m =
      /^\s*(?:[\w, ]+=\s*)?!!?(.*)$/.exec(line) ??
      /^\s*(?:[\w, ]+=\s*)?%(?:sx|system|sc(?:\s+-l)?(?:\s+\w+\s*=)?)\s+(.*)$/.exec(line);
    if (m !== null && m[1]!.trim() !== "") out.push(m[1]!);
  }
  return out;
}

/** The code of a `data:` URL module (`data:text/javascript,CODE`, `;base64,`), or null (docs/adr/0412). */
function dataUrlCode(w: Word): Word | null {
  const m = /^(?:--[\w-]+=)?data:([^,]*),(.*)$/s.exec(w.value);
  if (m === null) return null;
  let value: string;
  try {
    value = /;base64$/i.test(m[1]!) ? Buffer.from(m[2]!, "base64").toString("utf8") : decodeURIComponent(m[2]!);
  } catch {
    value = m[2]!;
  }
  return { ...w, value };
}

const DESTRUCTIVE: Readonly<Record<Language, readonly [string, RegExp][]>> = {
  python: [
    ["shutil.rmtree", /\bshutil\s*\.\s*rmtree\b|\brmtree\s*\(/],
    ["os.remove", /\bos\s*\.\s*remove\b/],
    ["os.unlink", /\bos\s*\.\s*unlink\b/],
    ["os.rmdir", /\bos\s*\.\s*rmdir\b/],
    ["os.removedirs", /\bos\s*\.\s*removedirs\b/],
    ["os.system", /\bsystem\s*\(/],
    ["os.popen", /\bpopen\s*\(/],
    ["os.exec", /\bos\s*\.\s*exec[lv]p?e?\b/],
    ["subprocess", /\bsubprocess\b/],
    ["distutils remove_tree", /\bremove_tree\s*\(/],
    ["Path.unlink", /(?<!\bos\s*)\.unlink\s*\(/],
    ["Path.rmdir", /(?<!\bos\s*)\.rmdir\s*\(/],
    ["exec", /\b(exec|eval)\s*\(/],
  ],
  javascript: [
    ["fs.rmSync", /\brmSync\b/],
    ["fs.rm", /\bfs(\.promises)?\s*\.\s*rm\b/],
    ["fs.rmdirSync", /\brmdirSync\b/],
    ["fs.rmdir", /\brmdir\s*\(/],
    ["fs.unlinkSync", /\bunlinkSync\b/],
    ["fs.unlink", /\bunlink\s*\(/],
    ["Deno.remove", /\bDeno\s*\.\s*remove(?:Sync)?\b/],
    ["child_process", /\bchild_process\b|\b(execSync|execFileSync|spawnSync|execFile|spawn|exec)\s*\(/],
  ],
  ruby: [
    ["FileUtils.rm_rf", /\bFileUtils\s*\.\s*rm_rf\b/],
    ["FileUtils.rm_r", /\bFileUtils\s*\.\s*rm_r\b/],
    ["FileUtils.rm", /\bFileUtils\s*\.\s*(rm|remove|remove_dir|remove_entry)\b(?!_)/],
    ["File.delete", /\bFile\s*\.\s*(delete|unlink)\b/],
    ["Dir.rmdir", /\bDir\s*\.\s*(rmdir|delete|unlink)\b/],
    ["system", /\b(system|exec|spawn)\s*[( ]|\bIO\s*\.\s*popen\b|%x[({[]|`/],
  ],
  perl: [
    ["unlink", /\bunlink\b/],
    ["rmtree", /\b(rmtree|remove_tree)\b/],
    ["rmdir", /\brmdir\b/],
    ["system", /\b(system|exec|readpipe)\b|\bqx\s*[({[/'"]|`/],
  ],
  php: [
    ["unlink", /\bunlink\s*\(/],
    ["rmdir", /\brmdir\s*\(/],
    ["system", /\b(system|exec|shell_exec|passthru|popen|proc_open)\s*\(|`/],
  ],
  lua: [
    ["os.remove", /\bos\s*\.\s*remove\b/],
    ["os.execute", /\bos\s*\.\s*execute\b|\bio\s*\.\s*popen\b/],
  ],
  awk: [
    ["system", /\bsystem\s*\(/],
    ["pipe", /\|\s*"|"\s*\|\s*getline|\|&/],
  ],
};

/**
 * Longer code is not scanned (one-liners are short; this bounds the cost per call). It is reported as
 * `unscanned`, which classification must treat as possibly destructive.
 */
export const MAX_SCANNED_CODE = 100_000;

/**
 * The destructive calls the code makes. `read` counts, per name, the calls read precisely (one-liner.ts: their
 * paths are literal and their command is analysed as bash); a name every occurrence of which was read is left out.
 */
export function destructiveCalls(
  language: Language,
  code: string,
  read: ReadonlyMap<string, number> = new Map(),
): string[] {
  if (code.length > MAX_SCANNED_CODE) return ["unscanned"];
  return DESTRUCTIVE[language]
    .filter(([, re]) => re.test(code))
    .filter(([name, re]) => (read.get(name) ?? 0) < [...code.matchAll(new RegExp(re.source, "g"))].length)
    .map(([name]) => name);
}

/** GNU sed's `e` command and the `e` flag of `s///e` run shell commands; the script is the first operand or `-e`. */
export function sedRunsCommands(program: string, args: readonly Word[]): boolean {
  if (program !== "sed" && program !== "gsed") return false;
  if (args.some((a) => a.value.length > MAX_SCANNED_CODE)) return true; // too long to scan: assume the worst
  const scripts: string[] = [];
  let operand = true;
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === "-e" || v === "--expression") {
      scripts.push(args[++i]?.value ?? "");
      operand = false;
    } else if (v.startsWith("--expression=")) {
      scripts.push(v.slice("--expression=".length));
      operand = false;
    } else if (v === "-f" || v === "--file") return false;
    else if (operand && !v.startsWith("-")) {
      scripts.push(v);
      break;
    }
  }
  const address = String.raw`(\d+|\$|\/[^/]*\/)?(,(\d+|\$|\/[^/]*\/))?!?`;
  const eCommand = new RegExp(String.raw`(^|[;\n{}])\s*${address}\s*e(\s|;|$)`);
  // A delimiter escaped inside the pattern or replacement (`s/x/rm -rf ~\/.ssh/e`) does not end it.
  return scripts.some(
    (s) => eCommand.test(s) || /(^|[;\n{}])\s*s(.)(?:\\.|(?!\2)[^\\])*\2(?:\\.|(?!\2)[^\\])*\2[gpIiMm0-9]*e/.test(s),
  );
}

/**
 * Programs that run code given on their command line in a language nothing here reads (another shell's, R,
 * Julia, Elixir, PowerShell, AppleScript, a Lisp): the options that carry it, as a test on one argument.
 */
const FOREIGN_CODE: Readonly<Record<string, RegExp>> = {
  pwsh: /^-(?:c|co|com|comm|comma|comman|command|e|ec|en|enc|encodedcommand)$/i,
  powershell: /^-(?:c|co|com|comm|comma|comman|command|e|ec|en|enc|encodedcommand)$/i,
  // Short options combine (`tcsh -fc`, `fish -Nc`); fish's `-C`/`--init-command` runs code first (docs/adr/0722).
  fish: /^(?:-[a-zA-Z]*[cC][a-zA-Z]*|--(?:init-)?command(?:=.*)?)$/,
  csh: /^-[a-zA-Z]*c[a-zA-Z]*$/,
  tcsh: /^-[a-zA-Z]*c[a-zA-Z]*$/,
  nu: /^(?:-c|--commands)$/,
  elvish: /^-c$/,
  xonsh: /^-c$/,
  R: /^(?:-e|--expr)$/,
  Rscript: /^-e$/,
  julia: /^(?:-e|-E|--eval(?:=.*)?|--print(?:=.*)?)$/,
  elixir: /^(?:-e|--eval)$/,
  iex: /^(?:-e|--eval)$/,
  erl: /^(?:-eval|-s|-run)$/,
  racket: /^(?:-e|--eval|-E)$/,
  guile: /^(?:-c|-e)$/,
  sbcl: /^(?:--eval)$/,
  clisp: /^-x$/,
  clojure: /^-e$/,
  clj: /^-e$/,
  scala: /^-e$/,
  groovy: /^-e$/,
  swift: /^-e$/,
  ghc: /^-e$/,
  osascript: /^-e$/,
  tclsh: /^-c$/,
  expect: /^-c$/,
};

/** The option by which a program runs code in a language nothing here reads (`Rscript -e`, `pwsh -c`), or null. */
export function foreignInlineCode(program: string, args: readonly Word[]): string | null {
  // `mix run -e CODE` is elixir's `-e` inside the project's runtime (docs/adr/0647).
  if (program === "mix") return args[0]?.value === "run" ? foreignInlineCode("elixir", args.slice(1)) : null;
  const flag = ownEntry(FOREIGN_CODE, program);
  if (flag === undefined || !Object.hasOwn(FOREIGN_CODE, program)) return null;
  const bundles = BUNDLING.has(program);
  for (const a of args) {
    if (a.value === "--") return null;
    if (flag.test(a.value) || (bundles && bundledFlag(flag, a.value))) return a.value;
  }
  return null;
}

/** Shells that read short options as getopt does, several behind one dash (`csh -fc`, `fish -Nc`): docs/adr/0701. */
const BUNDLING: ReadonlySet<string> = new Set(["fish", "csh", "tcsh", "xonsh", "elvish"]);

/** A cluster of short options (`-fc`) that holds the flag's own letter. */
function bundledFlag(flag: RegExp, value: string): boolean {
  return /^-[A-Za-z]{2,}$/.test(value) && [...value.slice(1)].some((letter) => flag.test(`-${letter}`));
}

const VI_FAMILY = new Set(["vi", "vim", "nvim", "gvim", "view", "vimdiff", "ex", "rvim"]);
const EMACS_FAMILY = new Set(["emacs", "emacsclient", "xemacs"]);

/**
 * Editor commands given on the command line: vim's `-c CMD`, `--cmd CMD` and `+CMD` (`+42` and `+/pattern`
 * only move the cursor), emacs' `--eval EXPR`. They can write any file (`:w .claude/settings.json`) or run
 * shell commands (`:!…`), and nothing here reads them. The flag that carries them, or null.
 */
export function editorRunsCommands(program: string, args: readonly Word[]): string | null {
  if (VI_FAMILY.has(program)) {
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      const v = a.value;
      if (v === "--") break;
      // `ex -sc '!cmd'`: a cluster ending in c takes the command as -c does. A scripted edit of the file in the
      // vocabulary of ex-commands.ts (`-c ':%s/a/b/g' -c ':wq'`) is only the write `vim FILE` is (docs/adr/0686).
      if (/^-[A-Za-z]*c$/.test(v) || v === "--cmd" || v.startsWith("--cmd=")) {
        const line = v.startsWith("--cmd=") ? { ...a, value: v.slice(6) } : args[++i];
        if (line === undefined || line.dynamic || !safeExLine(line.value)) return v.split("=")[0] ?? v;
      }
      if (v.startsWith("+") && v.length > 1 && !/^\+(\d+|\/.*|\?.*)$/.test(v) && (a.dynamic || !safeExLine(v.slice(1))))
        return "+";
    }
    return null;
  }
  if (EMACS_FAMILY.has(program)) {
    for (const a of args)
      if (a.value === "--eval" || a.value === "-eval" || a.value.startsWith("--eval=")) return "--eval";
  }
  return null;
}
