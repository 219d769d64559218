/**
 * Imported names and aliases resolved to the module functions they stand for (docs/adr/0507), before any scan
 * reads an interpreter one-liner: `from os import unlink; unlink(p)` is `os.unlink(p)`, `from os import system as
 * s; s(…)` is `os.system(…)`, `getattr(__import__('os'), 'remove')(p)` is `os.remove(p)`, `const {rmSync: r} =
 * require('fs'); r(p)` is `fs.rmSync(p)`, ruby's `include FileUtils; rm_rf p` is `FileUtils.rm_rf p`, perl's
 * `POSIX::unlink`/`CORE::unlink` are `unlink`. Every later scan (calls, shell strings, hidden intent, hard denies)
 * then reads one spelling per function, whatever the import.
 *
 * Works on the masked code (literals never rewritten) and rebuilds the source from the literals' own text.
 * Approximate by design: a name imported twice keeps the last import, like the language does for a call after
 * both; with several `*` imports the last module is assumed.
 */
import { ownEntry } from "../../core/index.ts";
import { BUILT, LIT, mask } from "./code-mask.ts";
import type { Language } from "./interpreters.ts";

/** Past this length the code is left as written (interpreters.ts reports it unscanned). */
const MAX_CODE = 100_000;
const TAG = String.raw`[\u0001\u0002](\d+)\u0004`;
const LIT_TAG = String.raw`\u0001(\d+)\u0004`;

interface Names {
  /** Local name → the module function or module it stands for. */
  readonly aliases: Map<string, string>;
  /** The module a `*` import (python) or `include` (ruby) puts in scope, or null. */
  star: string | null;
}

interface Tagged {
  readonly text: string;
  readonly values: ReadonlyMap<number, string>;
}

export function resolveNames(language: Language, code: string): string {
  if (code.length > MAX_CODE || !/^(?:python|javascript|ruby|perl)$/.test(language)) return code;
  const m = mask(language, code);
  let text = "";
  for (let i = 0; i < m.text.length; i++) {
    const c = m.text[i]!;
    text += c === LIT || c === BUILT ? `${c}${i}\u0004` : c;
  }
  const tagged: Tagged = { text: literalLookups(language, { text, values: m.values }), values: m.values };
  const names = namesOf(language, tagged);
  const resolved = names.aliases.size === 0 && names.star === null ? tagged.text : rewrite(language, tagged, names);
  if (resolved === text) return code;
  return resolved.replace(new RegExp(TAG, "g"), (_, i: string) => m.raws.get(Number(i)) ?? "");
}

/** The identifier a run of literals joined by the language's concatenation spells, or null. */
function spelled(language: Language, t: Tagged, run: string): string | null {
  const join = language === "perl" ? "." : "+";
  let out = "";
  for (const part of run.split(join)) {
    const m = new RegExp(`^\\s*${LIT_TAG}\\s*$`).exec(part);
    if (m === null) return null;
    out += t.values.get(Number(m[1])) ?? "";
  }
  return /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(out) ? out : null;
}

/**
 * Lookups by a literal name are the plain name: `__import__('os')` and `importlib.import_module('os')` are `os`,
 * `getattr(os, 'remove')` is `os.remove`, `x['rm' + 'Sync'](…)` is `x.rmSync(…)`.
 */
function literalLookups(language: Language, t: Tagged): string {
  let text = t.text;
  const run = String.raw`(${LIT_TAG}(?:\s*(?:\+|\.)\s*${LIT_TAG})*)`;
  // A name python builds for getattr or __import__ (`'sys'+'tem'`) stays: hidden-code.ts reports it as hiding intent.
  const one = `(${LIT_TAG})`;
  if (language === "python") {
    text = text.replace(
      new RegExp(String.raw`\b(?:__import__|(?:importlib\s*\.\s*)?import_module)\s*\(\s*${one}\s*\)`, "g"),
      (all, r: string) => spelled(language, { ...t, text }, r) ?? all,
    );
    // Inner lookups first: `getattr(getattr(os, 'path'), 'join')`.
    for (let i = 0; i < 4; i++) {
      const next = text.replace(
        new RegExp(String.raw`\bgetattr\s*\(\s*([A-Za-z_][\w.]*)\s*,\s*${one}\s*\)`, "g"),
        (all, obj: string, r: string) => {
          const name = spelled(language, t, r);
          return name === null ? all : `${obj}.${name}`;
        },
      );
      if (next === text) break;
      text = next;
    }
  }
  // perl's own functions under their package names: `CORE::unlink`, `POSIX::unlink`, `POSIX::remove`.
  if (language === "perl")
    text = text.replace(/\b(?:CORE::GLOBAL::|CORE::|POSIX::)(\w+)/g, (_, f: string) => (f === "remove" ? "unlink" : f));
  // A method called by a literal name: `fs['rmSync'](p)`, `db.users['dr'+'op']()`, `getattr`'s bracket kin.
  return text.replace(
    new RegExp(String.raw`([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)\s*\[\s*${run}\s*\](?=\s*\()`, "g"),
    (all, obj: string, r: string) => {
      const name = spelled(language, t, r);
      return name === null ? all : `${obj.replace(/\s+/g, "")}.${name}`;
    },
  );
}

/** A module named by a literal, as one identifier-like word: `node:fs` → `fs`, `fs/promises` → `fs_promises`. */
function moduleName(t: Tagged, index: string): string {
  return (t.values.get(Number(index)) ?? "").replace(/^node:/, "").replace(/[^\w$.]/g, "_");
}

/**
 * A module or a module's function bound to a plain name (`d = os; d.remove(p)`, `const r = fs.rmSync`): the name
 * stands for it, as an import alias does (docs/adr/0574). Only a whole dotted name on the right, never a call.
 */
function boundNames(names: Names, text: string, assignment: RegExp): void {
  for (const m of text.matchAll(assignment)) {
    const [head, ...rest] = m[2]!.split(".");
    const target = [names.aliases.get(head!) ?? head!, ...rest].join(".");
    if (target !== m[1]) names.aliases.set(m[1]!, target);
  }
}

function namesOf(language: Language, t: Tagged): Names {
  const names: Names = { aliases: new Map(), star: null };
  const text = t.text;
  switch (language) {
    case "python":
      for (const m of text.matchAll(/\bfrom\s+([\w.]+)\s+import\s+(\([^)]*\)|[^;\n]*)/g))
        for (const item of m[2]!.replace(/[()]/g, "").split(",")) {
          const it = /^\s*(\w+|\*)(?:\s+as\s+(\w+))?\s*$/.exec(item);
          if (it === null) continue;
          if (it[1] === "*") names.star = m[1]!;
          else names.aliases.set(it[2] ?? it[1]!, `${m[1]}.${it[1]}`);
        }
      for (const m of text.matchAll(/(?:^|[;\n])\s*import\s+([^;\n]*)/g))
        for (const item of m[1]!.split(",")) {
          const it = /^\s*([\w.]+)\s+as\s+(\w+)\s*$/.exec(item);
          if (it !== null) names.aliases.set(it[2]!, it[1]!);
        }
      boundNames(names, text, /(?:^|[;\n])[ \t]*(\w+)[ \t]*=[ \t]*([A-Za-z_]\w*(?:\.\w+)*)[ \t]*(?=[;\n]|$)/g);
      break;
    case "javascript":
      for (const m of text.matchAll(
        new RegExp(
          String.raw`\b(?:const|let|var)\s*\{([^{}]*)\}\s*=\s*(?:await\s+)?require\s*\(\s*${LIT_TAG}\s*\)`,
          "g",
        ),
      ))
        destructured(names, moduleName(t, m[2]!), m[1]!, ":");
      for (const m of text.matchAll(new RegExp(String.raw`\bimport\s*\{([^{}]*)\}\s*from\s*${LIT_TAG}`, "g")))
        destructured(names, moduleName(t, m[2]!), m[1]!, " as ");
      for (const m of text.matchAll(
        new RegExp(String.raw`\bimport\s+(?:\*\s+as\s+)?([\w$]+)\s*(?:,\s*\{[^{}]*\}\s*)?from\s*${LIT_TAG}`, "g"),
      ))
        names.aliases.set(m[1]!, moduleName(t, m[2]!));
      for (const m of text.matchAll(
        new RegExp(
          String.raw`\b(?:const|let|var)\s+([\w$]+)\s*=\s*(?:await\s+)?require\s*\(\s*${LIT_TAG}\s*\)(?:\s*\.\s*([\w$]+))?`,
          "g",
        ),
      ))
        names.aliases.set(m[1]!, m[3] === undefined ? moduleName(t, m[2]!) : `${moduleName(t, m[2]!)}.${m[3]}`);
      boundNames(
        names,
        text,
        /(?:^|[;\n{])\s*(?:const|let|var)\s+([\w$]+)\s*=\s*([A-Za-z_$][\w$]*(?:\.[\w$]+)*)\s*(?=[;\n}]|$)/g,
      );
      break;
    case "ruby":
      for (const m of text.matchAll(/\b(?:include|extend)\s+([A-Z][\w:]*)/g)) names.star = m[1]!;
      // `alias r system`, `alias_method :r, :system`: the new name is the old one's method (docs/adr/0530).
      for (const m of text.matchAll(RUBY_ALIAS)) names.aliases.set(m[1]!, names.aliases.get(m[2]!) ?? m[2]!);
      break;
    case "perl":
      // POSIX's remove deletes a file like unlink; `use POSIX` exports it.
      if (/\buse\s+POSIX\b(?!\s*\(\s*\))/.test(text)) names.aliases.set("remove", "unlink");
      break;
    default:
      break;
  }
  // `r = shutil.rmtree`, `const r = fs.rmSync`: a name given a module function once is that function.
  const assigned =
    /(?:^|[;\n{]|\b(?:const|let|var|my)\b)\s*([\w$]+)\s*=\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+)\s*(?=$|[;\n])/g;
  for (const m of text.matchAll(assigned)) {
    const head = m[2]!.split(".")[0]!;
    names.aliases.set(m[1]!, `${names.aliases.get(head) ?? head}${m[2]!.slice(head.length)}`);
  }
  return names;
}

/** `{rmSync: r, unlinkSync}` (`:`) or `{rmSync as r}` (` as `): each local name is the module's function. */
function destructured(names: Names, module: string, list: string, as: string): void {
  for (const item of list.split(",")) {
    const [from, to] = item.split(as).map((s) => s.replace(/=.*$/s, "").trim());
    if (from !== undefined && /^[\w$]+$/.test(from)) names.aliases.set(to || from, `${module}.${from}`);
  }
}

/** Names the language calls itself; a `*` import or an `include` does not change what they are. */
const OWN: Readonly<Record<string, ReadonlySet<string>>> = {
  python: new Set(
    "print len range str int float list dict set tuple map filter zip sorted enumerate isinstance type repr bytes input exit any all sum min max abs iter next getattr setattr hasattr __import__ exec eval compile super object format hash id bool open".split(
      " ",
    ),
  ),
  ruby: new Set(
    "puts print p pp system exec spawn require require_relative load open exit sleep loop fork raise format sprintf gets rand srand catch throw lambda proc binding at_exit include extend attr_accessor def end if unless while until do then else elsif return and or not in case when begin rescue ensure yield".split(
      " ",
    ),
  ),
};

/** ruby's `alias NEW OLD` and `alias_method :NEW, :OLD` statements. */
const RUBY_ALIAS = /\balias(?:_method)?\s+:?(\w+[?!]?)\s*,?\s*:?(\w+[?!]?)/g;

/** Each use of an imported name as a call head or an attribute's object, written as what it stands for. */
function rewrite(language: Language, t: Tagged, names: Names): string {
  const own = ownEntry(OWN, language) ?? new Set<string>();
  const bare = language === "ruby" || language === "perl" ? String.raw`|[ \t]+(?=[\u0001\u0002\w$@:\[-])` : "";
  const head = new RegExp(String.raw`(?<![\w$@.:>])([A-Za-z_$][\w$]*)(?=\s*[(.]${bare})`, "g");
  // An alias statement names a method and calls nothing: it reads as `nil`, its uses as the method they call.
  const text = language === "ruby" ? t.text.replace(RUBY_ALIAS, "nil") : t.text;
  return text.replace(head, (name: string, _n: string, at: number) => {
    const before = text.slice(Math.max(0, at - 12), at);
    // The import statement itself and definitions keep their names.
    if (/\b(?:import|as|def|function|sub|class|module|from)\s+$/.test(before)) return name;
    const alias = names.aliases.get(name);
    if (alias !== undefined) return alias;
    if (language === "perl") return name;
    if (names.star === null || own.has(name) || /^[A-Z]/.test(name)) return name;
    // Only calls take the star module: `chmod(…)`, `rm_rf '/x'`; `os.x` or `self.x` are named already.
    const after = text.slice(at + name.length, at + name.length + 2);
    return /^\s*\./.test(after) ? name : `${names.star}.${name}`;
  });
}
