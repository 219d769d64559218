/**
 * Evaluates word nodes the way bash would before running a command: quotes removed, escapes and `$'..'`
 * decoded, concatenations joined, variables resolved only from the same command string. Anything whose
 * value is unknown keeps its source text as a marker (`$TMPDIR`, `$(pwd)`) and makes the word dynamic.
 */
import { decodeAnsiC } from "./ansi-c.ts";
import type { SyntaxNode as Node } from "./syntax.ts";
import type { Scope } from "./scope.ts";

export interface Word {
  readonly value: string;
  readonly dynamic: boolean;
  /** Source text of the word as written. */
  readonly raw: string;
  /** Has braces the grammar saw unquoted: brace expansion may turn it into several words. */
  readonly braces?: boolean;
  /** Has an unquoted glob (`*`, `?`, `[..]`): the shell may replace it with file names. */
  readonly glob?: boolean;
  /**
   * Holds a command substitution whose output is a literal written in it (`$(echo ls)`, `` `printf x` ``): the
   * value is that output, as bash makes it (docs/adr/0167).
   */
  readonly echoed?: boolean;
  /**
   * Is one variable holding a `$(mktemp)` path and nothing else: the path, or the empty string when mktemp failed
   * (docs/adr/0794). A word that joins such a variable with other text is dynamic: `"$d"/*` would be `/*`.
   */
  readonly fresh?: boolean;
}

export interface WordEnv {
  readonly scope: Scope;
  /** Walks the commands inside `$()`, backticks, `<()` or `>()`; they run before the word is used. */
  readonly onSubstitution: (node: Node) => void;
}

interface Part {
  value: string;
  dynamic: boolean;
  /** A literal command substitution was read through (Word.echoed). */
  echoed?: boolean;
  /** The value starts with the home marker `~` from `$HOME`: only meaningful at the start of a word. */
  home?: boolean;
  /** Holds a variable that stands for a glob's paths (a loop over `docs/*.md`): the word is a glob. */
  glob?: boolean;
  /** Is a variable holding a `$(mktemp)` path (Word.fresh): its marker text, `$t`. */
  fresh?: string;
}

export function literalWord(value: string): Word {
  return { value, dynamic: false, raw: value };
}

export function evalWord(node: Node, env: WordEnv): Word {
  const part = evalPart(node, env, false);
  const { value } = part;
  let dynamic = part.dynamic;
  const first = node.type === "concatenation" ? node.child(0) : node;
  if (first !== null && first.type === "word" && first.text.startsWith("~")) {
    // Tilde expansion: `~` and `~/x` are the home marker; `~user`, `~+`, `~-` depend on the system.
    const prefix = /^~[^/]*/.exec(first.text)?.[0] ?? "~";
    if (prefix !== "~") dynamic = true;
  }
  const word: Word = {
    value,
    dynamic,
    raw: node.text,
    ...(part.echoed === true && !dynamic ? { echoed: true } : {}),
    ...(part.fresh !== undefined && !dynamic ? { fresh: true } : {}),
  };
  const braces = hasUnquoted(node, /[{}]/);
  const glob = hasUnquoted(node, /[*?]|\[[^\]]+\]/) || (part.glob === true && !dynamic);
  return braces || glob ? { ...word, ...(braces ? { braces } : {}), ...(glob ? { glob } : {}) } : word;
}

/**
 * Whether the word's unquoted text matches: tested on the whole word, since tree-sitter-bash splits `r[m]` into
 * the words `r`, `[`, `m`, `]` and a bracket expression spans them. Quoted parts stand in as a plain letter.
 */
function hasUnquoted(node: Node, re: RegExp): boolean {
  return re.test(unquotedText(node));
}

function unquotedText(node: Node): string {
  if (node.type === "brace_expression") return "{}";
  if (node.type === "word") return node.text;
  if (node.type === "concatenation") return node.children.map(unquotedText).join("");
  return "q";
}

function evalPart(node: Node, env: WordEnv, quoted: boolean): Part {
  switch (node.type) {
    case "word":
      return { value: unescapeUnquoted(node.text), dynamic: false };
    case "raw_string":
      return { value: node.text.slice(1, -1), dynamic: false };
    case "ansi_c_string":
      return { value: decodeAnsiC(node.text.slice(2, -1)), dynamic: false };
    case "string":
      return evalInterpolated(node, env, DOUBLE_QUOTED);
    case "translated_string": {
      const inner = node.namedChild(0);
      return inner === null ? { value: "", dynamic: false } : evalPart(inner, env, true);
    }
    case "concatenation":
      return evalInterpolated(node, env, UNQUOTED);
    case "simple_expansion":
    case "expansion":
      return evalExpansion(node, env, quoted);
    case "command_substitution": {
      env.onSubstitution(node);
      // `$(pwd)` is the directory the command runs in, as `$PWD` is (docs/adr/0575).
      if (printsWorkdir(node, env)) return { value: ".", dynamic: false };
      const out = echoedOutput(node, env);
      // Unquoted, the output is split into words and globbed: only a single plain word keeps its value.
      if (out !== null && (quoted || (!/[\s*?[\]{}]/.test(out) && out !== "" && !env.scope.ifsChanged())))
        return { value: out, dynamic: false, echoed: true };
      return { value: node.text, dynamic: true };
    }
    case "process_substitution":
      env.onSubstitution(node);
      return { value: node.text, dynamic: true };
    case "brace_expression":
      return { value: node.text, dynamic: false };
    case "number":
      if (node.namedChildCount === 0) return { value: node.text, dynamic: false };
      return opaque(node, env);
    default:
      return opaque(node, env);
  }
}

/** How a word made of parts is delimited: the lengths of its quotes, and how the text between parts unescapes. */
interface Interpolation {
  readonly openLen: number;
  readonly closeLen: number;
  readonly unescapeGap: (s: string) => string;
}

/** `"…"` */
const DOUBLE_QUOTED: Interpolation = { openLen: 1, closeLen: 1, unescapeGap: unescapeDoubleQuoted };
/** A concatenation: `a"$b"c`. */
const UNQUOTED: Interpolation = { openLen: 0, closeLen: 0, unescapeGap: unescapeUnquoted };

/** The `NAME=` start of an argument shaped like an assignment. */
const ASSIGNMENT_SHAPED = /^[A-Za-z_][A-Za-z0-9_]*=$/;

/** Children interleaved with literal text not covered by any child (tree-sitter leaves gaps in strings). */
function evalInterpolated(node: Node, env: WordEnv, { openLen, closeLen, unescapeGap }: Interpolation): Part {
  const text = node.text;
  const base = node.startIndex;
  let pos = base + openLen;
  const end = node.endIndex - closeLen;
  let value = "";
  let dynamic = false;
  let home = false;
  let echoed = false;
  let glob = false;
  let fresh: Part | null = null;
  /** Where `$(mktemp)` variables sit in the value, to put their marker text back when the word is dynamic. */
  const marks: { at: number; length: number; text: string }[] = [];
  const quoted = node.type === "string";
  for (const child of node.children) {
    if (child === null || child.startIndex < pos || child.endIndex > end) continue;
    if (child.startIndex > pos) value += unescapeGap(text.slice(pos - base, child.startIndex - base));
    if (child.type === "string_content") {
      value += unescapeDoubleQuoted(child.text);
    } else if (child.isNamed) {
      const p = evalPart(child, env, quoted);
      // `/$HOME/x` is not the home directory: the marker only stands for it at the start of a word, or after the
      // `NAME=` of an assignment-shaped argument, where bash expands `~` too (`make PREFIX=$HOME/.local` is
      // `make PREFIX=~/.local`, docs/adr/0443).
      dynamic ||= p.dynamic || (p.home === true && value !== "" && !ASSIGNMENT_SHAPED.test(value));
      if (p.echoed === true) echoed = true;
      if (p.glob === true) glob = true;
      if (p.fresh !== undefined) {
        fresh = p;
        marks.push({ at: value.length, length: p.value.length, text: p.fresh });
      }
      if (p.home === true && value === "") home = true;
      value += p.value;
    } else {
      value += child.text; // an anonymous token inside a word, e.g. `$` before a string
    }
    pos = child.endIndex;
  }
  if (pos < end) value += unescapeGap(text.slice(pos - base, end - base));
  // A `$(mktemp)` variable with other text around it: when mktemp failed, `"$d"/..` and `"$d/"*` leave it.
  const alone = fresh !== null && value === fresh.value;
  if (fresh !== null && !alone) {
    dynamic = true;
    for (const m of marks.reverse()) value = value.slice(0, m.at) + m.text + value.slice(m.at + m.length);
  }
  const mark = alone ? fresh?.fresh : undefined;
  return {
    value,
    dynamic,
    home,
    ...(echoed ? { echoed } : {}),
    ...(glob ? { glob } : {}),
    ...(mark !== undefined ? { fresh: mark } : {}),
  };
}

/** `$(pwd)`, `` `pwd` ``, `$(pwd -P)`: the builtin, not a function of that name defined earlier in the string. */
function printsWorkdir(node: Node, env: WordEnv): boolean {
  const inner = node.namedChildren.filter((c) => c !== null);
  if (inner.length !== 1 || inner[0]!.type !== "command") return false;
  return /^pwd(?:\s+-[LP])?$/.test(inner[0]!.text.trim()) && !env.scope.mayBeFunction("pwd");
}

/**
 * What `$(echo WORDS)` or `` `printf TEXT` `` prints when it is written out in the command itself: `echo` without
 * options whose arguments hold no backslash (so no shell option changes what it prints), or `printf` with one
 * argument holding no `%` and no backslash; trailing newlines dropped, as a substitution does. null otherwise
 * (anything computed, read, or formatted stays unknown).
 */
function echoedOutput(node: Node, env: WordEnv): string | null {
  const inner = node.namedChildren.filter((c) => c !== null);
  if (inner.length !== 1 || inner[0]!.type !== "command") return null;
  const parts = inner[0]!.namedChildren.filter((c) => c !== null);
  const name = parts[0];
  if (name === undefined || name.type !== "command_name") return null;
  const quiet: WordEnv = { scope: env.scope, onSubstitution: () => undefined };
  const words: string[] = [];
  for (const arg of parts.slice(1)) {
    if (arg.type === "file_redirect" || arg.type === "herestring_redirect" || arg.type === "heredoc_redirect")
      return null;
    const w = evalWord(arg, quiet);
    if (w.dynamic || w.glob === true || w.braces === true || w.value.includes("\\")) return null;
    words.push(w.value);
  }
  const program = name.text;
  if (env.scope.mayBeFunction(program)) return null;
  if (program === "echo" && (words.length === 0 || !words[0]!.startsWith("-")))
    return words.join(" ").replace(/\n+$/, "");
  if (program === "printf" && words.length === 1 && !/[%\\]/.test(words[0]!)) return words[0]!.replace(/\n+$/, "");
  return null;
}

/**
 * The fields bash makes of a word that is one unquoted variable whose value is known and holds blanks
 * (`CMD="npm test"; $CMD`): split at blanks, each field globbed (docs/adr/0571). Null for any other word, and
 * once IFS changed (the split is then unknown): evalWord keeps those dynamic.
 */
export function splitFields(node: Node, env: WordEnv, arrays = false): Word[] | null {
  const fields = (arrays ? arrayFields(node, env) : null) ?? positionalFields(node, env);
  if (fields !== null) return fields;
  if (node.type !== "simple_expansion" && node.type !== "expansion") return null;
  const name = plainVariableName(node);
  if (name === null || env.scope.ifsChanged()) return null;
  const known = env.scope.lookup(name);
  if (known === null || !/\s/.test(known) || env.scope.isGlob(name)) return null;
  return known
    .split(/\s+/)
    .filter((f) => f !== "")
    .map((f) => ({ value: f, dynamic: false, raw: node.text, ...(/[*?]|\[[^\]]+\]/.test(f) ? { glob: true } : {}) }));
}

/**
 * `"${c[@]}"`, `${c[@]}` or `${c[*]}` of an array written out whole (Scope.writtenArray): its elements, each one
 * word when quoted, split at blanks when not (elements hold no glob). `"${c[*]}"` joins them into one word and is
 * not read here; nor is anything once IFS changed (ADR 0776).
 */
function arrayFields(node: Node, env: WordEnv): Word[] | null {
  const quoted = node.type === "string";
  const inner = quoted ? node.namedChildren.filter((c) => c !== null) : [node];
  if (inner.length !== 1 || (quoted && node.text !== `"${inner[0]!.text}"`)) return null;
  const expansion = inner[0]!;
  if (expansion.type !== "expansion" || expansion.childCount !== 3) return null;
  const subscript = expansion.namedChild(0);
  const parts = subscript?.type === "subscript" ? subscript.namedChildren.filter((c) => c !== null) : [];
  const all = quoted ? /^@$/ : /^[@*]$/;
  if (parts.length !== 2 || parts[0]!.type !== "variable_name" || !all.test(parts[1]!.text)) return null;
  const elements = env.scope.writtenArray(parts[0]!.text);
  if (elements === null || env.scope.ifsChanged()) return null;
  const fields = quoted ? elements : elements.flatMap((e) => e.split(/\s+/).filter((f) => f !== ""));
  return fields.length === 0 ? null : fields.map((f) => ({ value: f, dynamic: false, raw: node.text }));
}

/**
 * `"$@"`, `$@` or `$*` as a whole word in the body of a function read for one call with literal arguments: those
 * arguments, each one word when quoted, split at blanks when not (ADR 0778). Null otherwise.
 */
function positionalFields(node: Node, env: WordEnv): Word[] | null {
  const args = env.scope.positional();
  if (args === null || env.scope.ifsChanged()) return null;
  const quoted = node.type === "string";
  const inner = quoted ? node.namedChildren.filter((c) => c !== null) : [node];
  if (inner.length !== 1 || (quoted && node.text !== `"${inner[0]!.text}"`)) return null;
  const all = quoted ? /^\$(?:@|\{@\})$/ : /^\$(?:[@*]|\{[@*]\})$/;
  if (!all.test(inner[0]!.text)) return null;
  const fields = quoted ? args : args.flatMap((a) => a.split(/\s+/).filter((f) => f !== ""));
  return fields.map((f) => ({ value: f, dynamic: false, raw: node.text }));
}

/** `$#`, and `"$*"` quoted (the arguments joined by a blank), of a call read with its arguments (ADR 0778). */
function positionalPart(node: Node, env: WordEnv, quoted: boolean): Part | null {
  const args = env.scope.positional();
  if (args === null) return null;
  if (/^\$(?:#|\{#\})$/.test(node.text)) return { value: String(args.length), dynamic: false };
  if (quoted && /^\$(?:\*|\{\*\})$/.test(node.text) && !env.scope.ifsChanged())
    return { value: args.join(" "), dynamic: false };
  return null;
}

function evalExpansion(node: Node, env: WordEnv, quoted: boolean): Part {
  const positional = positionalPart(node, env, quoted);
  if (positional !== null) return positional;
  const name = plainVariableName(node);
  if (name !== null) {
    const known = env.scope.lookup(name);
    // Unquoted values with blanks (or any value, once IFS changed) would be split into several words:
    // we cannot say which, so dynamic.
    if (known !== null && (quoted || (!/[\s]/.test(known) && !env.scope.ifsChanged()))) {
      return {
        value: known,
        dynamic: false,
        home: name === "HOME" && env.scope.homeIsMarker(),
        ...(env.scope.isGlob(name) ? { glob: true } : {}),
        ...(env.scope.isFresh(name) ? { fresh: node.text.trim() } : {}),
      };
    }
  }
  // `${TMPDIR:-/tmp}`: the temp folder the user's environment names, or /tmp when it names none or an empty one.
  // Either is scratch space; the string did not set it (docs/adr/0819, as mktemp's folder in 0794).
  const temp = /^\$\{TMPDIR:-(\/tmp|\/var\/tmp)\/?\}$/.exec(node.text.trim());
  if (temp !== null && !env.scope.assignedHere("TMPDIR")) return { value: temp[1]!, dynamic: false };
  visitSubstitutions(node, env);
  return { value: node.text.trim(), dynamic: true };
}

/** `$NAME` or `${NAME}` with nothing else; null for `$1`, `${#x}`, `${x:-y}`, ... */
function plainVariableName(node: Node): string | null {
  const named = node.namedChildren.filter((c) => c !== null);
  if (named.length !== 1 || named[0]!.type !== "variable_name") return null;
  if (node.type === "expansion" && node.childCount !== 3) return null;
  return named[0]!.text;
}

function opaque(node: Node, env: WordEnv): Part {
  visitSubstitutions(node, env);
  return { value: node.text, dynamic: hasExpansion(node) };
}

const EXPANSIONS = new Set([
  "simple_expansion",
  "expansion",
  "command_substitution",
  "process_substitution",
  "arithmetic_expansion",
]);

function hasExpansion(node: Node): boolean {
  if (EXPANSIONS.has(node.type)) return true;
  for (const c of node.namedChildren) if (c !== null && hasExpansion(c)) return true;
  return false;
}

/** Hands every outermost `$()`/backtick/`<()`/`>()` below `node` to the walker. */
export function visitSubstitutions(node: Node, env: WordEnv): void {
  for (const c of node.namedChildren) {
    if (c === null) continue;
    if (c.type === "command_substitution" || c.type === "process_substitution") env.onSubstitution(c);
    else visitSubstitutions(c, env);
  }
}

export function unescapeUnquoted(s: string): string {
  return s.replace(/\\(\n|.)/gs, (_m, ch: string) => (ch === "\n" ? "" : ch));
}

export function unescapeDoubleQuoted(s: string): string {
  return s.replace(/\\([\\"$`\n])/g, (_m, ch: string) => (ch === "\n" ? "" : ch));
}

/** A heredoc body: literal when the delimiter is quoted, otherwise expanded like a double-quoted string. */
export function evalHeredocBody(body: Node, delimiterQuoted: boolean, stripTabs: boolean, env: WordEnv): Word {
  const strip = (s: string): string => (stripTabs ? s.replace(/^\t+/gm, "") : s);
  if (delimiterQuoted) return { value: strip(body.text), dynamic: false, raw: body.text };
  const unescapeHeredoc = (s: string): string =>
    s.replace(/\\([\\$`\n])/g, (_m, ch: string) => (ch === "\n" ? "" : ch));
  const text = body.text;
  const base = body.startIndex;
  let pos = base;
  let value = "";
  let dynamic = false;
  for (const child of body.namedChildren) {
    if (child === null || child.startIndex < pos) continue;
    if (child.startIndex > pos) value += unescapeHeredoc(text.slice(pos - base, child.startIndex - base));
    if (child.type === "heredoc_content") value += unescapeHeredoc(child.text);
    else {
      const p = evalPart(child, env, true);
      value += p.value;
      dynamic ||= p.dynamic;
    }
    pos = child.endIndex;
  }
  if (pos < body.endIndex) value += unescapeHeredoc(text.slice(pos - base));
  return { value: strip(value), dynamic, raw: text };
}
