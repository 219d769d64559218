/**
 * Symbolic links a command string makes and then uses: `ln -s .claude x && echo {} > x/settings.json` writes
 * the agent settings, but when the call is decided `x` does not exist yet, so resolving `x/settings.json` on
 * disk cannot see the link. The links an `ln -s` earlier in the same string creates are applied to the paths
 * of the commands after it, as the filesystem will once it runs.
 */
import { posix } from "node:path";
import { resolvePath, type PathBase } from "../normalize/index.ts";
import type { SimpleCommand } from "../shell/index.ts";
import type { PathAccess } from "./types.ts";

export interface FreshLink {
  /** Where the link is, absolute and lexical. */
  readonly at: string;
  /** What it points at, resolved. */
  readonly to: string;
}

const SYMBOLIC = /^-[a-zA-Z]*s[a-zA-Z]*$/;

/** The links `cmd` creates when it is `ln -s` (or `link`-like with `--symbolic`), from its resolved accesses. */
export function createdLinks(cmd: SimpleCommand, accesses: readonly PathAccess[], base: PathBase): FreshLink[] {
  if (cmd.program !== "ln" || !cmd.args.some((a) => a === "--symbolic" || SYMBOLIC.test(a))) return [];
  const targets = accesses.filter(
    (a) => a.mode === "read" && a.via === "argument" && a.raw !== undefined && a.dynamic !== true,
  );
  const places = accesses.filter((a) => a.mode === "write");
  const out: FreshLink[] = [];
  for (const place of places) {
    const at = place.lexical ?? place.path;
    for (const t of targets) {
      const raw = t.raw as string;
      // The link is `at` itself, or `at/<name>` when `at` is a directory: both are kept.
      for (const link of [at, posix.join(at, posix.basename(raw))]) {
        // A relative target is relative to the directory the link is in, not to the cwd.
        const from = raw.startsWith("/") || raw.startsWith("~") ? base.cwd : posix.dirname(link);
        out.push({ at: link, to: resolvePath(raw, { ...base, cwd: from }).path });
      }
    }
  }
  return out;
}

/** The paths `a` also reaches through links made earlier in the string, as accesses of the same mode. */
export function throughLinks(a: PathAccess, links: readonly FreshLink[], base: PathBase): PathAccess[] {
  const out: PathAccess[] = [];
  for (const form of a.lexical !== undefined ? [a.path, a.lexical] : [a.path]) {
    for (const l of links) {
      if (form !== l.at && !form.startsWith(`${l.at}/`)) continue;
      const mapped = l.to + form.slice(l.at.length);
      const r = resolvePath(mapped, base);
      const { lexical: _old, ...rest } = a;
      out.push({ ...rest, path: r.path, ...(r.lexical !== r.path ? { lexical: r.lexical } : {}) });
    }
  }
  return out;
}
