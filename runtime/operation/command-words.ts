import { ownEntry } from "../../core/index.ts";
/**
 * A simple command's arguments read with the program's knowledge: which words are options, which option
 * takes the next word as its value (`curl -o FILE`, `git commit -m MSG`), and which words are positional.
 * Short clusters are split (`-rf`); a value-taking letter ends the cluster and takes the rest as its value
 * (`-XPOST`, `-ofile`). After `--` every word is positional. Flags are aliased per program (`-R` → `-r`).
 */
import { gitEnvSettings, type SimpleCommand } from "../shell/index.ts";
import { resolveCommand } from "./command-spelling.ts";
import type { Program, When } from "./knowledge/index.ts";

export interface CommandWords {
  readonly args: readonly string[];
  readonly flags: ReadonlySet<string>;
  /** Values of options, by option name as written (before aliasing): `-o` → ["out.txt"]. */
  readonly options: ReadonlyMap<string, readonly string[]>;
  readonly positionals: readonly string[];
  /** Where each positional stands in `args` (same order as `positionals`). */
  readonly positionalAt: readonly number[];
  /** Where each option value of `options` was given in `args`, by option name (same order as its values). */
  readonly optionAt: ReadonlyMap<string, readonly number[]>;
  /** The arguments whose value depends on an expansion unknown here (SimpleCommand.unknownArgs), as written. */
  readonly unknown?: readonly string[];
  /** What the command reads on stdin (SimpleCommand.stdin): its text is read like an argument by `text` rules. */
  readonly stdin?: { readonly text: string | null; readonly listed?: readonly string[] };
  /** The settings this run is given, keys lower-cased (When.setting): assignments, and git's config. */
  readonly settings: readonly { readonly key: string; readonly value: string }[];
  /** Comments the text is also read without (Program.comments). */
  readonly comments?: "sql";
}

const NUMBER = /^-\d+(?:\.\d+)?$/;

/** Each program's value-taking options as a set, made once per program (its knowledge is static). */
const valueSets = new WeakMap<Program, ReadonlySet<string>>();

function valueSet(program: Program): ReadonlySet<string> {
  let set = valueSets.get(program);
  if (set === undefined) {
    set = new Set(program.values ?? []);
    valueSets.set(program, set);
  }
  return set;
}

export function commandWords(cmd: SimpleCommand, program: Program): CommandWords {
  const allValues = valueSet(program);
  const plainIn = (sub: string | undefined): readonly string[] =>
    (sub === undefined || program.flagsIn === undefined ? undefined : ownEntry(program.flagsIn, sub)) ?? [];
  const values = { has: (f: string): boolean => allValues.has(f) && !plainIn(positionals[0]).includes(f) };
  const alias = (f: string): string => (program.aliases === undefined ? undefined : ownEntry(program.aliases, f)) ?? f;
  const flags = new Set<string>();
  const options = new Map<string, string[]>();
  const positionals: string[] = [];
  const positionalAt: number[] = [];
  const optionAt = new Map<string, number[]>();
  let at = 0;
  const setOption = (name: string, value: string): void => {
    const list = options.get(name);
    if (list === undefined) options.set(name, [value]);
    else list.push(value);
    const where = optionAt.get(name);
    if (where === undefined) optionAt.set(name, [at]);
    else where.push(at);
  };
  const args = cmd.args;
  let rest = false;
  // An option's value is the next word, except `--`: that ends the options whatever the table says, so a flag
  // wrongly known as taking a value (`git stash -u -- .claude`) cannot hide the operands after it (docs/adr/0493).
  // The option counts as given, with no value.
  const valueAt = (next: number): string => {
    if (args[next] !== "--") return args[next]!;
    flags.add("--");
    rest = true;
    return "";
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    at = i;
    if (rest || a === "-" || !a.startsWith("-") || NUMBER.test(a)) {
      positionals.push(a);
      positionalAt.push(i);
      continue;
    }
    if (a === "--") {
      // Kept as a flag: for some programs it means something (`git checkout -- f` discards changes).
      flags.add("--");
      rest = true;
      continue;
    }
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      const name = eq === -1 ? a : a.slice(0, eq);
      flags.add(alias(name));
      if (eq !== -1) setOption(name, a.slice(eq + 1));
      else if (values.has(name) && i + 1 < args.length) setOption(name, valueAt(++i));
      continue;
    }
    if (values.has(a)) {
      // A whole word that is a known option (also multi-letter single-dash ones: `-var`, `-chdir`).
      flags.add(alias(a));
      if (i + 1 < args.length) setOption(a, valueAt(++i));
      continue;
    }
    const eq = a.indexOf("=");
    if (eq > 1 && values.has(a.slice(0, eq))) {
      flags.add(alias(a.slice(0, eq)));
      setOption(a.slice(0, eq), a.slice(eq + 1));
      continue;
    }
    for (let j = 1; j < a.length; j++) {
      const f = `-${a[j]}`;
      flags.add(alias(f));
      if (values.has(f)) {
        if (j + 1 < a.length) setOption(f, a.slice(j + 1));
        else if (i + 1 < args.length) setOption(f, valueAt(++i));
        break;
      }
    }
    // Single-dash long options (`-delete`, `-exec`, `-name`) are kept whole as well.
    if (a.length > 2) flags.add(alias(a));
  }
  // The command word as the program resolves it (`npm pub` is `npm publish`, docs/adr/0521).
  if (program.spelling !== undefined && positionals.length > 0)
    positionals[0] = resolveCommand(positionals[0]!, program.spelling);
  return {
    args,
    flags,
    options,
    positionals,
    positionalAt,
    optionAt,
    ...(cmd.unknownArgs === undefined ? {} : { unknown: cmd.unknownArgs.map((i) => args[i] ?? "") }),
    ...(cmd.stdin === undefined ? {} : { stdin: cmd.stdin }),
    settings: settingsOf(cmd),
    ...(program.comments === undefined ? {} : { comments: program.comments }),
  };
}

/**
 * `NAME=value` assignments, and for git the config it is given: `-c key=value`, `--config-env key=VAR` (the value
 * is the variable's, unknown here) and GIT_CONFIG_* pairs (docs/adr/0291).
 */
function settingsOf(cmd: SimpleCommand): { key: string; value: string }[] {
  const out = cmd.assignments.map((a) => ({ key: a.name.toLowerCase(), value: a.value }));
  if (cmd.program !== "git") return out;
  for (const o of cmd.droppedOptions ?? []) {
    const m = /^(-c|--config-env)[\s=]([^=]+)=(.*)$/s.exec(o);
    if (m !== null) out.push({ key: m[2]!.toLowerCase(), value: m[1] === "-c" ? m[3]! : `$${m[3]}` });
  }
  out.push(...gitEnvSettings(cmd.assignments));
  return out;
}

/** Whether a knowledge rule's conditions all hold for these words. */
export function matchesWhen(w: When, words: CommandWords): boolean {
  const sub = w.sub ?? [];
  for (let i = 0; i < sub.length; i++) if (words.positionals[i] !== sub[i]) return false;
  const after = words.positionals.slice(sub.length);
  if (w.flag !== undefined && !w.flag.some((f) => words.flags.has(f))) return false;
  if (w.allFlags !== undefined && !w.allFlags.every((f) => words.flags.has(f))) return false;
  if (w.notFlag?.some((f) => words.flags.has(f))) return false;
  if (w.word !== undefined && !after.some((x) => w.word!.includes(x))) return false;
  if (w.wordPrefix !== undefined && !after.some((x) => w.wordPrefix!.some((p) => x.startsWith(p)))) return false;
  if (w.wordText !== undefined && !after.some((x) => w.wordText!.test(x))) return false;
  if (w.firstWord !== undefined && (after.length === 0 || !w.firstWord.test(after[0]!))) return false;
  if (w.lastWord !== undefined && (after.length === 0 || !w.lastWord.test(after.at(-1)!))) return false;
  if (
    w.oldStyle !== undefined &&
    (![...words.flags].every((f) => words.options.has(f)) || !w.oldStyle.test(after[0] ?? ""))
  )
    return false;
  if (w.option !== undefined && !Object.entries(w.option).some(([opt, want]) => optionIs(words, opt, want)))
    return false;
  if (
    w.optionText !== undefined &&
    !Object.entries(w.optionText).some(([opt, re]) => (words.options.get(opt) ?? []).some((v) => re.test(v)))
  )
    return false;
  if (w.text !== undefined && !textOf(words).some((t) => w.text!.test(t))) return false;
  if (w.unlessText !== undefined && textOf(words).some((t) => w.unlessText!.test(t))) return false;
  if (w.bare === true && after.length > 0) return false;
  if (w.minWords !== undefined && after.length < w.minWords) return false;
  if (w.maxWords !== undefined && after.length > w.maxWords) return false;
  if (w.unknownValue !== undefined && !unknownValue(words, w.unknownValue, after)) return false;
  if (w.stdin === "unknown" && (words.stdin === undefined || words.stdin.text !== null)) return false;
  const setting = w.setting;
  if (
    setting !== undefined &&
    !words.settings.some((s) => setting.key.test(s.key) && !(setting.unlessValue?.test(s.value) ?? false))
  )
    return false;
  return true;
}

/** Some value of these options (or an operand, for `"(operand)"`) holds text from an expansion unknown here. */
function unknownValue(words: CommandWords, options: readonly string[], after: readonly string[]): boolean {
  const unknown = words.unknown ?? [];
  const hidden = (v: string): boolean => v !== "" && unknown.some((u) => u.includes(v));
  return options.some((o) =>
    o === "(operand)" ? after.some((v) => unknown.includes(v)) : (words.options.get(o) ?? []).some(hidden),
  );
}

/** Some value of the option is one of `want`, case-insensitive. */
function optionIs(words: CommandWords, opt: string, want: readonly string[]): boolean {
  return (words.options.get(opt) ?? []).some((v) => want.some((x) => x.toUpperCase() === v.toUpperCase()));
}

/** The texts of a command's words, made once per command: every `text` and `unlessText` rule reads them. */
const texts = new WeakMap<CommandWords, readonly string[]>();

function textOf(words: CommandWords): readonly string[] {
  let text = texts.get(words);
  if (text === undefined) {
    text = wordTexts(words);
    texts.set(words, text);
  }
  return text;
}

function wordTexts(words: CommandWords): string[] {
  const stdin = words.stdin?.text;
  const text = [
    ...words.args,
    ...[...words.options.values()].flat(),
    ...(stdin === undefined || stdin === null ? [] : [stdin]),
  ];
  // A statement sent in a URL's query, as the server decodes it (docs/adr/0561): ClickHouse's `?query=DROP%20TABLE%20x`.
  text.push(...text.flatMap(urlStatements));
  if (words.comments !== "sql") return text;
  // Read both ways: a `--` inside a string literal is no comment, and blanking from it must not hide what follows.
  const bare = text.map((t) => t.replace(SQL_COMMENT, " ")).filter((t, i) => t !== text[i]);
  return [...text, ...bare];
}

/**
 * The query parameters that carry a statement to a database's HTTP interface: ClickHouse and QuestDB `query=`,
 * `sql=`, `statement=`/`stmt=` of SQL gateways. A search's `q=` is left as written: `?q=drop+table+postgres` is a
 * question about SQL, not SQL sent to a server.
 */
const STATEMENT_PARAM = /[?&](?:query|sql|statement|stmt)=([^&#]*)/gi;

/** The decoded values of a URL's statement parameters (`%20` and `+` are blanks, byte by byte: SQL is ASCII). */
function urlStatements(text: string): string[] {
  if (!text.includes("?")) return [];
  return [...text.matchAll(STATEMENT_PARAM)].map((m) =>
    m[1]!
      .replace(/\+/g, " ")
      .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
  );
}

/** SQL's block and line comments: the server reads each as a blank. A word that starts `--` is an option, unless a line follows. */
const SQL_COMMENT = /\/\*[\s\S]*?\*\/|(?<=[\s\S])(?<![\w-])--[^\n]*|^--[^\n]*\n/g;
