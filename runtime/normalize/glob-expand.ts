/**
 * Pathname expansion as bash does it before a command runs: `cat ~/.kub?/config` reads ~/.kube/config, and
 * credential and sandbox checks must see that file, not the pattern. Each glob segment is matched against
 * the real directory listing (picomatch; a leading dot must be written, as in bash); the walk is bounded,
 * and an expansion cut short says so, so callers can fail closed. No match leaves the word as written,
 * which is what bash runs without `nullglob`.
 */
import { lstatSync, readdirSync } from "node:fs";
import { posix } from "node:path";
import picomatch from "picomatch";

export const MAX_EXPANSION = 256;

export interface Expansion {
  readonly paths: readonly string[];
  /** More matches than MAX_EXPANSION, or a directory that could not be read: the list is incomplete. */
  readonly truncated: boolean;
}

const GLOB = /[*?[]/;

export function hasGlob(word: string): boolean {
  return GLOB.test(word);
}

/** Expands an absolute, normalized path pattern against the filesystem. */
export function expandGlob(pattern: string): Expansion {
  const segments = pattern.split("/").filter((s) => s !== "");
  let current: string[] = ["/"];
  let truncated = false;
  for (const segment of segments) {
    const next: string[] = [];
    if (!GLOB.test(segment)) {
      for (const dir of current) next.push(posix.join(dir, segment));
    } else {
      const match = picomatch(segment, { dot: false });
      for (const dir of current) {
        let names: string[];
        try {
          names = readdirSync(dir);
        } catch {
          continue; // not a directory, or missing: no match here, as in bash
        }
        for (const name of names) {
          if (!match(name)) continue;
          if (next.length >= MAX_EXPANSION) {
            truncated = true;
            break;
          }
          next.push(posix.join(dir, name));
        }
      }
    }
    current = next;
    if (current.length === 0) break;
  }
  if (!segments.some((s) => GLOB.test(s))) return { paths: [], truncated };
  // Literal segments after a glob were joined unchecked: keep only what exists, as bash does.
  return { paths: current.filter((p) => exists(p)).sort(), truncated };
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
