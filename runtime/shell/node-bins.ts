/**
 * A well-known tool started by the file of its launcher (docs/adr/0806): `node node_modules/.bin/vercel deploy`,
 * `node node_modules/npm/bin/npm-cli.js publish`, `node common/scripts/install-run-rush.js publish` run vercel, npm
 * and rush with those words, as `python -m pip` runs pip. Judged as the tool, so what its words do is what decides.
 * A launcher whose tool nobody here knows stays a script node runs.
 */
import { ownBin, wellKnownPackage } from "./known-packages.ts";
import { parseOptions } from "./options.ts";
import type { Peel } from "./wrappers.ts";
import type { Word } from "./words.ts";

const NONE: Peel = { kind: "none" };

/** node options that take the next word as their value; `-e`/`-p` code and `-` (stdin) are no launcher run. */
const VALUED = ["-r", "--require", "--import", "--loader", "--experimental-loader", "-C", "--conditions", "--title"];

/** Launcher files whose name is not the tool's: npm's and npx's entry points, Rush's install-run scripts. */
const LAUNCHERS: Readonly<Record<string, string>> = {
  "npm-cli": "npm",
  "npx-cli": "npx",
  pnpm: "pnpm",
  pnpx: "pnpx",
  yarn: "yarn",
  "install-run-rush": "rush",
  "install-run-rushx": "rushx",
};

/** The tool a launcher file starts, or null: a `.bin` link, a file of a package's own, or a known launcher. */
function toolOf(file: string): string | null {
  const base = (file.split("/").pop() ?? "").replace(/\.[cm]?[jt]s$/, "");
  const known = (name: string): boolean => wellKnownPackage(name, "js") || ownBin(name);
  if (/(?:^|\/)node_modules\/\.bin\/[^/]+$/.test(file)) return known(base) ? base : null;
  if (Object.hasOwn(LAUNCHERS, base)) {
    const tool = LAUNCHERS[base]!;
    // npm's and Rush's launchers by their own names; the package managers' only inside their own package.
    return base.startsWith("install-run") || base.endsWith("-cli") || file.includes(`node_modules/${tool}/`)
      ? tool
      : null;
  }
  // `node_modules/eslint/bin/eslint.js`, `node_modules/@biomejs/biome/bin/biome`: the package's file named as its tool.
  const pkg = /(?:^|\/)node_modules\/(?:@[^/]+\/)?([^/]+)\/(?:[^/]+\/)*[^/]+$/.exec(file)?.[1];
  return pkg !== undefined && pkg === base && known(base) ? base : null;
}

export function nodeLauncher(program: string, args: readonly Word[]): Peel {
  if (program !== "node" && program !== "nodejs") return NONE;
  const o = parseOptions(args, { short: "rC", long: VALUED });
  if (o.options.some((x) => ["-e", "--eval", "-p", "--print"].includes(x.name))) return NONE;
  const file = args[o.rest];
  if (file === undefined || file.dynamic) return NONE;
  const tool = toolOf(file.value);
  if (tool === null) return NONE;
  const words: Word[] = [{ value: tool, dynamic: false, raw: file.raw }, ...args.slice(o.rest + 1)];
  return { kind: "peel", label: `${program} launcher`, words, assignments: [], workdir: null, dynamicArgs: false };
}
