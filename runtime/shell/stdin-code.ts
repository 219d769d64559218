/**
 * Commands that execute data as code: a shell or interpreter reading its program from stdin (`curl x | sh`,
 * `bash -s`, `python -`), or from another command's output (`bash <(curl x)`, `. <(curl x)`).
 */
import { decodeAnsiC } from "./ansi-c.ts";
import { foreignInlineCode, inlineCode, interpreterOf, type Language } from "./interpreters.ts";
import { ownEntry } from "../../core/index.ts";
import { normalizeProgram } from "./spelling.ts";
import { hasOption, parseOptions } from "./options.ts";
import type { RawCommand } from "./walk.ts";
import { SHELLS } from "./wrappers.ts";
import type { Word } from "./words.ts";

/**
 * `foreign`: a shell or interpreter of another language (pwsh, fish, julia, R, …): what it reads is code nothing
 * here analyses, unless foreign-code.ts reads it by vocabulary (docs/adr/0712).
 */
export type CodeReader =
  | { readonly kind: "shell" }
  | { readonly kind: "foreign" }
  | { readonly kind: "interpreter"; readonly language: Language };

const STDIN_PATHS: ReadonlySet<string> = new Set(["-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"]);
/** Shells of other languages: nothing here reads their code, but one that takes its program from stdin runs data. */
const OTHER_SHELLS: ReadonlySet<string> = new Set([
  "pwsh",
  "powershell",
  "fish",
  "csh",
  "tcsh",
  "nu",
  "elvish",
  "xonsh",
  // Tcl: `exec`, `spawn` and `open |…` run commands from code nothing here reads (`tclsh <<< 'exec rm …'`).
  "tclsh",
  "wish",
  "expect",
  "jimsh",
  // R and Julia run a program they read on stdin (`R --vanilla -q <<'EOF'`, `julia - <<'EOF'`): docs/adr/0722.
  "R",
  "Rscript",
  "julia",
]);

/**
 * Interpreters of languages nothing here parses that take their program from stdin when given no script, or `-`
 * (docs/adr/0712; R and Julia are OTHER_SHELLS', docs/adr/0722): `swift -`, the REPLs (`ghci`, `racket`, `scala`, `swipl`, `guile`),
 * `swift -`. Each maps to the options that take a value (so the value is not read as the script operand).
 * Their code given in an option (`-e`, `--eval`) is foreign-code.ts's concern, and then stdin is data.
 */
const FOREIGN_INTERPRETERS: Readonly<Record<string, RegExp>> = {
  ghci: /^(?:-i|-package|-o)$/,
  swift: /^(?:-I|-L|-l|-F|-module-name|-sdk|-target)$/,
  racket: /^(?:-l|--lib|-t|--require|-S|--search|-X|--collects)$/,
  scala: /^(?:-cp|-classpath|--class-path|-d)$/,
  swipl: /^(?:-x|-F|-p|-o)$/,
  guile: /^(?:-L|-l|-x|-C)$/,
  sbcl: /^(?:--core|--dynamic-space-size|--control-stack-size|--load|--script)$/,
  clisp: /^(?:-M|-m|-L|-E|-i)$/,
  ocaml: /^(?:-I|-open|-init)$/,
  elixir: /^(?:-r|-pa|-pz|--require|--erl|--name|--sname|--cookie)$/,
  iex: /^(?:-r|-pa|-pz|-S|--erl|--name|--sname|--cookie)$/,
  erl: /^(?:-pa|-pz|-name|-sname|-setcookie|-config)$/,
  clojure: /^(?:-Sdeps|-M|-A|-X|-T)$/,
  clj: /^(?:-Sdeps|-M|-A|-X|-T)$/,
  gp: /^(?:-s|--stacksize|-p|--primelimit)$/,
  maxima: /^(?:-l|--lisp|-u|--use-version)$/,
};

/** The first operand after options, values skipped: a script file, `-` (stdin), or undefined. */
function firstOperand(args: readonly Word[], valued: RegExp): Word | undefined {
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === "-" || !v.startsWith("-")) return args[i];
    if (valued.test(v)) i++;
  }
  return undefined;
}

/** What this command's first operand (the script) is, after its options; null when it has none. */
function scriptOperand(
  program: string,
  args: readonly Word[],
): { operand: Word | undefined; readsStdin: boolean } | null {
  if (SHELLS.has(program)) {
    const o = parseOptions(args, { short: "oO", long: ["--rcfile", "--init-file"], plus: true });
    return { operand: args[o.rest], readsStdin: hasOption(o, "-s") };
  }
  if (program === "source" || program === ".") return { operand: args[0], readsStdin: false };
  if (OTHER_SHELLS.has(program)) {
    // `pwsh -Command -`, `pwsh -`: the program comes from stdin; `-c CODE`/`-Command CODE` is code of its own.
    const code = args.findIndex((a) => /^-(?:c|command)$/i.test(a.value));
    if (code !== -1) return { operand: args[code + 1], readsStdin: args[code + 1]?.value === "-" };
    return { operand: args.find((a) => !a.value.startsWith("-") || a.value === "-"), readsStdin: false };
  }
  // `cmake -P SCRIPT`: CMake's language runs commands (`execute_process`) and writes and removes files
  // (`file(REMOVE_RECURSE …)`, `file(APPEND …)`); nothing here reads it (docs/adr/0637).
  if (program === "cmake") {
    const p = args.findIndex((a) => a.value === "-P");
    return p === -1 ? null : { operand: args[p + 1], readsStdin: false };
  }
  const valued = ownEntry(FOREIGN_INTERPRETERS, program);
  if (valued !== undefined && Object.hasOwn(FOREIGN_INTERPRETERS, program)) {
    // `R CMD check`, `R --version`: no program at all; code given in `-e` leaves stdin as data.
    if (foreignInlineCode(program, args) !== null || args.some((a) => /^(?:--version|--help|-h)$/.test(a.value)))
      return null;
    return { operand: firstOperand(args, valued), readsStdin: false };
  }
  const language = interpreterOf(program);
  // awk reads data, never its program, from stdin.
  if (language === null || language === "awk" || inlineCode(program, args) !== null) return null;
  if (language === "python" && args.some((a) => /^-[bBdEhiIOPqRsSuvx]*m/.test(a.value))) return pythonStdinModule(args);
  if (program === "deno" || program === "bun") {
    return args[0]?.value === "run"
      ? { operand: args.slice(1).find((a) => !a.value.startsWith("-") || a.value === "-"), readsStdin: false }
      : null;
  }
  return { operand: args.find((a) => !a.value.startsWith("-") || a.value === "-"), readsStdin: false };
}

/**
 * Python modules that are a REPL (docs/adr/0713): `python3 -m code`, `-m asyncio`, and the other REPLs run as
 * modules read their program on stdin as `python3 -` does. Any other module reads stdin as data.
 */
const REPL_MODULES: ReadonlySet<string> = new Set(["code", "asyncio", "IPython", "ptpython", "bpython"]);

function pythonStdinModule(args: readonly Word[]): { operand: undefined; readsStdin: boolean } | null {
  const at = args.findIndex((a) => /^-[bBdEhiIOPqRsSuvx]*m/.test(a.value));
  const word = args[at]!.value;
  const glued = word.slice(word.indexOf("m") + 1);
  const module = glued === "" ? args[at + 1]?.value : glued;
  return module !== undefined && REPL_MODULES.has(module) ? { operand: undefined, readsStdin: true } : null;
}

function readerOf(program: string): CodeReader {
  // Another shell's language is not bash: what it reads is unknown code.
  if (OTHER_SHELLS.has(program) || program === "cmake" || Object.hasOwn(FOREIGN_INTERPRETERS, program))
    return { kind: "foreign" };
  const language = interpreterOf(program);
  return language === null ? { kind: "shell" } : { kind: "interpreter", language };
}

/** The command takes its code from stdin (no script operand, `-s`, `-`, `/dev/stdin`). */
export function stdinReader(program: string, args: readonly Word[]): CodeReader | null {
  if (startsShell(program, args)) return { kind: "shell" };
  const s = scriptOperand(program, args);
  if (s === null) return null;
  const fromStdin =
    s.readsStdin ||
    (s.operand === undefined ? program !== "source" && program !== "." : STDIN_PATHS.has(s.operand.value));
  return fromStdin ? readerOf(program) : null;
}

/** The script operand is another command's output: `bash <(curl x)`, `source <(curl x)`. */
export function runsSubstitutedCode(program: string, args: readonly Word[]): boolean {
  const operand = scriptOperand(program, args)?.operand;
  return operand !== undefined && (operand.raw.startsWith("<(") || operand.value.startsWith("/dev/fd/"));
}

/** Names a decoder among the upstream commands, for the finding's reason (`base64 -d | sh`). */
export function decoderIn(upstream: readonly RawCommand[]): string | null {
  for (const raw of upstream) {
    const found = decoderName(
      normalizeProgram(raw.words[0]?.value ?? ""),
      raw.words.slice(1).map((w) => w.value),
    );
    if (found !== null) return found;
  }
  return null;
}

/** Programs that decode or decompress whatever they are given (`zcat`, `rev`): their output is text nobody wrote out. */
const ALWAYS_DECODE: ReadonlySet<string> = new Set([
  "uudecode",
  "gunzip",
  "zcat",
  "gzcat",
  "bzcat",
  "bunzip2",
  "xzcat",
  "unxz",
  "lzcat",
  "unlzma",
  "zstdcat",
  "unzstd",
  "lz4cat",
  "rev",
]);

/**
 * A command that decodes its input (`base64 -d`, `xxd -r`, `zcat`, `rev`, `openssl enc -d`, `echo -e '\x72…'`),
 * named for a reason; null when it is none. Its output is text that appears nowhere in the command as written.
 */
export function decoderName(program: string, values: readonly string[]): string | null {
  const has = (...f: string[]): boolean =>
    values.some((v) => f.includes(v) || (/^-[a-zA-Z]+$/.test(v) && f.some((x) => x.length === 2 && v.includes(x[1]!))));
  if (["base64", "base32", "basenc", "gbase64"].includes(program) && has("-d", "--decode", "-D"))
    return `${program} -d`;
  if (program === "xxd" && has("-r")) return "xxd -r";
  if (program === "openssl" && (has("-d") || values.includes("base64"))) return "openssl";
  if (ALWAYS_DECODE.has(program)) return program;
  if (["gzip", "bzip2", "xz", "lzma", "zstd", "lz4", "brotli", "pigz"].includes(program) && has("-d", "--decompress"))
    return `${program} -d`;
  if (
    (program === "printf" || (program === "echo" && has("-e"))) &&
    values.some((v) => /\\(x[0-9a-fA-F]|[0-7]{1,3}|u[0-9a-fA-F])/.test(v))
  )
    return `${program} escapes`;
  return null;
}

/**
 * `cat <<'EOF' | prog`: the heredoc or here-string that cat with no operand prints, or null. Only task runners'
 * files read it so far (docs/adr/0756); a shell fed so is judged as before.
 */
export function catHeredocText(upstream: readonly RawCommand[]): string | null {
  if (upstream.length !== 1) return null;
  const { words, stdin } = upstream[0]!;
  if (words.length !== 1 || words[0]!.dynamic || normalizeProgram(words[0]!.value) !== "cat") return null;
  return stdin !== null && stdin.kind !== "process" && !stdin.text.dynamic ? stdin.text.value : null;
}

/** The exact text piped into a shell when it is a literal `echo`/`printf` (`echo "rm -rf /" | sh`). */
export function literalUpstreamText(upstream: readonly RawCommand[]): string | null {
  if (upstream.length !== 1) return null;
  const words = upstream[0]!.words;
  if (words.length === 0 || words.some((w) => w.dynamic)) return null;
  const program = normalizeProgram(words[0]!.value);
  const args = words.slice(1).map((w) => w.value);
  if (program === "echo") {
    let escapes = false;
    while (args[0] !== undefined && /^-[neE]+$/.test(args[0])) escapes = args.shift()!.includes("e") || escapes;
    const text = args.join(" ");
    return escapes ? decodeAnsiC(text) : text;
  }
  // `printf -- FORMAT` ends printf's options; the format is used again while arguments remain (`printf '%s\n' a b`).
  if (program === "printf" && args[0] === "--") args.shift();
  if (program === "printf" && args.length > 0) {
    const [format, ...rest] = args as [string, ...string[]];
    if (/%[^s%]/.test(format)) return null;
    const takes = (format.match(/%s/g) ?? []).length;
    let i = 0;
    let filled = "";
    do filled += format.replace(/%([s%])/g, (_m, c: string) => (c === "%" ? "%" : (rest[i++] ?? "")));
    while (takes > 0 && i < rest.length);
    return decodeAnsiC(filled);
  }
  return null;
}

/**
 * A privilege wrapper left without a command starts a shell that reads stdin: `sudo -s`, `sudo -i`,
 * `doas -s`, `su`/`su -` without `-c` (`echo 'rm -rf /' | sudo -s`). With a command it was peeled already.
 */
function startsShell(program: string, args: readonly Word[]): boolean {
  const values = args.map((a) => a.value);
  const has = (...f: string[]): boolean =>
    values.some((v) => f.includes(v) || (/^-[A-Za-z]+$/.test(v) && f.some((x) => x.length === 2 && v.includes(x[1]!))));
  if (program === "sudo") return has("-s", "-i", "--shell", "--login") && !has("-l", "-v", "-e", "-K", "-V");
  if (program === "doas") return has("-s");
  if (program === "su") return !has("-c", "--command") && !values.some((v) => v.startsWith("--command="));
  return false;
}
