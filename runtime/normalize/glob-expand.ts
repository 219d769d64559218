/**
 * Pathname expansion as bash does it before a command runs: `cat ~/.kub?/config` reads ~/.kube/config, and
 * credential and sandbox checks must see that file, not the pattern. Each glob segment is matched against
 * the real directory listing (picomatch; a leading dot must be written, as in bash); the walk is bounded,
 * and an expansion cut short says so. No match leaves the word as written, which is what bash runs without
 * `nullglob`. Listings are cached per directory and revalidated by its mtime (a directory's mtime changes
 * whenever an entry is added, removed or renamed), so a glob over a busy /tmp costs one stat per call.
 */
import { lstatSync, readdirSync, statSync } from "node:fs";
import { posix } from "node:path";
import { LRUCache } from "lru-cache";
import picomatch from "picomatch";

export const MAX_EXPANSION = 64;

export interface GlobMatch {
  readonly path: string;
  /** Some component matched by the glob is a symbolic link: the path is not canonical (resolve it). */
  readonly linked: boolean;
  /** Literal segments were appended after the last listing: whether the path exists is not known yet. */
  readonly unchecked?: boolean;
}

export interface Expansion {
  readonly paths: readonly string[];
  readonly entries: readonly GlobMatch[];
  /** More matches than MAX_EXPANSION: the list is incomplete. */
  readonly truncated: boolean;
}

const GLOB = /[*?[]/;

export function hasGlob(word: string): boolean {
  return GLOB.test(word);
}

interface Listing {
  readonly mtimeMs: number;
  readonly names: readonly string[];
  readonly links: ReadonlySet<string>;
}

const listings = new LRUCache<string, Listing>({ max: 256 });

function listing(dir: string): Listing | null {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(dir).mtimeMs;
  } catch {
    return null; // missing or not reachable: no match here, as in bash
  }
  const hit = listings.get(dir);
  if (hit !== undefined && hit.mtimeMs === mtimeMs) return hit;
  try {
    const entries = readdirSync(dir, { withFileTypes: true });
    const fresh: Listing = {
      mtimeMs,
      names: entries.map((e) => e.name),
      links: new Set(entries.filter((e) => e.isSymbolicLink()).map((e) => e.name)),
    };
    listings.set(dir, fresh);
    return fresh;
  } catch {
    return null; // not a directory
  }
}

const matchers = new LRUCache<string, (name: string) => boolean>({ max: 512 });

function matcherOf(segment: string): (name: string) => boolean {
  let m = matchers.get(segment);
  if (m === undefined) {
    m = picomatch(segment, { dot: false });
    matchers.set(segment, m);
  }
  return m;
}

/** Expands an absolute, normalized path pattern against the filesystem. */
export function expandGlob(pattern: string): Expansion {
  const segments = pattern.split("/").filter((s) => s !== "");
  let current: GlobMatch[] = [{ path: "/", linked: false }];
  let truncated = false;
  for (const segment of segments) {
    const next: GlobMatch[] = [];
    if (!GLOB.test(segment)) {
      for (const e of current) next.push({ path: posix.join(e.path, segment), linked: e.linked, unchecked: true });
    } else {
      const match = matcherOf(segment);
      for (const e of current) {
        const list = listing(e.path);
        if (list === null) continue;
        for (const name of list.names) {
          if (!match(name)) continue;
          if (next.length >= MAX_EXPANSION) {
            truncated = true;
            break;
          }
          next.push({ path: posix.join(e.path, name), linked: e.linked || list.links.has(name) });
        }
      }
    }
    current = next;
    if (current.length === 0) break;
  }
  if (!segments.some((s) => GLOB.test(s))) return { paths: [], entries: [], truncated };
  // Literal segments after a glob were joined unchecked: keep only what exists, as bash does.
  const entries = current
    .filter((e) => e.unchecked !== true || exists(e.path))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { paths: entries.map((e) => e.path), entries, truncated };
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
