/**
 * A program nobody described, naming a place that governs what runs later (docs/adr/0470): its path words are
 * reads that may be writes (`maybeWrite`), and when one lies outside the workspace in a home's dot-places
 * (`~/.profile`, `~/.config/…`, `~/.local/bin/…`, `~/.claude/…`, `~/.ssh/…`, another user's) or on a system path
 * (`/etc/hosts`, `/usr/local/bin/x`, `/` itself), the call fails closed: nobody here can say the program only reads
 * it. A plain file in the home (`~/data.csv`), temp space and devices are left to the program.
 */
import { accessForms } from "./access-forms.ts";
import { TEMP } from "./outside-writes.ts";
import type { PathAccess } from "./types.ts";

/** Not files a program changes for later: devices, the process's own view of itself. */
const NOT_FILES = ["/dev", "/proc/self", "/proc/cpuinfo", "/proc/meminfo"];
/** The system's top-level directories (a path outside them, `/repo`, `/data`, is someone's own place). */
const SYSTEM_TOPS: ReadonlySet<string> = new Set([
  "etc",
  "usr",
  "bin",
  "sbin",
  "lib",
  "lib32",
  "lib64",
  "libx32",
  "boot",
  "opt",
  "var",
  "srv",
  "root",
  "run",
  "sys",
  "proc",
  "snap",
  "nix",
  "System",
  "Library",
  "Applications",
  "private",
]);
/** Where homes are, besides ours and root's. */
const HOME_ROOTS = ["/home", "/Users", "/users"];

function under(path: string, dir: string): boolean {
  return dir === "/" || path === dir || path.startsWith(`${dir}/`);
}

/** The home a path lies in (ours, root's, another user's), or null. */
function homeOf(path: string, home: string): string | null {
  if (under(path, home)) return home;
  if (under(path, "/root")) return "/root";
  const [, top, user] = path.split("/");
  return HOME_ROOTS.includes(`/${top}`) && user !== undefined && user !== "" ? `/${top}/${user}` : null;
}

/** A home's dot-places (its startup and settings files and folders), or a system path. */
function governs(path: string, home: string): boolean {
  if (NOT_FILES.some((d) => under(path, d)) || (TEMP.some((t) => under(path, t)) && !under(path, home))) return false;
  const h = homeOf(path, home);
  if (h === null) return path === "/" || SYSTEM_TOPS.has(path.split("/")[1] ?? "");
  const first = path.slice(h.length + 1).split("/")[0] ?? "";
  return first.startsWith(".") && first !== "." && first !== "..";
}

/**
 * The first access a program nobody described may write (PathAccess.maybeWrite) that lies outside `workspace`
 * on a place that governs what runs later, or null. An access whose value is unknown is left to the checks that
 * fail closed on it; a name or its metadata is no content.
 */
export function mayWriteGoverning(
  paths: readonly PathAccess[],
  workspace: readonly string[],
  home: string,
): PathAccess | null {
  for (const a of paths) {
    if (a.maybeWrite !== true || a.dynamic === true || a.metadata === true || a.marks !== undefined) continue;
    const forms = accessForms(a);
    if (forms.every((p) => workspace.some((d) => under(p, d)))) continue;
    if (forms.some((p) => governs(p, home))) return a;
  }
  return null;
}
