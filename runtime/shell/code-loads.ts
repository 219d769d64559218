/**
 * The files a one-liner loads as code (docs/adr/0710): a module or script it runs (`require("/tmp/x.js")`,
 * `import("/tmp/x.mjs")`, ruby's `load`, perl's `do`, php's `include`, `runpy.run_path`, `spec_from_file_location`,
 * `zipimporter`, a folder put first on `sys.path`), native code it maps in (`ctypes.CDLL`, `process.dlopen`,
 * `package.loadlib`, sqlite's `load_extension`, `Fiddle.dlopen`), and objects it deserialises with a format that
 * runs code while it reads (pickle and its kin `torch.load`, `joblib.load`, `read_pickle`, `allow_pickle=True`,
 * `shelve`, PyYAML's `unsafe_load` and `Loader=yaml.Loader`; ruby's `Marshal.load` and `YAML.unsafe_load`; perl's Storable; php's `unserialize`). As written: the
 * caller judges where each is (loaded-code.ts), as it judges a script operand (docs/adr/0638).
 *
 * Reads the masked code (code-mask.ts): a call's literal arguments are its path-like string literals, nested calls
 * included (`pickle.load(open('/tmp/m.pkl','rb'))`). A path built at run time is hidden-code.ts' concern.
 */
import { LIT, mask } from "./code-mask.ts";
import type { Language } from "./interpreters.ts";

/** Past this length the code is not scanned (interpreters.ts reports it as unscanned already). */
const MAX_CODE = 100_000;

/** Calls whose literal arguments name code loaded, native code mapped in, or data that runs code as it is read. */
const LOADER_CALLS: Readonly<Record<Language, RegExp | null>> = {
  python: new RegExp(
    [
      String.raw`\brunpy\s*\.\s*run_path`,
      String.raw`\b(?:spec_from_file_location|SourceFileLoader|SourcelessFileLoader|ExtensionFileLoader)`,
      String.raw`\bload_(?:source|compiled|dynamic)`,
      String.raw`\bzipimporter`,
      String.raw`\bsys\s*\.\s*path\s*\.\s*(?:insert|append|extend)`,
      String.raw`\bsite\s*\.\s*addsitedir`,
      String.raw`\b(?:CDLL|PyDLL|LoadLibrary)`,
      String.raw`\bload_extension`,
      String.raw`\b(?:c?pickle|dill|cloudpickle|joblib|torch|shelve|_pickle)\s*\.\s*(?:load|open|Unpickler)`,
      String.raw`\bread_pickle`,
      String.raw`\bunsafe_load(?:_all)?`,
    ].join("|"),
    "g",
  ),
  // Static imports too (`import "https://…/x.js"`, `export * from "…"`): Deno and bundlers fetch a URL (0826).
  javascript: new RegExp(String.raw`\b(?:require|import|dlopen)(?=\s*\()|\b(?:import|from)(?=\s*${LIT})`, "g"),
  // Kernel's own `load`/`require`, not a method of that name (`JSON.load`).
  ruby: /(?<![.:]\s*)\b(?:load|require)\b|\b(?:Marshal\s*\.\s*load|YAML\s*\.\s*unsafe_load(?:_file)?|Psych\s*\.\s*unsafe_load|dlopen)\b/g,
  perl: /\b(?:do|require|retrieve|lock_retrieve|Storable::retrieve|Storable::lock_retrieve|dl_load_file)\b/g,
  php: /\b(?:include|include_once|require|require_once|unserialize|dl)\b/g,
  lua: /\b(?:package\s*\.\s*loadlib|loadfile|dofile)\b/g,
  awk: null,
};

/** Calls that load code only when a named argument says so: numpy's `allow_pickle=True`, keras' `safe_mode=False`, PyYAML's `Loader=yaml.UnsafeLoader`. */
const UNSAFE_WHEN: Readonly<Partial<Record<Language, readonly [RegExp, RegExp]>>> = {
  python: [
    /\b(?:load|load_all|load_model)(?=\s*\()/g,
    /\b(?:allow_pickle\s*=\s*True|safe_mode\s*=\s*False|Loader\s*=\s*(?:\w+\s*\.\s*)?(?:Unsafe)?Loader)\b/,
  ],
};

/** The path-like literals (a path, a file name with an extension, a URL) this one-liner loads as code. */
export function codeLoads(language: Language, code: string): string[] {
  const calls = LOADER_CALLS[language];
  if (calls === null || code.length > MAX_CODE) return [];
  const m = mask(language, code);
  const out: string[] = [];
  const heads = [...m.text.matchAll(new RegExp(calls.source, "g"))];
  const unsafe = UNSAFE_WHEN[language];
  if (unsafe !== undefined)
    for (const head of m.text.matchAll(new RegExp(unsafe[0].source, "g"))) {
      const [start, end] = argumentSpan(m.text, head.index + head[0].length);
      if (unsafe[1].test(m.text.slice(start, end))) heads.push(head);
    }
  for (const head of heads) {
    const [start, end] = argumentSpan(m.text, head.index + head[0].length);
    for (let at = m.text.indexOf(LIT, start); at >= 0 && at < end; at = m.text.indexOf(LIT, at + 1)) {
      const value = m.values.get(at) ?? "";
      if (pathLike(language, head[0], value)) out.push(value);
    }
  }
  return [...new Set(out)];
}

/**
 * Where the arguments starting at `from` are, as [start, end): the call's balanced parentheses, or, for a call
 * written without them (`load "/x.rb"`, `do "/x.pl"`, `include '/x.php'`), the one literal that follows.
 */
function argumentSpan(text: string, from: number): [number, number] {
  let i = from;
  while (i < text.length && (text[i] === " " || text[i] === "\t")) i++;
  if (text[i] === LIT) return [i, i + 1];
  if (text[i] !== "(") return [i, i];
  let depth = 0;
  for (let k = i; k < text.length; k++) {
    if (text[k] === "(") depth++;
    else if (text[k] === ")" && --depth === 0) return [i, k];
  }
  return [i, text.length];
}

/**
 * Whether a literal names a file, a folder or a URL rather than a module name, a mode or a key (`'rb'`, `'m'`):
 * it has a slash, starts with `~` or `.`, has an extension, or is a URL. A bare package name given to
 * `require`/`import` is a dependency of the project (`require("fs")`, `import("lodash/fp")`).
 */
function pathLike(language: Language, head: string, value: string): boolean {
  if (value === "" || value === ":memory:") return false;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return !/^node:|^npm:|^jsr:/.test(value);
  if (language === "javascript" && /^(?:require|import|from)/.test(head)) return /^(?:[./~]|\.\.)/.test(value);
  // `sys.path.insert(0, 'src')`: any folder, the project's own included; the caller trusts the project.
  if (/\bpath\b|addsitedir/.test(head)) return true;
  return /[/\\~]/.test(value) || /^\.{1,2}$/.test(value) || /\.\w{1,8}$/.test(value);
}
