/**
 * A package installed from a directory or file outside the workspace (docs/adr/0730): `pip install
 * /tmp/wheels/x.whl`, `npm install /tmp/left-pad`, `cargo install --path /tmp/src`, `gem install --local /tmp/x.gem`,
 * `uv add 'x @ file:///tmp/x.tar.gz'`. No registry vouches for it and nobody here read it, yet its install or build
 * code runs now and the installed copy runs at every later use. What the project holds (`pip install -e .`, `npm i
 * ./packages/ui`, a path under the workspace written in full) is the project's own code, trusted as a bare install is.
 */
import type { SimpleCommand } from "../shell/index.ts";
import { resolveAccess, type AccessBase } from "./resolve-access.ts";

/** A word naming a local path: absolute, in a home, relative with a dot, or a `file:` URL of one. */
const LOCAL_PATH = /^(?:\/|~|\.\.?(?:\/|$))/;
const FILE_URL = /^file:(?:\/\/(?:localhost)?(?=\/))?/i;
/** A PEP 508 direct reference `NAME[extras] @ file:…` (ADR 0672): its address is the source. */
const DIRECT_FILE = /^[A-Za-z0-9][\w.-]*\s*(?:\[[^\]]*\])?\s*@\s*(file:\S+)$/i;
/** An npm-style `NAME@file:PATH` or `NAME@link:PATH`. */
const NAME_AT_FILE = /^(?:@[^/\s]+\/)?[^@\s/]+@((?:file|link):\S+)$/i;
/**
 * Options whose value is where the install goes or what runs it, never what is installed: the word after them is
 * no source (`pip install --target /tmp/t x`, `uv pip install --python /usr/bin/python3 x`, `npm i --prefix ../app`).
 */
const NOT_A_SOURCE = new Set([
  "-t",
  "--target",
  "--prefix",
  "--root",
  "--cache-dir",
  "-p",
  "--python",
  "--install-dir",
  "-i",
  "--bindir",
  "--dir",
  "-C",
  "--cwd",
  "--directory",
  "--project",
  "--venv",
  "--src",
  "--log",
  "--cert",
  "--client-cert",
  "--global-dir",
  "--store-dir",
  "--modules-folder",
  "-r",
  "--requirement",
  "-c",
  "--constraint",
  "-o",
  "--output",
  "--manifest-path",
  "--config-file",
  "--userconfig",
]);

/** The path a word names as a package source, or null: `/x`, `./x`, `~/x`, `file:///x`, `x @ file:///x`. */
function sourcePath(word: string): string | null {
  const direct = DIRECT_FILE.exec(word)?.[1] ?? NAME_AT_FILE.exec(word)?.[1];
  const url = direct ?? word;
  if (/^(?:file|link):/i.test(url)) {
    const path = url.replace(FILE_URL, "").replace(/^link:/i, "");
    return path === "" ? null : path;
  }
  return LOCAL_PATH.test(word) ? word : null;
}

function under(path: string, dir: string): boolean {
  return dir === "/" || path === dir || path.startsWith(`${dir}/`);
}

/**
 * Whether the command's effect is an install by a package table: it fetches, writes and runs code of a package
 * (knowledge/packages.ts: INSTALL, NEW_DEP, UNVETTED all say so).
 */
function isPackageInstall(e: Installing): boolean {
  return (
    e.categories.includes("package") && ["read_external", "write_local", "execute"].every((t) => e.types.includes(t))
  );
}

/**
 * A local copy put in place of a package by another tool's words, at `args[i]`: the new side of `go mod edit
 * -replace OLD=NEW` (built in place of OLD at every later build, ADR 0371), the jar of `mvn install:install-file
 * -Dfile=PATH` (into the local repository every later build resolves from), the checkout of `bundle config [set]
 * local.GEM PATH` (loaded in place of the gem by every later bundle).
 */
function replacement(cmd: SimpleCommand, i: number): string | null {
  const arg = cmd.args[i] ?? "";
  const before = cmd.args[i - 1] ?? "";
  if (cmd.program === "go" && cmd.args[0] === "mod" && cmd.args[1] === "edit") {
    const value = /^--?replace=/.test(arg) ? arg.slice(arg.indexOf("=") + 1) : /^--?replace$/.test(before) ? arg : "";
    const eq = value.indexOf("=");
    return eq < 0 ? null : value.slice(eq + 1).trim();
  }
  if (/^mvnw?$/.test(cmd.program) && cmd.args.some((a) => /^(?:[\w.-]+:)?install:install-file$/.test(a)))
    return /^-D(?:file|pomFile)=/.test(arg) ? arg.slice(arg.indexOf("=") + 1) : null;
  if (cmd.program === "bundle" && cmd.args[0] === "config") return /^local\./.test(before) ? arg : null;
  return null;
}

interface Installing {
  readonly types: readonly string[];
  readonly categories: readonly string[];
}

/**
 * The package source outside `workspace` (and the directory the agent works in) this install, or this module
 * replacement, takes, resolved; null when there is none.
 */
export function outsidePackageSource(
  cmd: SimpleCommand,
  e: Installing,
  where: AccessBase,
  workspace: readonly string[],
): string | null {
  const install = isPackageInstall(e);
  const roots = [...workspace, where.cwd];
  for (const [i, arg] of cmd.args.entries()) {
    if (i === 0 || cmd.unknownArgs?.includes(i) === true) continue;
    const replaced = replacement(cmd, i);
    let word: string | null = null;
    if (replaced !== null) word = LOCAL_PATH.test(replaced) ? replaced : null;
    else if (install) {
      // `--path=/tmp/src`, `--find-links=/tmp/w`: the value of an option written with it.
      const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
      if (arg.startsWith("-") && (eq < 0 || NOT_A_SOURCE.has(arg.slice(0, eq)))) continue;
      if (NOT_A_SOURCE.has(cmd.args[i - 1] ?? "")) continue;
      word = sourcePath(eq < 0 ? arg : arg.slice(eq + 1));
    }
    // A sibling named relative to the project (`../lib`) is the monorepo's own code, as ADR 0371 left it.
    if (word === null || word.startsWith("..")) continue;
    const path = resolveAccess(word, { mode: "read", via: "argument" }, where).path;
    if (!roots.some((d) => under(path, d))) return path;
  }
  return null;
}
