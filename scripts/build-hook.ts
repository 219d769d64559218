/**
 * Builds the Claude Code hook: plain JS in dist/ (no tsx at run time), the entry dist/hook.mjs. Claude
 * Code starts a fresh process for every hook event, so start-up cost is the hook's latency:
 * - its JavaScript is compiled through V8's code cache (see HOOK_MAIN below);
 * - web-tree-sitter stays external (it finds its .wasm next to its own module) and the bash grammar is
 *   loaded only on the first bash call; the model SDK stays external and is required only for model checks
 *   (the hook bundle has no import(): a vm.Script cannot run one, ADR 0131).
 *
 * It also builds dist/index.mjs (the library, package.json exports ".") and dist/cli.mjs, the whole CLI in one module, which bin/rules.js prefers over loading the
 * TypeScript sources through tsx (about 1.4 s → 0.6 s for `rules compile --check` of 1,000 rules).
 *
 * Run: `tsx scripts/build-hook.ts` (also `npm run build`, and `prepare` after `npm install`).
 */
import { build, type BuildOptions } from "esbuild";
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
/**
 * dist/ sits one level below the package root like every source folder, so `new URL("../rules/…",
 * import.meta.url)` in a bundled module (the compiler's built-in rules) still points at the package files.
 */
export const HOOK_OUTDIR = join(root, "dist");
export const HOOK_ENTRY = join(HOOK_OUTDIR, "hook.mjs");
/** The whole `rules` CLI as one plain-JS module: bin/rules.js runs it when it is fresh (no tsx at run time). */
export const CLI_ENTRY = join(HOOK_OUTDIR, "cli.mjs");
/** The library (`import { loadPolicy, createSession } from "rulegate"`, package.json exports "."). */
export const LIBRARY_ENTRY = join(HOOK_OUTDIR, "index.mjs");

/**
 * What every bundle of this package shares (the hook, the CLI, the library, the benches' bundles): plain ESM
 * for Node 20; web-tree-sitter stays external (it finds its .wasm next to its own module) and so does the
 * model SDK (imported only for model checks); bundled CommonJS dependencies (proper-lockfile) call require(),
 * so ESM gets a real one.
 */
export const BUNDLE: BuildOptions = {
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  external: ["web-tree-sitter", "tree-sitter-bash", "@anthropic-ai/sdk"],
  banner: {
    js: "import { createRequire as __rgCreateRequire } from 'node:module'; const require = __rgCreateRequire(import.meta.url);",
  },
  legalComments: "none",
  logLevel: "warning",
};

/**
 * The hook is two files. dist/hook-main.cjs is the whole hook as one CommonJS bundle: CommonJS, so that
 * dist/hook.mjs, the small entry Claude Code runs, can compile it through V8's code cache (cli/code-cache.ts;
 * Node 20 has none for modules). The compiler is in it too but only runs on a policy-cache miss: V8 compiles a
 * function when it first runs, and the code cache holds what ran. The entry is generated so that no source
 * file has to print or exit outside cli/. The size and mtime of hook-main.cjs identify the build: the policy
 * cache never serves IR compiled by an older build, and the code cache is named after it.
 */
export const HOOK_MAIN = join(HOOK_OUTDIR, "hook-main.cjs");

const ENTRY = `
import { setFlagsFromString } from "node:v8";
setFlagsFromString("--liftoff-only"); // see bin/rules.js: no optimizing wasm tier to wait for at exit
import { statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadWithCodeCache } from "./cli/code-cache.ts";
import { rulegateHome } from "./cli/rulegate-home.ts";
const main = fileURLToPath(new URL("./hook-main.cjs", import.meta.url));
const self = statSync(main);
const build = self.size + ":" + Math.round(self.mtimeMs);
const cache = join(rulegateHome(process.env), "cache", "hook-" + process.version + "-" + process.arch + "-" + build.replace(":", "-") + ".v8cache");
const loaded = loadWithCodeCache(main, cache);
process.exitCode = await loaded.exports.hookProcessMain(process.argv.slice(2), { build });
loaded.save();
`;

export async function buildHook(): Promise<{ entry: string; bytes: number }> {
  mkdirSync(HOOK_OUTDIR, { recursive: true });
  for (const f of readdirSync(HOOK_OUTDIR)) if (/^hook[.-].*\.(mjs|cjs)$/.test(f)) rmSync(join(HOOK_OUTDIR, f));
  await build({
    ...BUNDLE,
    format: "cjs",
    stdin: {
      contents: 'export { hookProcessMain } from "./cli/commands/hook.ts";',
      resolveDir: root,
      sourcefile: "hook-main.ts",
      loader: "ts",
    },
    outfile: HOOK_MAIN,
    // CommonJS has no import.meta: the bundle's own URL stands in (the built-in rules and the package root are found from it).
    define: { "import.meta.url": "__rgUrl" },
    banner: { js: "const __rgUrl = require('node:url').pathToFileURL(__filename).href;" },
    minify: true, // parse time is start-up time: identifiers and syntax too, not only blanks
    // A vm.Script has no dynamic-import callback (Node 20 offers one only behind an experimental flag or
    // warning), so an import() in this bundle would always reject: every lazy import becomes a require()
    // of the package's CommonJS entry, done by Node's own loader outside the script (ADR 0131).
    supported: { "dynamic-import": false },
  });
  await build({
    ...BUNDLE,
    stdin: { contents: ENTRY, resolveDir: root, sourcefile: "hook-entry.ts", loader: "ts" },
    outfile: HOOK_ENTRY,
    minify: true,
  });
  for (const [entry, outfile] of [
    ["cli/main.ts", CLI_ENTRY],
    ["index.ts", LIBRARY_ENTRY],
  ] as const) {
    await build({ ...BUNDLE, entryPoints: [join(root, entry)], outfile, minifyWhitespace: true });
  }
  return { entry: HOOK_ENTRY, bytes: statSync(HOOK_MAIN).size };
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { entry, bytes } = await buildHook();
  process.stdout.write(`built ${entry} (hook bundle ${Math.round(bytes / 1024)} KiB) and ${CLI_ENTRY}\n`);
}
