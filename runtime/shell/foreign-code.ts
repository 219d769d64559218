/**
 * One-liners in languages nothing here parses (R, Julia, PowerShell) read by vocabulary (docs/adr/0681): code made
 * only of calls whose effect is known becomes the shell commands it amounts to (`read.csv("a.csv")` is `cat a.csv`,
 * `Get-ChildItem ./src` is `ls ./src`); one call outside the vocabulary, or a file named by anything but a literal,
 * leaves the code unread (null), which the caller reports as unanalysable, as before.
 */
import { ownEntry } from "../../core/index.ts";
import { callFiles } from "./foreign-arguments.ts";
import type { Word } from "./words.ts";

/**
 * What a known call amounts to: nothing outside the process, a read or listing of its literal file operands, a run
 * of the project's tests, a run of the R code its file names (`source`, and the deserialisers `readRDS`/`load`, whose
 * objects can carry code: docs/adr/0763), a run of the R package in the folder named (the project when none is:
 * `devtools::test()`, docs/adr/0789), or a write of the file named by its second argument (`saveRDS(x, "f")`).
 */
type Effect = "pure" | "reads" | "lists" | "tests" | "runs" | "package" | "writes";

/** Past this length a one-liner is no one-liner: it is left unread. */
const MAX_CODE = 2_000;

/** R: computations and printing, and the reads of data files named by their first (literal) argument. */
const R_CALLS: Readonly<Record<string, Effect>> = {
  ...Object.fromEntries(
    [
      "sessionInfo",
      "summary",
      "print",
      "head",
      "tail",
      "str",
      "nrow",
      "ncol",
      "dim",
      "names",
      "colnames",
      "length",
      "mean",
      "median",
      "sum",
      "min",
      "max",
      "range",
      "table",
      "unique",
      "sort",
      "c",
      "list",
      "paste",
      "paste0",
      "sprintf",
      "format",
      "round",
      "seq",
      "rep",
      "class",
      "typeof",
      "nchar",
      "toupper",
      "tolower",
      "is.na",
      "R.version.string",
      "getwd",
      "packageVersion",
      "library",
      "require",
      "requireNamespace",
      "installed.packages",
      ".libPaths",
      "Sys.time",
      "Sys.Date",
    ].map((n) => [n, "pure" as const]),
  ),
  "read.csv": "reads",
  "read.table": "reads",
  "read.delim": "reads",
  readLines: "reads",
  readRDS: "runs",
  load: "runs",
  source: "runs",
  "sys.source": "runs",
  "testthat::test_dir": "runs",
  "testthat::test_file": "runs",
  "testthat::test_local": "package",
  // Each loads the package's own R code (and runs its tests, or writes its man/ and NAMESPACE, inside the folder).
  "devtools::test": "package",
  "devtools::document": "package",
  "devtools::load_all": "package",
  "roxygen2::roxygenise": "package",
  // A report runs the R chunks of the file it renders and writes its output beside it.
  "rmarkdown::render": "runs",
  "knitr::knit": "runs",
  saveRDS: "writes",
  save: "writes",
  "write.csv": "writes",
  "write.csv2": "writes",
  "write.table": "writes",
  writeLines: "writes",
  "file.exists": "lists",
  "list.files": "lists",
};

/** Julia: printing and the package manager's read-only and test commands (`Pkg.test()` runs test/runtests.jl). */
const JULIA_CALLS: Readonly<Record<string, Effect>> = {
  ...Object.fromEntries(
    [
      "println",
      "print",
      "show",
      "display",
      "versioninfo",
      "length",
      "string",
      "typeof",
      "pwd",
      "Pkg.status",
      "Pkg.precompile",
      "Pkg.instantiate",
      "Base.active_project",
    ].map((n) => [n, "pure" as const]),
  ),
  "Pkg.test": "tests",
  readdir: "lists",
  isfile: "lists",
  read: "reads",
  readlines: "reads",
};

/** PowerShell cmdlets (and their usual aliases) that only read, list or print. */
const PWSH_COMMANDS: Readonly<Record<string, Effect>> = {
  ...Object.fromEntries(
    [
      "get-location",
      "pwd",
      "get-date",
      "write-output",
      "echo",
      "write-host",
      "select-object",
      "sort-object",
      "measure-object",
      "format-table",
      "format-list",
      "convertto-json",
      "get-host",
    ].map((n) => [n, "pure" as const]),
  ),
  "get-childitem": "lists",
  gci: "lists",
  ls: "lists",
  dir: "lists",
  "get-item": "lists",
  "test-path": "lists",
  "get-content": "reads",
  gc: "reads",
  cat: "reads",
  type: "reads",
};

const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

function commandFor(effect: Effect, files: readonly string[], language: "r" | "julia"): string | null {
  switch (effect) {
    case "pure":
      return "";
    case "reads":
      return files.length === 0 ? null : `cat -- ${files.map(quote).join(" ")}`;
    case "lists":
      return `ls -d -- ${files.length === 0 ? "." : files.map(quote).join(" ")}`;
    case "tests":
      return language === "julia" ? "julia --project test/runtests.jl" : null;
    // Judged as a script operand is, by where the file is (docs/adr/0638).
    case "runs":
      return files.length === 0 || language !== "r" ? null : `Rscript -- ${files.map(quote).join(" ")}`;
    case "package":
      return language !== "r" ? null : `Rscript -- ${files.length === 0 ? "." : files.map(quote).join(" ")}`;
    case "writes":
      return files.length === 0 ? null : files.map((f) => `printf '' > ${quote(f)}`).join("; ");
  }
}

/**
 * R and Julia: the calls (`name(`, `Pkg.test(`), `using`/`library` of plain names, assignments and literals. The
 * file a reading call names must be its first argument, a plain string literal (a write's, its second). Anything
 * able to hide a call (backticks, `$(`, `eval`, `::` but R's `pkg::name` of a known call, `@macros`, `;` shell mode)
 * leaves the code unread.
 */
function readCalls(code: string, table: Readonly<Record<string, Effect>>, language: "r" | "julia"): string[] | null {
  // Pipes (`%>%`, `|>`) hand a function to data: `"x" %>% file.remove` calls what reads as a bare name.
  if (/[`@%]|\|>|\$\(|\bdo\b|->|:\/\//.test(code)) return null;
  // R's `pkg::name(` calls a named function of a package, looked up whole in the table (`testthat::test_dir`).
  if (/::/.test(code) && (language !== "r" || /:::|(?<![\w.])::|::(?![A-Za-z_.])/.test(code))) return null;
  // Strings are set aside first, so a call spelled inside one is no call.
  const strings: string[] = [];
  const bare = code.replace(/"((?:[^"\\$]|\\.)*)"|'((?:[^'\\]|\\.)*)'/g, (_m, d?: string, s?: string) => {
    strings.push(d ?? s ?? "");
    return ` __S${strings.length - 1}__ `;
  });
  if (/["'\\]/.test(bare)) return null;
  const commands: string[] = [];
  const statements = bare
    .split(/[;\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== "");
  for (const statement of statements) {
    const loaded = /^(?:using|import)\s+([A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*)$/.exec(statement);
    if (language === "julia" && loaded !== null) continue;
    for (const m of statement.matchAll(/([A-Za-z_.][\w.]*(?:::[A-Za-z_.][\w.]*)?)\s*(\()?/g)) {
      const name = m[1]!;
      if (/^__S\d+__$/.test(name) || /^\.?\d/.test(name)) continue;
      if (m[2] === undefined) {
        // A bare name is a variable or a keyword argument, unless it is a known call used as a value.
        if (/^(?:function|macro|begin|quote|ccall|run|eval|system|Sys|Base|Core|Main)$/.test(name)) return null;
        continue;
      }
      const effect = ownEntry(table, name);
      if (effect === undefined) return null;
      const after = statement.slice((m.index ?? 0) + m[0].length);
      // The file is the first argument; a write's is the second, after a value (`saveRDS(mtcars, "d.rds")`). A file
      // named by a variable or an expression cannot be judged here (null).
      const files =
        effect === "pure" || effect === "tests" ? [] : callFiles(after, effect === "writes" ? 1 : 0, strings, language);
      if (files === null) return null;
      const command = commandFor(effect, files, language);
      if (command === null) return null;
      if (command !== "") commands.push(command);
    }
  }
  return commands;
}

/**
 * PowerShell: a pipeline of known cmdlets whose operands are plain words (paths); options (`-Recurse`, `-Name`)
 * are taken as switches. Script blocks, subexpressions, calls of .NET methods and the call operators leave it unread.
 */
function readPwsh(code: string): string[] | null {
  // `:` names a drive (`Env:`, `HKLM:`, `Cert:`), whose items are variables, registry keys or certificates.
  if (/[{}()[\]&`$@"<>:]/.test(code)) return null;
  const commands: string[] = [];
  for (const stage of code.split(/[;|\n]/)) {
    const words = stage
      .trim()
      .split(/\s+/)
      .filter((w) => w !== "");
    if (words.length === 0) continue;
    const name = words[0]!.toLowerCase();
    const effect = ownEntry(PWSH_COMMANDS, name);
    if (effect === undefined) return null;
    const files = words
      .slice(1)
      .filter((w) => !w.startsWith("-"))
      .map((w) => w.replace(/^'(.*)'$/, "$1"));
    if (files.some((f) => f.includes("'"))) return null;
    const command = effect === "pure" ? "" : commandFor(effect, files, "r");
    if (command === null) return null;
    if (command !== "") commands.push(command);
  }
  return commands;
}

/** The code options read here: PowerShell's `-e`/`-EncodedCommand` is base64, never read. */
const CODE_FLAGS: Readonly<Record<string, RegExp>> = {
  R: /^(?:-e|--expr)$/,
  Rscript: /^-e$/,
  julia: /^(?:-e|-E|--eval|--print)$/,
  pwsh: /^-(?:c|co|com|comm|comma|comman|command)$/i,
  powershell: /^-(?:c|co|com|comm|comma|comman|command)$/i,
};

/** The code texts given on the command line (every `-e`; PowerShell's command is all words after `-c`), or null. */
function codeTexts(program: string, args: readonly Word[]): string[] | null {
  const flag = ownEntry(CODE_FLAGS, program);
  if (flag === undefined) return null;
  const texts: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    const joined = /^(--eval|--print|--expr)=(.*)$/s.exec(v);
    if (joined !== null && flag.test(joined[1]!)) texts.push({ ...args[i]!, value: joined[2]! });
    else if (flag.test(v) && (program === "pwsh" || program === "powershell")) {
      const rest = args.slice(i + 1);
      if (rest.length === 0) return null;
      texts.push({ value: rest.map((w) => w.value).join(" "), dynamic: rest.some((w) => w.dynamic), raw: "" });
      break;
    } else if (flag.test(v)) {
      const code = args[++i];
      if (code === undefined) return null;
      texts.push(code);
    }
  }
  if (texts.length === 0 || texts.some((t) => t.dynamic)) return null;
  return texts.map((t) => t.value);
}

function readOne(program: string, code: string): string[] | null {
  if (code.length > MAX_CODE) return null;
  if (program === "R" || program === "Rscript") return readCalls(code, R_CALLS, "r");
  if (program === "julia") return readCalls(code, JULIA_CALLS, "julia");
  return readPwsh(code);
}

/**
 * The shell commands a program R or Julia reads on stdin amounts to (`R --vanilla -q <<'EOF'`, docs/adr/0722):
 * read as their `-e` code is; null when it cannot be read, or for another language.
 */
export function readForeignProgram(program: string, code: string): string[] | null {
  return program === "R" || program === "Rscript" || program === "julia" ? readOne(program, code) : null;
}

/** The shell commands a foreign one-liner amounts to, or null when it cannot be read. */
export function readForeignCode(program: string, args: readonly Word[]): string[] | null {
  const texts = codeTexts(program, args);
  if (texts === null) return null;
  const commands: string[] = [];
  for (const text of texts) {
    const read = readOne(program, text);
    if (read === null) return null;
    commands.push(...read);
  }
  return commands;
}
