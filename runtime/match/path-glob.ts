/**
 * Gitignore-style path globs (docs/adr/0091) over absolute, normalized paths:
 * - no `/` but a trailing one (`.env`, `*.pem`, `node_modules/`): a name at any depth;
 * - `~` / `~/x`: under home; `/x`: absolute; `.`, `./x`, `../x` or any other relative glob with a `/`: under
 *   the call's cwd;
 * - a path matches when it or one of its ancestors does (`.git` covers `.git/config`; `dir/**` covers `dir`).
 * Compiled once per glob string (picomatch, `dot: true`); the anchor is applied per call by cutting the path
 * relative to home or cwd, so home and cwd never enter the compiled matcher or its cache key.
 */
import { posix } from "node:path";
import picomatch from "picomatch";
import type { PathGlob } from "../../compiler/index.ts";

type Anchor = "absolute" | "home" | "cwd" | "anywhere";

export interface CompiledPathGlob {
  readonly anchor: Anchor;
  /** Leading `..` segments of a cwd-relative glob: the base is that many levels above cwd. */
  readonly up: number;
  /** The base itself and everything under it (`.`, `~`, `/`, `./**`). */
  readonly all: boolean;
  /** Tests the path relative to the anchor (without a leading `/`; the whole path for `anywhere`). */
  readonly test: (rel: string) => boolean;
  /** The picomatch globs `test` is made of (none when `all`): lists combine them into one expression. */
  readonly globs: readonly string[];
  /** Letters match whatever their case (`nocase` below). */
  readonly nocase: boolean;
}

export interface PathGlobOptions {
  /** Sandbox directories: a bare name (`build`) is a directory under cwd, not a name at any depth. */
  readonly bareIsRelative?: boolean;
  /**
   * Match letters whatever their case: the deny-side lists (credentials, protected), because on a
   * case-insensitive filesystem (macOS, Windows) `.CLAUDE/settings.json` is `.claude/settings.json`. Never for
   * what widens what is allowed (allow patterns, sandbox directories).
   */
  readonly nocase?: boolean;
}

const PICO: picomatch.PicomatchOptions = { dot: true, nonegate: true };
const PICO_NOCASE: picomatch.PicomatchOptions = { ...PICO, nocase: true };

const cache = new Map<string, CompiledPathGlob>();

export function compilePathGlob(glob: string, options: PathGlobOptions = {}): CompiledPathGlob {
  const key = `${options.bareIsRelative === true ? "r" : "g"}${options.nocase === true ? "i" : ""}\0${glob}`;
  let c = cache.get(key);
  if (c === undefined) {
    c = compile(glob, options.bareIsRelative === true, options.nocase === true);
    cache.set(key, c);
  }
  return c;
}

function compile(glob: string, bareIsRelative: boolean, nocase: boolean): CompiledPathGlob {
  // A trailing `/` means "a directory" in gitignore; we cannot stat, and descendants match anyway.
  const g = glob.length > 1 ? glob.replace(/\/+$/, "") || "/" : glob;
  if (g === "~" || g.startsWith("~/")) return anchored("home", g.slice(2), nocase);
  if (g.startsWith("/")) return anchored("absolute", g.slice(1), nocase);
  if (g === "." || g.startsWith("./") || g === ".." || g.startsWith("../") || g.includes("/") || bareIsRelative) {
    return anchored("cwd", g, nocase);
  }
  const globs = [`**/${g}`, `**/${g}/**`];
  return { anchor: "anywhere", up: 0, all: false, test: lazyMatcher(globs, nocase), globs, nocase };
}

function anchored(anchor: Anchor, rest: string, nocase: boolean): CompiledPathGlob {
  // `a/./b`, `a/../b` collapse; leading `..` segments stay and move the base up.
  let rel = rest === "" ? "" : posix.normalize(rest);
  let up = 0;
  while (rel === ".." || rel.startsWith("../")) {
    up++;
    rel = rel.slice(3);
  }
  if (rel === ".") rel = "";
  const all = rel === "" || /^(\*\*\/?)+$/.test(rel);
  const globs = all ? [] : [rel, `${rel}/**`];
  return { anchor, up, all, test: all ? () => true : lazyMatcher(globs, nocase), globs, nocase };
}

/**
 * picomatch's matcher, built on first use: in a list, the combined expression of its anchor (`positives`)
 * answers most paths, so a short-lived process (the hook) often needs no per-glob matcher at all.
 */
function lazyMatcher(globs: readonly string[], nocase: boolean): (rel: string) => boolean {
  let m: ((rel: string) => boolean) | null = null;
  return (rel) => (m ??= picomatch([...globs], nocase ? PICO_NOCASE : PICO))(rel);
}

/** Whether the absolute path `p` matches. `home` and `cwd` are absolute and normalized (no trailing `/`). */
export function pathMatches(c: CompiledPathGlob, p: string, home: string, cwd: string): boolean {
  switch (c.anchor) {
    case "anywhere":
      return c.test(p.startsWith("/") ? p.slice(1) : p);
    case "absolute":
      return p.startsWith("/") && (c.all || c.test(p.slice(1)));
    case "home":
      return underBase(c, p, home);
    case "cwd":
      return underBase(c, p, c.up === 0 ? cwd : ancestor(cwd, c.up));
  }
}

function underBase(c: CompiledPathGlob, p: string, base: string): boolean {
  const rel = relativeTo(base, p);
  if (rel === null) return false;
  if (rel === "") return c.all;
  return c.test(rel);
}

/** `p` relative to `base` ("" for the base itself), or null when `p` is not under it. */
export function relativeTo(base: string, p: string): string | null {
  if (base === "/") return p.startsWith("/") ? p.slice(1) : null;
  if (p === base) return "";
  return p.startsWith(base) && p.charCodeAt(base.length) === 47 /* / */ ? p.slice(base.length + 1) : null;
}

function ancestor(dir: string, levels: number): string {
  let d = dir;
  for (let i = 0; i < levels; i++) d = posix.dirname(d);
  return d;
}

/** A PathGlob list compiled once: gitignore order, a leading `!` re-includes what an earlier glob matched. */
export interface CompiledList {
  readonly entries: readonly { readonly negated: boolean; readonly glob: CompiledPathGlob; readonly text: string }[];
  /** The list's positive globs, by anchor, each group one expression: when none matches, nothing in the list does. */
  readonly positives: () => readonly Group[];
}

/**
 * Positive globs of one anchor (and one `up` for cwd-relative ones) as one sticky expression: the alternation
 * of picomatch's own expressions. picomatch's matcher also counts an input equal to the glob text as a match,
 * so those texts are kept too; `all` when some glob of the group covers its whole base.
 */
interface Group {
  readonly anchor: Anchor;
  readonly up: number;
  readonly all: boolean;
  readonly re: RegExp | null;
  readonly texts: ReadonlySet<string>;
}

function groupsOf(entries: CompiledList["entries"]): Group[] {
  const byAnchor = new Map<string, CompiledPathGlob[]>();
  for (const e of entries) {
    if (e.negated) continue;
    const k = `${e.glob.anchor}\0${e.glob.up}`;
    byAnchor.set(k, [...(byAnchor.get(k) ?? []), e.glob]);
  }
  return [...byAnchor.values()].map((globs) => {
    const first = globs[0] as CompiledPathGlob;
    const texts = globs.flatMap((g) => g.globs);
    const sources = texts.map((t) => `(?:${picomatch.makeRe(t, first.nocase ? PICO_NOCASE : PICO).source})`);
    const re = sources.length === 0 ? null : new RegExp(sources.join("|"), first.nocase ? "iy" : "y");
    return { anchor: first.anchor, up: first.up, all: globs.some((g) => g.all), re, texts: new Set(texts) };
  });
}

function groupTest(g: Group, input: string): boolean {
  if (input === "" || g.re === null) return false;
  if (g.texts.has(input)) return true;
  g.re.lastIndex = 0;
  return g.re.test(input);
}

/** Whether some positive glob of the list matches `p` (as `pathMatches` would decide it for that glob). */
function anyPositive(list: CompiledList, p: string, home: string, cwd: string): boolean {
  for (const g of list.positives()) {
    switch (g.anchor) {
      case "anywhere":
        if (groupTest(g, p.startsWith("/") ? p.slice(1) : p)) return true;
        break;
      case "absolute":
        if (p.startsWith("/") && (g.all || groupTest(g, p.slice(1)))) return true;
        break;
      case "home":
      case "cwd": {
        const rel = relativeTo(g.anchor === "home" ? home : g.up === 0 ? cwd : ancestor(cwd, g.up), p);
        if (rel !== null && (g.all || groupTest(g, rel))) return true;
        break;
      }
    }
  }
  return false;
}

/** One store per option set: `r`elative (sandbox) and `i` (case-insensitive) lists compile differently. */
const stores = new Map<string, WeakMap<readonly PathGlob[], CompiledList>>();

export function compileList(list: readonly PathGlob[], options: PathGlobOptions = {}): CompiledList {
  const key = `${options.bareIsRelative === true ? "r" : ""}${options.nocase === true ? "i" : ""}`;
  let store = stores.get(key);
  if (store === undefined) stores.set(key, (store = new WeakMap()));
  let c = store.get(list);
  if (c === undefined) {
    const entries = list.map(({ glob }) => {
      const negated = glob.startsWith("!");
      // `\!name` is a literal `!` (gitignore); picomatch reads the escape itself.
      const text = negated ? glob.slice(1) : glob;
      return { negated, glob: compilePathGlob(text, options), text };
    });
    // Built on first use: a call that names no path (most bash commands) never needs the expressions.
    let positives: readonly Group[] | null = null;
    c = { entries, positives: () => (positives ??= groupsOf(entries)) };
    store.set(list, c);
  }
  return c;
}

/** Last match wins: the verdict of the last entry that matches `p`, false when none does. */
export function listIncludes(list: CompiledList, p: string, home: string, cwd: string): boolean {
  // Most paths match nothing in a list: one expression per anchor says so instead of a matcher per glob.
  return anyPositive(list, p, home, cwd) && lastMatch(list, p, home, cwd);
}

/** The walk itself (gitignore order), without the shortcut: the reference of a differential test. */
export function lastMatch(list: CompiledList, p: string, home: string, cwd: string): boolean {
  for (let i = list.entries.length - 1; i >= 0; i--) {
    const e = list.entries[i]!;
    if (pathMatches(e.glob, p, home, cwd)) return !e.negated;
  }
  return false;
}
