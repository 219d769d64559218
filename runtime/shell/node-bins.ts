/**
 * A tool started by the file of its launcher (docs/adr/0806): `node node_modules/.bin/vercel deploy`, `node
 * node_modules/npm/bin/npm-cli.js publish`, `node common/scripts/install-run-rush.js publish` run vercel, npm and
 * rush with those words, as `python -m pip` runs pip. Judged as the tool (a name nobody knows is judged as an unknown
 * program, whose publish or delete verbs still count), so what its words do is what decides. Only a launcher inside
 * the project, run by node with no options of its own: node's `--require`/`--import`/`--loader` load code first, and
 * a launcher from elsewhere (`/tmp/…/install-run-rush.js`) is that place's code; both stay a script node runs.
 */
import { ownEntry } from "../../core/index.ts";
import { parseOptions } from "./options.ts";
import { NO_PEEL, simplePeel } from "./simple-peel.ts";
import type { Peel } from "./wrappers.ts";
import type { Word } from "./words.ts";

const NONE = NO_PEEL;

/** Launcher files whose name is not the tool's: npm's and npx's entry points, Rush's install-run scripts. */
const LAUNCHERS: Readonly<Record<string, string>> = {
  "npm-cli": "npm",
  "npx-cli": "npx",
  "install-run-rush": "rush",
  "install-run-rushx": "rushx",
};
/** File names a package gives its entry point rather than the tool's name. */
const ENTRY_NAMES: ReadonlySet<string> = new Set(["cli", "bin", "index", "main"]);

/** The tool a launcher file starts, or null. */
function toolOf(file: string): string | null {
  const base = (file.split("/").pop() ?? "").replace(/\.[cm]?[jt]s$/, "");
  if (/(?:^|\/)node_modules\/\.bin\/[^/]+$/.test(file)) return base;
  // Yarn's own release, kept in the repository (`.yarn/releases/yarn-4.1.0.cjs`).
  if (/(?:^|\/)\.yarn\/releases\/yarn-[^/]+$/.test(file)) return "yarn";
  const launcher = ownEntry(LAUNCHERS, base);
  if (launcher !== undefined) return launcher;
  const m = /(?:^|\/)node_modules\/(?:@([^/]+)\/)?([^/]+)\/((?:[^/]+\/)*)[^/]+$/.exec(file);
  if (m === null) return null;
  const [, scope, pkg, dirs] = m as unknown as [string, string | undefined, string, string];
  const named = ENTRY_NAMES.has(pkg) && scope !== undefined ? scope : pkg;
  // A file in a package's bin folder is one of its commands (`aws-cdk/bin/cdk`, `typescript/bin/tsc`).
  if (/(?:^|\/)bin\/$/.test(dirs) && !ENTRY_NAMES.has(base)) return base;
  return base === pkg || ENTRY_NAMES.has(base) ? named : null;
}

/** A path inside the project: relative, and not climbing out of it. */
const IN_PROJECT = (file: string): boolean => !/^[/~]/.test(file) && !file.split("/").includes("..");

export function nodeLauncher(program: string, args: readonly Word[]): Peel {
  if (program !== "node" && program !== "nodejs") return NONE;
  const o = parseOptions(args, { short: "" });
  if (o.options.length > 0 || o.rest !== 0) return NONE;
  const file = args[0];
  if (file === undefined || file.dynamic || !IN_PROJECT(file.value)) return NONE;
  const rest = args.slice(1);
  // Rush's `install-run.js PKG@VERSION BIN ARGS` installs a package and runs its bin: npx's `-p PKG BIN`.
  if (/(?:^|\/)install-run\.js$/.test(file.value) && rest.length >= 2) {
    const npx: Word = { value: "npx", dynamic: false, raw: file.raw };
    const p: Word = { value: "-p", dynamic: false, raw: "-p" };
    return peel(program, [npx, p, ...rest]);
  }
  const tool = toolOf(file.value);
  return tool === null ? NONE : peel(program, [{ value: tool, dynamic: false, raw: file.raw }, ...rest]);
}

function peel(program: string, words: readonly Word[]): Peel {
  return simplePeel(`${program} launcher`, words);
}
