/**
 * The two effects of code that comes from outside the project (docs/adr/0205, 0344, 0371), shared by every table
 * that installs, adds or runs such code: package managers, plugin and extension installers, chart and flake sources.
 */
import { fx } from "./types.ts";

/** Fetched from where nobody vets it: an address, another index or registry, a source added for later installs. */
export const UNVETTED = fx("SECURITY", ["read_external", "write_local", "execute"], "package", "unvetted-source");
/** A package, plugin or extension named on the command line: new third-party code whose install code runs now. */
export const NEW_DEP = fx("SECURITY", ["read_external", "write_local", "execute"], "package", "new-dependency");
