/**
 * The environment printed into a filter that keeps none of its secrets (docs/adr/0690). `env`, `printenv`,
 * `export -p` and a bare `set` print every variable, tokens among them: SECURITY (ADR 0328). Piped on, what reaches
 * the transcript is what the pipeline's filter keeps:
 *
 * - a count (`env | wc -l`, `export -p | grep -c .`): numbers, never a value;
 * - the lines of variables that hold no secret, named by a grep pattern (`env | grep -E '^(PATH|SHELL|LANG)='`,
 *   `env | grep -i node_env`): an anchored name, or an unanchored one distinctive enough not to turn up inside a
 *   value (it holds `_`, or it is matched case-sensitively in capitals, `env | grep PATH`).
 *
 * `sort`, `uniq` and `cat` before the filter pass everything on. Anything else keeps the dump SECURITY: a pattern
 * that names another variable (`grep -i token`), context lines (`-A3`), an inverted match that prints the rest, a
 * pattern read from a file or an expansion, a count of a pattern that could test a secret's value one guess at a
 * time (`grep -c '^AWS_SECRET_ACCESS_KEY=a'`), a dump whose output is also written somewhere (`env > f | …`, `tee`).
 */
import { type SimpleCommand, stageAfter } from "../shell/index.ts";

/** Variables that name places, tools, locales and modes: never a credential (a proxy URL may hold one: not here). */
const HARMLESS = new Set([
  ...["PATH", "SHELL", "LANG", "LANGUAGE", "TERM", "COLORTERM", "HOME", "USER", "LOGNAME", "PWD", "OLDPWD", "SHLVL"],
  ...["EDITOR", "VISUAL", "PAGER", "TZ", "HOSTNAME", "DISPLAY", "WAYLAND_DISPLAY", "TMPDIR", "CI", "DEBIAN_FRONTEND"],
  ...["NODE_ENV", "RAILS_ENV", "RACK_ENV", "APP_ENV", "FLASK_ENV", "MIX_ENV", "GO_ENV", "DJANGO_SETTINGS_MODULE"],
  ...["JAVA_HOME", "GOPATH", "GOROOT", "GOBIN", "CARGO_HOME", "RUSTUP_HOME", "PYTHONPATH", "VIRTUAL_ENV", "NVM_DIR"],
  ...["CONDA_DEFAULT_ENV", "CONDA_PREFIX", "MANPATH", "INFOPATH", "LD_LIBRARY_PATH", "PKG_CONFIG_PATH"],
  ...["CC", "CXX", "CFLAGS", "CXXFLAGS", "LDFLAGS", "MAKEFLAGS"],
]);
const HARMLESS_PREFIXES = ["LC_", "XDG_"];

/** Patterns every line matches: with a count they count the variables. */
const EVERY_LINE = new Set(["", ".", "^", "$", "=", ".*", "^.*", "^.*$", ".*=.*"]);

/** Stages that pass every line they read on: the filter after them decides. */
const PASS_ON = new Set(["sort", "uniq", "cat"]);

/** grep's options whose value is the next word (or the rest of a letter bundle). */
const GREP_VALUE_LETTERS = new Set(["e", "f", "m", "A", "B", "C", "d", "D"]);

/** Whether the command at `i` (an environment dump) prints into a pipeline that keeps none of the secrets. */
export function dumpFiltered(commands: readonly SimpleCommand[], i: number): boolean {
  const dump = commands[i]!;
  if (dump.redirects.some((r) => r.fd !== 2 && r.mode !== "read")) return false;
  for (let stage = stageAfter(commands, i); stage !== null; stage = stageAfter(commands, commands.indexOf(stage))) {
    if (stage.program === "wc") return true;
    if (stage.program === "grep" || stage.program === "egrep" || stage.program === "fgrep") return grepKeeps(stage);
    if (!PASS_ON.has(stage.program) || stage.args.some((a) => !a.startsWith("-"))) return false;
  }
  return false;
}

/** What a grep stage keeps of the environment is free of secrets. */
function grepKeeps(grep: SimpleCommand): boolean {
  if (grep.dynamicArgs) return false;
  const read = readGrep(grep.args);
  if (read === null || read.patterns.length === 0) return false;
  const { patterns, count, invert, context, caseless } = read;
  if (count) return patterns.every((p) => EVERY_LINE.has(p) || harmless(p, caseless));
  return !invert && !context && patterns.every((p) => harmless(p, caseless));
}

interface GrepReading {
  readonly patterns: readonly string[];
  readonly count: boolean;
  readonly invert: boolean;
  readonly context: boolean;
  readonly caseless: boolean;
}

/** grep's patterns and the options that change what it prints; null for a pattern file or an unknown option form. */
function readGrep(args: readonly string[]): GrepReading | null {
  const patterns: string[] = [];
  const positionals: string[] = [];
  let count = false;
  let invert = false;
  let context = false;
  let caseless = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith("--")) {
      const [name, inline] = a.includes("=") ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)] : [a, null];
      if (name === "--file") return null;
      if (name === "--regexp") {
        const v = inline ?? args[++i];
        if (v === undefined) return null;
        patterns.push(v);
      } else if (name === "--count" || name === "--quiet" || name === "--silent") count = true;
      else if (name === "--invert-match") invert = true;
      else if (name === "--ignore-case") caseless = true;
      else if (/^--(?:after-|before-)?context$/.test(name)) context = true;
      else if (name === "--max-count" && inline === null) i++;
      continue;
    }
    if (a.length > 1 && a.startsWith("-")) {
      if (/^-\d+$/.test(a)) {
        context = true;
        continue;
      }
      for (let j = 1; j < a.length; j++) {
        const letter = a[j]!;
        if (GREP_VALUE_LETTERS.has(letter)) {
          const v = j + 1 < a.length ? a.slice(j + 1) : args[++i];
          if (v === undefined || letter === "f") return null;
          if (letter === "e") patterns.push(v);
          if (letter === "A" || letter === "B" || letter === "C") context = true;
          break;
        }
        if (letter === "c" || letter === "q") count = true;
        else if (letter === "v") invert = true;
        else if (letter === "i" || letter === "y") caseless = true;
      }
      continue;
    }
    positionals.push(a);
  }
  if (patterns.length === 0 && positionals.length > 0) patterns.push(positionals[0]!);
  return { patterns, count, invert, context, caseless };
}

/** A pattern that matches only the lines of variables named in HARMLESS (see the module comment). */
function harmless(pattern: string, caseless: boolean): boolean {
  const anchored = pattern.startsWith("^");
  const body = pattern
    .replace(/^\^/, "")
    .replace(/(?:=|\\b|\$)+$/, "")
    .replace(/^\\?\((.*?)\\?\)$/, "$1");
  const names = body.split(/\\?\|/);
  return names.every((raw) => {
    const name = raw.replace(/(?:=|\\b|\$)+$/, "");
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return false;
    const upper = name.toUpperCase();
    if (!HARMLESS.has(upper) && !HARMLESS_PREFIXES.some((p) => upper.startsWith(p) && upper.length > p.length))
      return false;
    return anchored || name.includes("_") || (!caseless && name === upper);
  });
}
