import { resolve } from "node:path";
import { type Value, LEVEL_RANK, type Level } from "../../compiler/index.ts";

/** Leaf semantics of values (docs/reference/expressions.md), shared by the closure compiler and the reference interpreter. */
export type V = Value | null;

export function rank(v: Value): number {
  return typeof v === "string" && v in LEVEL_RANK ? LEVEL_RANK[v as Level] : Number.NaN;
}

export function ordered(op: string, l: number, r: number): boolean {
  switch (op) {
    case "<":
      return l < r;
    case "<=":
      return l <= r;
    case ">":
      return l > r;
    case ">=":
      return l >= r;
    default:
      return false;
  }
}

export function equal(a: Value, b: Value): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => equal(x, b[i] as Value));
  }
  return a === b;
}

/** `op.args.key`: scalars as they are, lists keep their scalars, objects become their JSON text. */
export function argValue(v: unknown): V {
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return v;
  if (Array.isArray(v))
    return v.filter((x): x is string | number | boolean => ["string", "number", "boolean"].includes(typeof x));
  if (v === null || v === undefined) return null;
  return JSON.stringify(v);
}

const prefixCache = new Map<string, string>();

/** The directory an `under` prefix names: `~` against home, relative prefixes against cwd. */
export function normalizePrefix(prefix: string, home: string, cwd: string): string {
  const key = `${prefix}\0${home}\0${cwd}`;
  let base = prefixCache.get(key);
  if (base === undefined) {
    base =
      prefix === "~" ? resolve(home) : prefix.startsWith("~/") ? resolve(home, prefix.slice(2)) : resolve(cwd, prefix);
    if (prefixCache.size >= 4096) prefixCache.clear();
    prefixCache.set(key, base);
  }
  return base;
}
