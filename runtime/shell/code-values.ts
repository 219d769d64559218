import { ownEntry } from "../../core/index.ts";
/**
 * The calls an interpreter one-liner makes, and the values of their arguments where the text fixes them
 * (docs/adr/0330). Works on the masked code (code-mask.ts): a call is a dotted name followed by `(`, or, in perl
 * and ruby, by its arguments without parentheses; its arguments are split at the commas of its own level.
 * An argument's value is folded from literals only: strings, numbers, their concatenation, `os.path.join` and
 * its kin, `expanduser`, `Path(…)`, names bound once to such a value, and the home directory from the
 * environment (`~`). Anything else is unknown (null): a path or pid computed at run time.
 *
 * Every scan is linear or bounded by the code's length; code comes from the agent and must not stall the hook.
 */
import { BUILT, LIT, type Masked } from "./code-mask.ts";
import type { Language } from "./interpreters.ts";

export type Value = { readonly kind: "str"; readonly v: string } | { readonly kind: "num"; readonly v: number };

export interface CodeCall {
  /** The callee as written, blanks removed: `shutil.rmtree`, `fs.rmSync`, `FileUtils.chown_R`, `kill`. */
  readonly name: string;
  /** A method called on an expression (`Path('x').unlink()`): that expression's masked text; null otherwise. */
  readonly receiver: string | null;
  /** The masked text of each argument, in order; keyword arguments (`mode='w'`) as written. */
  readonly args: readonly string[];
  /** Index of the callee in the masked text. */
  readonly at: number;
}

export interface CodeText {
  readonly language: Language;
  readonly masked: Masked;
  /** The masked text with each literal tagged by its index (`LIT<index>\u0004`): slices keep their values. */
  readonly text: string;
  /** Names bound once to a value the text fixes (`p = '.claude/settings.json'`). */
  readonly bindings: ReadonlyMap<string, Value>;
  readonly calls: readonly CodeCall[];
}

const IDENT = String.raw`[$@]?[A-Za-z_][\w$]*`;
const CALLEE = new RegExp(String.raw`(?<![\w$@])${IDENT}(?:\s*(?:\.|::|->)\s*${IDENT})*(?=\s*\()`, "g");
/** perl and ruby call without parentheses: `kill 9, -1`, `unlink 'x'`, `FileUtils.rm_rf "x"`. */
const BARE_CALLEE = new RegExp(
  String.raw`(?<![\w$@.>:])${IDENT}(?:\s*(?:\.|::|->)\s*${IDENT})*(?=[ \t]+[\u0001\w$@\-:\[])`,
  "g",
);
const PERL_RUBY_KEYWORDS = new Set([
  "my",
  "our",
  "local",
  "use",
  "require",
  "return",
  "if",
  "unless",
  "while",
  "until",
  "for",
  "foreach",
  "and",
  "or",
  "not",
  "do",
  "end",
  "then",
  "else",
  "elsif",
  "print",
  "puts",
  "p",
  "say",
  "sub",
  "def",
  "in",
  "x",
]);

/** A literal in the tagged text: LIT, its index in the masked text, END. */
export const TOKEN = /\u0001(\d+)\u0004/;

export function readCode(language: Language, masked: Masked): CodeText {
  let text = "";
  for (let i = 0; i < masked.text.length; i++) text += masked.text[i] === LIT ? `${LIT}${i}\u0004` : masked.text[i];
  const calls: CodeCall[] = [];
  for (const m of text.matchAll(CALLEE)) {
    const open = text.indexOf("(", m.index + m[0].length);
    const close = matching(text, open);
    calls.push({
      name: m[0].replace(/\s+/g, ""),
      receiver: receiverOf(text, m.index),
      args: splitArgs(text.slice(open + 1, close < 0 ? text.length : close)),
      at: m.index,
    });
  }
  if (language === "perl" || language === "ruby") {
    for (const m of text.matchAll(BARE_CALLEE)) {
      const name = m[0].replace(/\s+/g, "");
      if (PERL_RUBY_KEYWORDS.has(name) || name.startsWith("$") || name.startsWith("@")) continue;
      const start = m.index + m[0].length;
      calls.push({
        name,
        receiver: receiverOf(text, m.index),
        args: splitArgs(statementRest(text, start)),
        at: m.index,
      });
    }
  }
  const code: CodeText = { language, masked, text, bindings: new Map(), calls };
  return { ...code, bindings: bindingsOf(code) };
}

/** The index of the bracket closing the one at `open`, or -1. */
function matching(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** The text of a paren-less call's arguments: up to the end of the statement at its own level. */
function statementRest(text: string, start: number): string {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      if (depth === 0) return text.slice(start, i);
      depth--;
    } else if (depth === 0 && (c === ";" || c === "\n")) return text.slice(start, i);
    else if (depth === 0 && /\s(?:or|and|if|unless|do)\b/.test(text.slice(i, i + 8))) return text.slice(start, i);
  }
  return text.slice(start);
}

/** The expression a method is called on (`Path(LIT).unlink` → `Path(LIT)`), when it ends in a call or index. */
function receiverOf(text: string, at: number): string | null {
  let i = at - 1;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  if (text[i] !== "." && !(text[i] === ">" && text[i - 1] === "-")) return null;
  i -= text[i] === "." ? 1 : 2;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  if (text[i] !== ")" && text[i] !== "]") return null;
  let depth = 0;
  let j = i;
  for (; j >= 0; j--) {
    const c = text[j]!;
    if (c === ")" || c === "]" || c === "}") depth++;
    else if (c === "(" || c === "[" || c === "{") {
      depth--;
      if (depth === 0) break;
    }
  }
  if (j < 0) return null;
  let k = j;
  while (k > 0 && /[\w$@.:]/.test(text[k - 1]!)) k--;
  return text.slice(k, i + 1);
}

/** Top-level comma-separated parts (`=>` separated too: perl's fat comma). */
export function splitArgs(inner: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i]!;
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    else if (depth === 0 && c === ",") {
      out.push(inner.slice(from, i).trim());
      from = i + 1;
    }
  }
  const last = inner.slice(from).trim();
  if (last !== "" || out.length > 0) out.push(last);
  return out;
}

const ASSIGN = new RegExp(
  String.raw`(?:^|[;\n{(]|\b(?:let|const|var|my|local|our)\b)\s*(${IDENT})\s*(=(?![=~>])|\+=|\.=|\|\|=|<<)`,
  "g",
);

/** Names assigned exactly once, to a value the text fixes; a name assigned twice, or a loop variable, is unknown. */
function bindingsOf(code: CodeText): Map<string, Value> {
  const text = code.text;
  const seen = new Map<string, number>();
  const out = new Map<string, Value>();
  for (const m of text.matchAll(/\bfor\s*\(?\s*(?:(?:let|const|var|my)\s+)?([$@]?[A-Za-z_][\w$]*)/g))
    seen.set(m[1]!, 2);
  for (const m of text.matchAll(ASSIGN)) {
    const name = m[1]!;
    seen.set(name, (seen.get(name) ?? 0) + (m[2] === "=" ? 1 : 2));
  }
  for (const m of text.matchAll(ASSIGN)) {
    const name = m[1]!;
    if (seen.get(name) !== 1 || m[2] !== "=") continue;
    const start = m.index + m[0].length;
    const rhs = statementRest(text, start);
    const v = valueOf({ ...code, bindings: out }, rhs);
    if (v !== null) out.set(name, v);
  }
  return out;
}

const L = String.raw`\u0001\d+\u0004`;
const HOME = new RegExp(
  String.raw`^(?:os\.environ\[LIT\]|os\.environ\.get\(LIT\)|os\.getenv\(LIT\)|getenv\(LIT\)|process\.env\.HOME|process\.env\[LIT\]|ENV\[LIT\]|ENV\.fetch\(LIT\)|\$ENV\{\s*(?:HOME|LIT)\s*\}|\$_SERVER\[LIT\]|\$_ENV\[LIT\])$`.replaceAll(
    "LIT",
    L,
  ),
);
const HOME_CALLS = new RegExp(
  String.raw`^(?:(?:require\(LIT\)|os)\.homedir\(\)|(?:pathlib\.)?Path\.home\(\)|Dir\.home(?:\(\))?|Deno\.env\.get\(LIT\))$`.replaceAll(
    "LIT",
    L,
  ),
);
/** Calls that give back their (joined) arguments as a path. */
const JOINS =
  /^(?:os\.path\.join|posixpath\.join|path\.join|path\.resolve|File\.join|(?:pathlib\.)?(?:Pure)?(?:Posix)?Path|Pathname\.new|File::Spec->catfile|File::Spec->catdir|catfile|catdir)$/;
const SAME =
  /^(?:os\.path\.(?:expanduser|expandvars|abspath|realpath|normpath)|str|String|File\.expand_path|File\.absolute_path|path\.normalize|realpath|(?:sqlalchemy\.|sa\.)?text|sql\.raw)$/;
/** Named constants of modes and signals. */
const CONSTANTS: Readonly<Record<string, number>> = {
  S_ISUID: 0o4000,
  S_ISGID: 0o2000,
  S_ISVTX: 0o1000,
  S_IRWXU: 0o700,
  S_IRWXG: 0o70,
  S_IRWXO: 0o7,
  S_IRUSR: 0o400,
  S_IWUSR: 0o200,
  S_IXUSR: 0o100,
  S_IRGRP: 0o40,
  S_IWGRP: 0o20,
  S_IXGRP: 0o10,
  S_IROTH: 0o4,
  S_IWOTH: 0o2,
  S_IXOTH: 0o1,
  SIGKILL: 9,
  SIGTERM: 15,
  SIGHUP: 1,
  SIGINT: 2,
  SIGQUIT: 3,
  SIGSTOP: 19,
  SIGUSR1: 10,
  SIGUSR2: 12,
};

/** The value an argument's text fixes, or null. */
export function valueOf(code: CodeText, raw: string, depth = 0): Value | null {
  if (depth > 8) return null;
  let t = raw.trim();
  while (t.startsWith("(") && matching(t, 0) === t.length - 1) t = t.slice(1, -1).trim();
  if (t === "" || t.includes(BUILT)) return null;
  const concat = code.language === "perl" || code.language === "php" ? "." : code.language === "lua" ? ".." : "+";
  const parts = splitTop(t, concat);
  if (parts.length > 1)
    return joinValues(
      parts.map((p) => valueOf(code, p, depth + 1)),
      "",
    );
  if (code.language === "python" && /\bPath\b/.test(t)) {
    const segs = splitTop(t, "/");
    if (segs.length > 1)
      return joinValues(
        segs.map((p) => valueOf(code, p, depth + 1)),
        "/",
      );
  }
  const bits = splitTop(t, "|");
  if (bits.length > 1) {
    const vs = bits.map((p) => valueOf(code, p, depth + 1));
    return vs.every((v) => v?.kind === "num")
      ? { kind: "num", v: vs.reduce((a, v) => a | (v as { v: number }).v, 0) }
      : null;
  }
  return primary(code, t, depth);
}

function primary(code: CodeText, t: string, depth: number): Value | null {
  const lit = /^(?:[rRbBuU]{0,2}|:)\u0001(\d+)\u0004$/.exec(t);
  if (lit !== null) {
    const v = code.masked.values.get(Number(lit[1]));
    return v === undefined ? null : { kind: "str", v };
  }
  const num = numberOf(t);
  if (num !== null) return { kind: "num", v: num };
  if (/^:[A-Z]+$/.test(t)) return { kind: "str", v: t.slice(1) }; // ruby :KILL
  if ((HOME.test(t) && homeKey(code, t)) || HOME_CALLS.test(t)) return { kind: "str", v: "~" };
  const constant = /(?:^|\.|::)(S_I\w+|SIG[A-Z0-9]+)$/.exec(t);
  const value = constant === null ? undefined : ownEntry(CONSTANTS, constant[1]!);
  if (value !== undefined) return { kind: "num", v: value };
  const bound = code.bindings.get(t);
  if (bound !== undefined) return bound;
  const open = t.indexOf("(");
  if (open > 0 && t.endsWith(")") && matching(t, open) === t.length - 1) {
    const name = t.slice(0, open).replace(/\s+/g, "");
    const args = splitArgs(t.slice(open + 1, -1)).filter((x) => !/^\w+\s*=[^=]/.test(x) && !x.startsWith("{"));
    if (JOINS.test(name) && args.length > 0)
      return joinValues(
        args.map((x) => valueOf(code, x, depth + 1)),
        "/",
      );
    if (SAME.test(name) && args.length >= 1) return valueOf(code, args[0]!, depth + 1);
  }
  // Path and Pathname objects: `Path('x').resolve()`, `.expanduser()`, `.absolute()`, `.to_s`.
  const method = /^([\s\S]+)\.(?:expanduser|resolve|absolute|expand_path|to_s)(?:\(\))?$/.exec(t);
  if (method !== null) return valueOf(code, method[1]!, depth + 1);
  return null;
}

/** `os.environ['HOME']`-like lookups count only for HOME (or USERPROFILE). */
function homeKey(code: CodeText, t: string): boolean {
  if (/\bHOME\b/.test(t)) return true;
  const tag = TOKEN.exec(t);
  return tag !== null && /^(?:HOME|USERPROFILE)$/.test(code.masked.values.get(Number(tag[1])) ?? "");
}

function numberOf(t: string): number | null {
  const s = t.replace(/_/g, "").replace(/n$/, "");
  if (/^-?0[oO][0-7]+$/.test(s)) return sign(s) * Number.parseInt(s.replace(/^-?0[oO]/, ""), 8);
  if (/^-?0[xX][0-9a-fA-F]+$/.test(s)) return sign(s) * Number.parseInt(s.replace(/^-?0[xX]/, ""), 16);
  if (/^-?0[0-7]+$/.test(s)) return sign(s) * Number.parseInt(s.replace(/^-?0/, ""), 8);
  if (/^-?\d+(?:\.\d+)?(?:[eE]\d+)?$/.test(s)) return Number(s);
  return null;
}

function sign(s: string): number {
  return s.startsWith("-") ? -1 : 1;
}

function joinValues(vs: readonly (Value | null)[], sep: string): Value | null {
  if (vs.some((v) => v === null)) return null;
  const strs = vs.map((v) => (v!.kind === "str" ? v!.v : String(v!.v)));
  if (sep === "/")
    return {
      kind: "str",
      v: strs.reduce((a, s) => (s.startsWith("/") || a === "" ? s : `${a.replace(/\/$/, "")}/${s}`), ""),
    };
  return { kind: "str", v: strs.join(sep) };
}

/** Parts at the top level split by an operator (not inside brackets); `**` and `//` are not `*` or `/`. */
function splitTop(t: string, op: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    else if (depth === 0 && t.startsWith(op, i)) {
      const prev = t[i - 1];
      const next = t[i + op.length];
      if (
        op === "." &&
        (/\d/.test(prev ?? "") || /\d/.test(next ?? "") || (/\w/.test(next ?? "") && /[\w)]/.test(prev ?? "")))
      )
        continue;
      if (op !== "." && (next === op[0] || prev === op[0] || next === "=")) continue;
      out.push(t.slice(from, i));
      from = i + op.length;
      i += op.length - 1;
    }
  }
  out.push(t.slice(from));
  return out.length > 1 ? out : [t];
}
