/**
 * Which directories are the system: losing one (or its contents) breaks the machine or a user's account.
 * Temp roots (/tmp, /var/tmp) are deliberately absent: scratch space is the agent's to clear.
 */
import { parentOf, under } from "./paths.ts";

/** Top-level directories of Linux and macOS. */
const TOP_LEVEL: ReadonlySet<string> = new Set([
  "bin",
  "boot",
  "dev",
  "etc",
  "home",
  "lib",
  "lib32",
  "lib64",
  "libx32",
  "opt",
  "proc",
  "root",
  "run",
  "sbin",
  "srv",
  "sys",
  "usr",
  "var",
  "snap",
  "mnt",
  "media",
  "nix",
  "System",
  "Library",
  "Applications",
  "Users",
  "Volumes",
  "private",
  "cores",
]);

/** Second-level directories whose loss is as bad as their parent's. */
const ESSENTIAL: ReadonlySet<string> = new Set([
  "/usr/bin",
  "/usr/sbin",
  "/usr/lib",
  "/usr/lib32",
  "/usr/lib64",
  "/usr/libexec",
  "/usr/include",
  "/usr/share",
  "/usr/local",
  "/usr/src",
  "/var/lib",
  "/var/db",
  "/var/spool",
  "/var/mail",
  "/private/etc",
  "/private/var",
  "/System/Library",
  "/nix/store",
]);

/** Directories whose children are users' homes. */
const HOME_ROOTS: ReadonlySet<string> = new Set(["/home", "/Users"]);

/** Temp roots: under them nothing is "system". */
export const SCRATCH: readonly string[] = [
  "/tmp",
  "/var/tmp",
  "/private/tmp",
  "/private/var/tmp",
  "/dev/shm",
  "/var/folders",
  "/private/var/folders",
];

/** `/`, a top-level or essential system directory, a user's home (ours or another's), or an ancestor of ours. */
export function isCriticalDir(path: string, home: string): boolean {
  if (path === "/" || path === home || path === "/root") return true;
  if (under(home, path)) return true;
  const parent = parentOf(path);
  if (parent === "/" && TOP_LEVEL.has(path.slice(1))) return true;
  return ESSENTIAL.has(path) || HOME_ROOTS.has(parent);
}

/** Some child of `dir` is critical: a glob or an expansion naming an entry of `dir` may hit it. */
export function hasCriticalChildren(dir: string, home: string): boolean {
  if (dir === "/" || HOME_ROOTS.has(dir)) return true;
  if (dir !== home && under(home, dir)) return true;
  for (const e of ESSENTIAL) if (parentOf(e) === dir) return true;
  return false;
}

/** Under a system directory (any depth), but not in temp space and not under our own home. */
export function isSystemPath(path: string, home: string): boolean {
  if (path === "/") return true;
  if (under(path, home) || SCRATCH.some((s) => under(path, s))) return false;
  const top = path.split("/")[1] ?? "";
  return TOP_LEVEL.has(top);
}

/**
 * The operating system's own files: its programs, libraries, kernels and configuration. `/usr/local`, `/opt`,
 * `/srv`, mounts and logs are where users and packages put their own things, and are left out.
 */
const OS_DIRS: readonly string[] = [
  "/bin",
  "/sbin",
  "/boot",
  "/lib",
  "/lib32",
  "/lib64",
  "/libx32",
  "/usr",
  "/etc",
  "/var/lib",
  "/var/db",
  "/System",
  "/Library",
  "/private/etc",
  "/nix/store",
];

/** A file of the operating system itself (OS_DIRS, not below /usr/local), or one of those directories. */
export function isOsPath(path: string, home: string): boolean {
  if (under(path, home) || SCRATCH.some((s) => under(path, s)) || under(path, "/usr/local")) return false;
  return OS_DIRS.some((d) => under(path, d));
}

/** A critical directory can have this name: a top-level or essential directory's, or a home's and its ancestors'. */
export function isCriticalName(name: string, home: string): boolean {
  if (TOP_LEVEL.has(name) || name === "root") return true;
  for (const e of ESSENTIAL) if (e.slice(e.lastIndexOf("/") + 1) === name) return true;
  return home.split("/").includes(name);
}
