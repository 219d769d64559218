/**
 * The two effects of code that comes from outside the project (docs/adr/0205, 0344, 0371), shared by every table
 * that installs, adds or runs such code: package managers, plugin and extension installers, chart and flake sources.
 */
import { fx } from "./types.ts";

/** Fetched from where nobody vets it: an address, another index or registry, a source added for later installs. */
export const UNVETTED = fx("SECURITY", ["read_external", "write_local", "execute"], "package", "unvetted-source");
/** A package, plugin or extension named on the command line: new third-party code whose install code runs now. */
export const NEW_DEP = fx("SECURITY", ["read_external", "write_local", "execute"], "package", "new-dependency");

/**
 * Where code is fetched from when it is named by its place rather than a registry name (docs/adr/0492): an address,
 * a git remote, or a forge shorthand as installers and template tools spell it (`gh:o/r`, `gl:`, `bb:`, `github:`,
 * `gitlab:`, `bitbucket:`, `sourcehut:`, `codeberg:`).
 */
export const REMOTE_SOURCE =
  /^(?:(?:https?|ftp|git|ssh|hg|svn|git\+[a-z]+|hg\+[a-z]+|svn\+[a-z]+):\/\/|git\+|git@[\w.-]+:|(?:gh|gl|bb|github|gitlab|bitbucket|sourcehut|codeberg):[\w.-])/i;
/** Verbs that install or try what they are given: `luarocks install`, `ansible-galaxy role install`, `pre-commit try-repo`. */
export const INSTALL_VERBS: ReadonlySet<string> = new Set(["install", "i", "add", "get", "require", "try-repo"]);
