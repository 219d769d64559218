/**
 * The policy's path lists (docs/reference/rules-yaml.md: paths.credentials, paths.protected, sandbox.directories) applied to every
 * access of a call, whatever the tool: file tools, bash arguments and redirects alike. Lists are gitignore
 * ordered (`!` re-includes, last match wins) and compiled once per list.
 */
import picomatch from "picomatch";
import { memoByObject, memoByObjectAndKey } from "../../core/index.ts";
import type { PathGlob } from "../../compiler/index.ts";
import { resolvePath } from "../normalize/index.ts";
import { accessForms, landedPaths, type Operation, type PathAccess } from "../operation/index.ts";
import { accessesOf, listHit, normalDir, uncertain } from "./accesses.ts";
import {
  compileList,
  listIncludes,
  pathMatches,
  relativeTo,
  type CompiledList,
  type CompiledPathGlob,
} from "./path-glob.ts";
import { GLOB_CHARS } from "./tool-pattern.ts";
import { globOverlapHit, unexpandedGlob } from "./glob-credentials.ts";

/** Credential and protected lists match letters in any case: on macOS and Windows `.SSH/ID_RSA` is `.ssh/id_rsa`. */
const DENY_SIDE = { nocase: true } as const;

/**
 * The first credential path the call touches in any mode, or null. Only known paths deny: a path whose value
 * is unknown here (`cat "$F"`) is not known to be a credential, so it gates instead (uncertainPath, docs/adr/0093).
 */
export function credentialHit(op: Operation, credentials: readonly PathGlob[], home: string): string | null {
  if (credentials.length === 0) return null;
  const list = compileList(credentials, DENY_SIDE);
  const h = normalDir(home);
  const cwd = normalDir(op.call.cwd);
  for (const a of accessesOf(op)) {
    if (uncertain(a) || a.metadata === true || copyOfNonSecret(list, a, h, cwd) || freshKeyHere(a, cwd)) continue;
    const hit =
      listHit(list, a, h, cwd) ??
      (unexpandedGlob(a, op.paths) ? globOverlapHit(list, a, { home: h, cwd }) : null) ??
      (a.recursive === true && a.mode === "read"
        ? globBelow(credentials, a, { home: h, cwd, how: "read as a whole tree" })
        : null);
    if (hit !== null) return hit;
  }
  return null;
}

/**
 * A key the call makes now, written inside the directory it works in where no file was (ADR 0576): a new secret
 * the user asked for (`openssl req -newkey … -keyout certs/dev.key`), not one read. Over an existing file, or
 * anywhere else (`-keyout ~/.ssh/id_rsa`), the write still counts.
 */
function freshKeyHere(a: PathAccess, cwd: string): boolean {
  return a.generated === true && a.mode === "write" && a.existing === undefined && relativeTo(cwd, a.path) !== null;
}

/**
 * A file written as a copy of one the list itself declares not secret (a `!` entry: `cp .env.example .env`,
 * `cp ~/.ssh/id_rsa.pub k.pub`) inside the directory the call works in: what lands there is the template, not a
 * secret, and the source is read by an access of its own. Outside it (`cp x.pub ~/.ssh/id_rsa`) the write still counts.
 */
function copyOfNonSecret(list: CompiledList, a: PathAccess, home: string, cwd: string): boolean {
  const source = a.copiedFrom;
  if (
    source === undefined ||
    a.mode !== "write" ||
    relativeTo(cwd, a.path) === null ||
    listIncludes(list, source, home, cwd)
  )
    return false;
  return list.entries.some((e) => e.negated && pathMatches(e.glob, source, home, cwd));
}

/**
 * A directory read as a whole tree (`tar czf x.tgz ~`, `grep -r KEY /`) reads the credential files below it:
 * the first credential glob anchored at home, the root or the cwd (`~/.ssh/**`, `~/.netrc`) whose fixed
 * directory is the path or lies under it. Globs without a directory (`.env`, `*.pem`) match in any tree and are left
 * to the files a call names: every project tree may hold an `.env`.
 */
function globBelow(
  globs: readonly PathGlob[],
  a: PathAccess,
  at: { readonly home: string; readonly cwd: string; readonly how: string },
): string | null {
  const { home, cwd, how } = at;
  for (const form of accessForms(a)) {
    const dir = form === "/" ? "/" : `${form}/`;
    for (const base of anchoredBases(globs)) {
      const root = base.anchor === "home" ? home : base.anchor === "absolute" ? "" : cwd;
      const at = base.rel === "" ? root || "/" : `${root}/${base.rel}`;
      if (`${at}/`.toLowerCase().startsWith(dir.toLowerCase())) return `${at} (under ${form}, ${how})`;
    }
  }
  return null;
}

interface AnchoredBase {
  readonly anchor: "home" | "absolute" | "cwd";
  /** The glob's directory part before its first glob segment, relative to the anchor ("" for the anchor itself). */
  readonly rel: string;
}

/** The fixed directories of a list's anchored positive globs, read off the compiled globs (`~/.ssh/**` → home, `.ssh`). */
const anchoredBases = memoByObject((globs: readonly PathGlob[]): readonly AnchoredBase[] =>
  compileList(globs, DENY_SIDE).entries.flatMap((e): AnchoredBase[] => {
    const g = e.glob;
    if (e.negated || g.anchor === "anywhere" || g.up !== 0) return [];
    const fixed: string[] = [];
    for (const seg of (g.globs[0] ?? "").split("/")) {
      if (seg === "" || GLOB_CHARS.test(seg) || seg.includes("\\")) break;
      fixed.push(seg);
    }
    return [{ anchor: g.anchor, rel: fixed.join("/") }];
  }),
);

/** The first access whose path cannot be known here (an expansion, an unknown user, a symlink loop), as written. */
export function uncertainPath(op: Operation): string | null {
  // A name or its metadata is no secret, whatever path it turns out to be (ADR 0166).
  for (const a of accessesOf(op)) if (uncertain(a) && a.metadata !== true) return shown(a);
  return null;
}

/**
 * What protected path the call writes or deletes, as a clause for a reason ("writes the protected path …"), or null.
 * An uncertain write counts, and so does a whole-tree write that may hold a protected file.
 */
export function protectedWrite(op: Operation, protectedGlobs: readonly PathGlob[], home: string): string | null {
  if (protectedGlobs.length === 0) return null;
  const list = compileList(protectedGlobs, DENY_SIDE);
  const h = normalDir(home);
  const cwd = normalDir(op.call.cwd);
  for (const a of accessesOf(op)) {
    if (a.mode !== "write" && a.mode !== "delete" && a.maybeWrite !== true) continue;
    const clause = (what: string): string =>
      a.mode === "delete"
        ? `deletes ${what}`
        : a.mode === "write"
          ? `writes ${what}`
          : `may write ${what} (what the program does with it is not known here)`;
    if (uncertain(a)) return clause(`${shown(a)}, whose value is not known here and may be a protected path`);
    const hit = listHit(list, a, h, cwd);
    if (hit !== null) return clause(`the protected path ${hit}`);
    if (a.recursive !== true) continue;
    // A tree copy from local sources writes what they hold: each of those paths is checked where it lands.
    if (a.contents !== undefined) {
      const landed = landedPaths(a).find((p) => listIncludes(list, p, h, cwd));
      if (landed !== undefined) return `writes the protected path ${landed} (copied into ${a.path})`;
      continue;
    }
    // An extraction, or a copy of what cannot be listed here, writes files nobody can name: it is reviewed when
    // its target is or holds a protected place (`.`: .git, .claude; `~`: .gitconfig). A name found anywhere
    // (`Dockerfile`, `CLAUDE.md`) is the project's where the project keeps it, not in any tree unpacked below
    // (docs/adr/0165): `tar x -C vendor/` and `rsync src/ dist/` are ordinary work.
    if (globBelow(protectedGlobs, a, { home: h, cwd, how: "written as a whole tree" }) !== null) {
      return `${a.mode === "delete" ? "deletes files anywhere below" : "writes a whole tree into"} ${a.path}, whose files cannot be named before it runs and may include protected ones`;
    }
  }
  return null;
}

/**
 * The first protected path the call names in any mode (a read too), or null; an uncertain path counts. A tree
 * read (`grep -r x .`) is judged by the directory it names, as the Grep tool is: reading is not reviewing.
 */
export function protectedTouch(op: Operation, protectedGlobs: readonly PathGlob[], home: string): string | null {
  if (protectedGlobs.length === 0) return null;
  const list = compileList(protectedGlobs, DENY_SIDE);
  const h = normalDir(home);
  const cwd = normalDir(op.call.cwd);
  for (const a of accessesOf(op)) {
    if (uncertain(a)) return shown(a);
    const hit = listHit(list, a, h, cwd);
    if (hit !== null) return hit;
  }
  return null;
}

/**
 * The first access outside every sandbox directory, or null. Directories are anchored (a bare `build` is
 * `./build`, not any `build`); the test is on the resolved path, so a symlink inside the sandbox that leads
 * out of it is a violation, and a directory is also matched by its own resolved form (`/tmp` on macOS).
 */
export function sandboxViolation(
  op: Operation,
  directories: readonly PathGlob[],
  home: string,
  root?: string,
): string | null {
  const h = normalDir(home);
  // Relative sandbox directories are anchored to the project (`root`), not to the call's cwd: the agent
  // moves its cwd with every `cd`, and `.` must not move with it (docs/adr/0057).
  const cwd = normalDir(root ?? op.call.cwd);
  const roots = sandboxRoots(directories, h, cwd);
  // A command runs in its cwd and may act on it without naming it (`ls`, `git clean -fdx`).
  if (op.tool === "bash" && op.call.cwd !== "" && !insideSandbox(roots, normalDir(op.call.cwd), h, cwd))
    return op.call.cwd;
  for (const a of accessesOf(op)) {
    if (uncertain(a) || !insideSandbox(roots, a.path, h, cwd)) return shown(a);
  }
  return null;
}

/** An uncertain access is shown as written (`$OUT/x`): its resolved form is only a guess. */
function shown(a: PathAccess): string {
  return uncertain(a) && a.raw !== undefined ? a.raw : a.path;
}

interface SandboxRoot {
  readonly negated: boolean;
  readonly glob: CompiledPathGlob;
  /** A literal directory's resolved form when it differs from the lexical one. */
  readonly real: string | null;
}

const rootCache = memoByObjectAndKey((directories: readonly PathGlob[], key: string): readonly SandboxRoot[] => {
  const [home, cwd] = key.split("\0") as [string, string];
  const list = compileList(directories, { bareIsRelative: true });
  return list.entries.map((e) => ({ negated: e.negated, glob: e.glob, real: realDir(e.text, home, cwd) }));
});

/** Cached per list, home and cwd: resolving a directory touches the filesystem once, not per call. */
function sandboxRoots(directories: readonly PathGlob[], home: string, cwd: string): readonly SandboxRoot[] {
  return rootCache(directories, `${home}\0${cwd}`);
}

function realDir(dir: string, home: string, cwd: string): string | null {
  if (picomatch.scan(dir).isGlob) return null;
  const r = resolvePath(dir, { cwd, home });
  return r.path !== r.lexical && r.marks.length === 0 ? r.path : null;
}

function insideSandbox(roots: readonly SandboxRoot[], p: string, home: string, cwd: string): boolean {
  for (let i = roots.length - 1; i >= 0; i--) {
    const r = roots[i]!;
    if (pathMatches(r.glob, p, home, cwd) || (r.real !== null && relativeTo(r.real, p) !== null)) return !r.negated;
  }
  return false;
}
