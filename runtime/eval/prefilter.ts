import { posix, resolve } from "node:path";
import type { Expr, Pattern } from "../../compiler/index.ts";
import { memoByObject, ownEntry } from "../../core/index.ts";
import { denyForms, failsClosed, GLOB_CHARS } from "../match/index.ts";
import type { Operation } from "../operation/index.ts";

/**
 * Necessary conditions of expressions, so that a call evaluates only the rules (and history monitors) that can
 * hold for it (docs/adr/0059). A key names one fact of an operation: its tool, a program it runs, one of its
 * types, a category, its host, the first word of its command, the first word of a text bash patterns are tried
 * on, that no bash pattern can be ruled out (an unanalysable command hits them all), a segment of a path as
 * written, a segment of a path resolved against the cwd. `keysOf(e)` is a set of keys such that whenever `e`
 * holds, the operation has at least one of them; null when no such set is known (then `e` is always evaluated).
 *
 * Only facts that the compiled evaluation reads literally are used, so the implication holds by construction
 * for any operation (a property test checks it on random expressions).
 */
export type Keys = readonly string[];

export const keysOf: (e: Expr) => Keys | null = memoByObject((e) => scan(e, keysOf));

/**
 * Keys over facts a classification cannot change (not types or categories): for an unknown tool, an
 * expression whose fixed keys the call lacks cannot hold, whatever the model would classify it as.
 */
export const fixedKeysOf: (e: Expr) => Keys | null = memoByObject((e) => {
  const k = scan(e, fixedKeysOf);
  return k !== null && kindsOf(k).some((kind) => CLASSIFIED.has(kind)) ? null : k;
});

const CLASSIFIED: ReadonlySet<string> = new Set(["type", "cat"]);

/** Whether an expression with these keys can hold for an operation that has `have` (null keys: it can). */
export function mayHold(keys: Keys | null, have: Keys): boolean {
  return keys === null || keys.some((k) => have.includes(k));
}

/** The keys an operation has (what `keysOf` sets are tested against), of the kinds asked for (default: all). */
export function opKeys(op: Operation, kinds: ReadonlySet<string> = ALL_KINDS): Keys {
  const out = [key("tool", op.tool)];
  if (kinds.has("type")) {
    out.push(key("type", op.type));
    for (const t of op.types) out.push(key("type", t));
  }
  if (kinds.has("prog")) for (const p of op.programs) out.push(key("prog", p));
  if (kinds.has("cat")) for (const c of op.categories) out.push(key("cat", c));
  if (kinds.has("host") && op.host !== null) out.push(key("host", op.host));
  if (kinds.has("cmd") && op.command !== null) out.push(key("cmd", firstWord(op.command)));
  if (kinds.has("word") && op.tool === "bash") {
    if (op.shell === null || failsClosed(op.shell)) out.push(BLIND);
    else for (const c of op.shell.commands) for (const form of denyForms(c)) out.push(key("word", firstWord(form)));
  }
  if (kinds.has("seg") || kinds.has("rseg")) {
    // Paths share most segments (a glob may expand to 64 files in one directory): each key once.
    const segs = new Set<string>();
    const cwd = op.call.cwd;
    for (const p of op.path === null ? op.paths.map((a) => a.path) : [op.path, ...op.paths.map((a) => a.path)]) {
      if (kinds.has("seg")) for (const seg of p.split("/")) segs.add(key("seg", seg));
      if (kinds.has("rseg")) for (const seg of resolve(cwd, p).split("/")) segs.add(key("rseg", seg));
    }
    out.push(...segs);
  }
  return out;
}

const KINDS = ["tool", "type", "prog", "cat", "host", "cmd", "word", "seg", "rseg"] as const;
const ALL_KINDS: ReadonlySet<string> = new Set(KINDS);

/** The kinds of keys in a key set (`word` keys come with the `blind` key). */
export function kindsOf(keys: Keys): string[] {
  return keys.map((k) => (k === BLIND ? "word" : k.slice(0, k.indexOf("\0"))));
}

const BLIND = "blind";

function firstWord(text: string): string {
  const space = text.indexOf(" ");
  return space === -1 ? text : text.slice(0, space);
}

const key = (kind: string, value: string) => `${kind}\0${value}`;

/** Fields compared by plain string identity in the compiled evaluation, with the key kind of their values. */
const SCALAR: Readonly<Record<string, string>> = { tool: "tool", host: "host" };
/** List fields whose membership tests compare items by identity. */
const LIST: Readonly<Record<string, string>> = { programs: "prog", categories: "cat", types: "type" };

function scan(e: Expr, keysOf: (e: Expr) => Keys | null): Keys | null {
  switch (e.kind) {
    case "and": {
      // Any conjunct's condition is necessary: take the most selective one.
      let best: Keys | null = null;
      for (const i of e.items) {
        const k = keysOf(i);
        if (k !== null && (best === null || selectivity(k) < selectivity(best))) best = k;
      }
      return best;
    }
    case "or": {
      const all: string[] = [];
      for (const i of e.items) {
        const k = keysOf(i);
        if (k === null) return null;
        all.push(...k);
      }
      return [...new Set(all)];
    }
    case "cmp": {
      if (e.op !== "==") return null;
      return eqKeys(e.left, e.right) ?? eqKeys(e.right, e.left);
    }
    case "in": {
      if (e.negated) return null;
      // `"git" in op.programs`
      const member = listField(e.right);
      if (member !== null) return literalKeys(member, e.left);
      // `op.tool in ["read", "write"]`, `op.type in [write_local, write_external]`
      const f = scalarField(e.left);
      if (f === null || e.right.kind !== "list") return null;
      const out: string[] = [];
      for (const i of e.right.items) {
        if (i.kind !== "lit") return null;
        if (typeof i.value === "string") out.push(key(f, i.value));
      }
      return out;
    }
    case "contains": {
      const member = listField(e.left);
      return member === null ? null : literalKeys(member, e.right);
    }
    case "pattern":
      return patternKeys(e.pattern);
    case "matches": {
      if (isField(e.left, "path") || isField(e.left, "paths")) {
        // A path glob with a literal segment matches only paths that have that segment.
        const seg = literalSegment(e.glob);
        return seg === null ? null : [key("seg", seg)];
      }
      // `op.command matches "git push*"`: the command starts with the glob's text before its first `*`.
      if (!isField(e.left, "command")) return null;
      const w = globWord(e.glob);
      return [w === null ? key("tool", "bash") : key("cmd", w)];
    }
    case "under": {
      // A path under `~/project` is, once resolved, a path with the segment `project`.
      if (!isField(e.left, "path") && !isField(e.left, "paths")) return null;
      const last = posix.basename(posix.normalize(e.prefix));
      return last === "" || last === "." || last === ".." || last === "~" ? null : [key("rseg", last)];
    }
    case "not":
    case "field":
    case "lit":
    case "list":
    case "seen":
    case "count":
      return null;
  }
}

/** `field == "literal"` for a field compared by identity (op.type compares against any of op.types). */
function eqKeys(field: Expr, lit: Expr): Keys | null {
  const f = scalarField(field);
  if (f === null || lit.kind !== "lit" || typeof lit.value !== "string") return null;
  return [key(f, lit.value)];
}

const isField = (e: Expr, name: string) =>
  e.kind === "field" && e.path.length === 2 && e.path[0] === "op" && e.path[1] === name;

function scalarField(e: Expr): string | null {
  if (e.kind !== "field" || e.path.length !== 2 || e.path[0] !== "op") return null;
  const name = e.path[1] ?? "";
  return name === "type" ? "type" : (ownEntry(SCALAR, name) ?? null);
}

function listField(e: Expr): string | null {
  if (e.kind !== "field" || e.path.length !== 2 || e.path[0] !== "op") return null;
  return ownEntry(LIST, e.path[1] ?? "") ?? null;
}

function literalKeys(kind: string, e: Expr): Keys | null {
  return e.kind === "lit" && typeof e.value === "string" ? [key(kind, e.value)] : null;
}

/**
 * A pattern used as a boolean (deny/ask semantics) hits only calls of its own tool when it has no reach into
 * other tools (path patterns reach other tools' accesses, webfetch patterns other tools' URLs) and names one
 * tool. A bash pattern whose glob fixes the first word hits only a command with a text of that first word,
 * or one the analysis cannot vouch for.
 */
export function patternKeys(p: Pattern): Keys | null {
  const spec = p.spec;
  if (p.tool === "bash" && spec?.kind === "bash") {
    const w = globWord(spec.glob);
    if (w !== null) return [key("word", w), BLIND];
  }
  const own = spec === null || spec.kind === "bash" || spec.kind === "json";
  return own && !GLOB_CHARS.test(p.tool) ? [key("tool", p.tool)] : null;
}

/**
 * The first word of every text a `*`-only glob (core/star-glob.ts) matches, when the glob fixes it:
 * its literal start holds a space, or the glob has no `*` (then the text is the glob, or with a bash pattern's
 * `prefix` the glob followed by a space and more).
 */
function globWord(glob: string): string | null {
  const star = glob.indexOf("*");
  const literal = star === -1 ? glob : glob.slice(0, star);
  const space = literal.indexOf(" ");
  if (space !== -1) return literal.slice(0, space);
  return star === -1 ? literal : null;
}

/** The longest segment of a path glob without glob syntax; null for a negated glob or none. */
function literalSegment(glob: string): string | null {
  if (glob.startsWith("!")) return null;
  let best: string | null = null;
  for (const seg of glob.split("/")) {
    if (seg === "" || seg === "." || seg === ".." || GLOB_CHARS.test(seg) || seg.includes("\\")) continue;
    if (best === null || seg.length > best.length) best = seg;
  }
  return best;
}

/** Lower is more selective: programs and hosts name few calls, tools and types many. */
function selectivity(k: Keys): number {
  let worst = 0;
  for (const s of k) worst = Math.max(worst, ownEntry(RANK, s.slice(0, s.indexOf("\0"))) ?? 9);
  return worst * 100 + k.length;
}

const RANK: Readonly<Record<string, number>> = {
  prog: 0,
  host: 0,
  word: 0,
  cmd: 1,
  seg: 1,
  rseg: 1,
  cat: 1,
  type: 2,
  tool: 3,
};

/**
 * Items (rules, monitors, permission patterns) indexed by their keys (`keysOf` an expression, `patternKeys`;
 * null: always a candidate): `candidates` lists, in the original order, every item that can hold for an
 * operation with these keys (the others cannot).
 */
export interface KeyIndex<T> {
  candidates(keys: Keys): readonly T[];
  /** Every item, in order. */
  readonly all: readonly T[];
  /** The kinds of keys the index uses: an operation's other keys need not be computed. */
  readonly kinds: ReadonlySet<string>;
}

export function keyIndex<T>(entries: readonly (readonly [T, Keys | null])[]): KeyIndex<T> {
  const items = entries.map(([item]) => item);
  const always: number[] = [];
  const byKey = new Map<string, number[]>();
  const kinds = new Set<string>();
  entries.forEach(([, keys], i) => {
    if (keys === null) return void always.push(i);
    for (const kind of kindsOf(keys)) kinds.add(kind);
    for (const k of keys) {
      const list = byKey.get(k);
      if (list === undefined) byKey.set(k, [i]);
      else list.push(i);
    }
  });
  if (always.length === items.length) return { candidates: () => items, all: items, kinds };
  const alwaysItems = always.map((i) => items[i] as T);
  return {
    kinds,
    all: items,
    candidates(keys) {
      // Positions from the keys' lists and the always list, sorted and without repeats: candidates are few.
      let at: number[] | null = null;
      for (const k of keys) {
        const list = byKey.get(k);
        if (list === undefined) continue;
        at ??= [];
        for (const i of list) at.push(i);
      }
      if (at === null) return alwaysItems;
      for (const i of always) at.push(i);
      // A typed array sorts numbers without a comparator call per step.
      const sorted = Int32Array.from(at).sort();
      const out: T[] = [];
      let last = -1;
      for (const i of sorted) {
        if (i !== last) out.push(items[i] as T);
        last = i;
      }
      return out;
    },
  };
}
