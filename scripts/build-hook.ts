/**
 * Builds the Claude Code hook entry: a plain-JS ESM bundle dist/hook.mjs (no tsx at run time). Claude
 * Code starts a fresh process for every hook event, so start-up cost is the hook's latency:
 * - the compiler (YAML, Chevrotain) is a separate chunk, loaded only when the policy cache misses;
 * - web-tree-sitter stays external (it finds its .wasm next to its own module) and the bash grammar is
 *   loaded only on the first bash call; the model SDK stays external and is imported only for model checks.
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
  banner: { js: "import { createRequire as __rgCreateRequire } from 'node:module'; const require = __rgCreateRequire(import.meta.url);" },
  legalComments: "none",
  logLevel: "warning",
};

/**
 * The entry is generated so that no source file has to print or exit outside cli/. Its own size and
 * mtime identify the build: the policy cache never serves IR compiled by an older build.
 */
const ENTRY = `
import { setFlagsFromString } from "node:v8";
setFlagsFromString("--liftoff-only"); // see bin/rules.js: no optimizing wasm tier to wait for at exit
import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { hookProcessMain } from "./cli/commands/hook.ts";
const self = statSync(fileURLToPath(import.meta.url));
process.exitCode = await hookProcessMain(process.argv.slice(2), { build: self.size + ":" + self.mtimeMs });
`;

export async function buildHook(): Promise<{ entry: string; bytes: number }> {
  mkdirSync(HOOK_OUTDIR, { recursive: true });
  for (const f of readdirSync(HOOK_OUTDIR)) if (/^hook[.-].*\.mjs$/.test(f)) rmSync(join(HOOK_OUTDIR, f));
  await build({
    ...BUNDLE,
    stdin: { contents: ENTRY, resolveDir: root, sourcefile: "hook-entry.ts", loader: "ts" },
    splitting: true,
    outdir: HOOK_OUTDIR,
    entryNames: "hook",
    chunkNames: "hook-[name]-[hash]",
    outExtension: { ".js": ".mjs" },
    minify: true, // parse time is start-up time: identifiers and syntax too, not only blanks
  });
  for (const [entry, outfile] of [["cli/main.ts", CLI_ENTRY], ["index.ts", LIBRARY_ENTRY]] as const) {
    await build({ ...BUNDLE, entryPoints: [join(root, entry)], outfile, minifyWhitespace: true });
  }
  return { entry: HOOK_ENTRY, bytes: statSync(HOOK_ENTRY).size };
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { entry, bytes } = await buildHook();
  process.stdout.write(`built ${entry} (${Math.round(bytes / 1024)} KiB entry) and ${CLI_ENTRY}\n`);
}
