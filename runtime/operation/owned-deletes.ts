/**
 * A recursive delete the agent owns (docs/adr/0114, 0210, 0335), lowered from DESTRUCTIVE to WRITE: every path it
 * removes is known, and lies strictly inside scratch space (/tmp, /var/tmp, /dev/shm; a project that lives there
 * is still a project: paths in the call's cwd never count), or is what a name-filtered `find` selects inside the
 * workspace (`find . -name '*.pyc' -delete`, `find . -name __pycache__ -exec rm -rf {} +`): files picked by
 * name, like `rm a b c`, not the whole tree, or is regenerable build output inside the workspace (`rm -rf build
 * node_modules/.vite`, regenerable.ts). A path whose value is unknown or that carries a resolution mark is never
 * lowered, both spellings of a symlinked path must qualify, and nothing an earlier command of the same string
 * wrote (`mv src dist && rm -rf dist`, `ln -s ~ build && rm -rf build/`) is owned.
 */
import type { Level } from "../../compiler/index.ts";
import { regenerableIn } from "./regenerable.ts";
import { inToolCache } from "./tool-caches.ts";
import type { AccessBase } from "./resolve-access.ts";
import type { PathAccess } from "./types.ts";

/** Where the agent owns what it deletes: the workspace, and what earlier commands of the string wrote. */
export interface Ownership {
  /** The workspace directories, absolute (docs/adr/0210). Empty: nothing in the project is owned. */
  readonly workspace: readonly string[];
  /** Paths earlier commands of the same string write (absolute, both spellings): never owned output. */
  readonly made: readonly Made[];
}

/** Scratch space: what lies strictly inside these is nobody's work to keep. */
export const TEMP_ROOTS: readonly string[] = ["/tmp/", "/var/tmp/", "/private/tmp/", "/dev/shm/"];

/**
 * How a delete the agent owns is owned; `output` when some path is regenerable build output and nothing else
 * made it owned (the category `build-output` says so to rules and to the scorer).
 */
export type Owned = "scratch" | "selection" | "output";

/** Whether a filesystem effect at this level, with these accesses, is a delete the agent owns, and how; null: not. */
export function ownedDelete(
  effect: { readonly level: Level; readonly categories: readonly string[] },
  accesses: readonly PathAccess[],
  base: AccessBase,
  { workspace, made }: Ownership,
): Owned | null {
  const { level, categories } = effect;
  // git's deletes (`git clean -fdx build/`, `git rm -r dist`) are owned only as build output (docs/adr/0444): they
  // remove at most what `rm -rf` of the same paths removes.
  const git = categories.length === 1 && categories[0] === "git";
  if (level !== "DESTRUCTIVE" || categories.length !== 1 || (categories[0] !== "filesystem" && !git)) return null;
  if (accesses.length === 0) return null;
  // What it only reads (find's `-name` value read as a possible path) does not make a delete destructive.
  const deletes = accesses.filter((a) => a.mode === "delete");
  if (deletes.length === 0 || !accesses.every((a) => a.mode === "delete" || a.mode === "read")) return null;
  let how: Owned = "scratch";
  for (const a of deletes) {
    if (a.dynamic === true || a.marks !== undefined || madeHere(a, made)) return null;
    if (git) {
      if (!regenerable(a, workspace)) return null;
      how = "output";
    } else if (scratch(a, base.cwd)) continue;
    else if (workspaceOwned(a, workspace)) how = how === "output" ? how : "selection";
    else if (regenerable(a, workspace)) how = "output";
    // A tool's download cache in the home (`rm -rf ~/.cache/pip`), docs/adr/0444: fetched again on its next run.
    else if ([a.path, a.lexical ?? a.path].every((p) => inToolCache(p, base.home))) how = "output";
    else return null;
  }
  return how;
}

/** Regenerable output in the workspace, in both spellings (a symlinked `build` is judged by where it leads). */
function regenerable(a: PathAccess, workspace: readonly string[]): boolean {
  return [a.path, a.lexical ?? a.path].every((p) => regenerableIn(p, workspace));
}

/**
 * A path an earlier command of the string wrote, and how (docs/adr/0815): `moved` (mv's destination: a delete of it,
 * of anything in it or of a folder holding it removes what was moved there), `linked` (ln's: a delete through it
 * follows the link), or `tree` (files written into a folder by a copy, an extraction, a clone: they may be links, so
 * a delete below the folder may follow one, while a delete of the folder itself removes links, not what they name).
 */
export interface Made {
  readonly path: string;
  readonly kind: "moved" | "linked" | "tree";
  /** Filled with what came from elsewhere (an extraction, a clone, a tree copy): it may hold links (ADR 0827). */
  readonly filled?: true;
}

/** Whether the path (a find selection: its start) is, holds or lies in something written earlier in the string. */
function madeHere(a: PathAccess, made: readonly Made[]): boolean {
  return [a.path, a.lexical ?? a.path].some((form) => {
    const p = form.includes("/**/") ? form.slice(0, form.indexOf("/**/")) : form;
    return made.some(({ path: m, kind }) => {
      if (m === "/" || p.startsWith(`${m}/`)) return true;
      if (kind === "tree") return false;
      return m === p || (kind === "moved" && m.startsWith(`${p}/`));
    });
  });
}

/**
 * `rm -rf /tmp/x/`, `find /tmp/x/ … -delete`: a delete in scratch space written with a trailing slash follows /tmp/x
 * when it is a link to a folder, one an earlier archive may have left (round 12). The project's own folders are the
 * project's (`rm -rf dist/`).
 */
export function slashedScratchDelete(a: PathAccess, cwd: string): boolean {
  return a.mode === "delete" && a.raw !== undefined && a.raw.length > 1 && a.raw.endsWith("/") && scratch(a, cwd);
}

/** Strictly inside a temp root, in both spellings, and not in (or above) the call's cwd. */
function scratch(a: PathAccess, cwd: string): boolean {
  const project = cwd.endsWith("/") ? cwd : `${cwd}/`;
  return (
    !`${a.path}/`.startsWith(project) &&
    !project.startsWith(`${a.path}/`) &&
    TEMP_ROOTS.some(
      (root) => a.path.startsWith(root) && a.path.length > root.length && (a.lexical ?? a.path).startsWith(root),
    )
  );
}

/**
 * A find selection (`DIR/**\/NAME`, find-selection.ts) in the workspace: the entries below DIR that carry a name
 * with a literal part (`*.pyc`, `__pycache__`; not `*`, `.*` or `?*`) that `.git` cannot carry. A whole tree
 * (`rm -rf build`) stays DESTRUCTIVE: see docs/adr/0210 for why.
 */
function workspaceOwned(a: PathAccess, workspace: readonly string[]): boolean {
  const forms = [a.path, a.lexical ?? a.path];
  return forms.every((p) => {
    const cut = p.indexOf("/**/");
    if (cut < 0) return false;
    const dir = p.slice(0, cut) || "/";
    const name = p.slice(cut + 4);
    if (name.includes("/") || !/[^*?.]/.test(name.replace(/\[[^\]]*\]/g, "")) || nameMayBe(name, ".git")) return false;
    return (
      workspace.some((d) => dir === d || dir.startsWith(d.endsWith("/") ? d : `${d}/`)) &&
      !dir.split("/").some((s) => s.toLowerCase() === ".git")
    );
  });
}

/** Whether a name glob may match this name (case-insensitive, as on macOS). */
function nameMayBe(glob: string, name: string): boolean {
  const re = glob
    .split("")
    .map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[.+^${}()|\\/[\]]/g, "\\$&")))
    .join("");
  // A bracket expression may hold anything: fail closed.
  return glob.includes("[") || new RegExp(`^${re}$`, "i").test(name);
}
