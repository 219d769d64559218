#!/usr/bin/env node
// Launcher for the `rules` command. It runs the plain-JS bundles in dist/ (built by `npm run build`, also on
// `npm install`): dist/hook.mjs for `rules hook …` (Claude Code starts one process per hook event, so start-up
// is its latency) and dist/cli.mjs for everything else. Without a fresh bundle it loads the TypeScript CLI
// through tsx's loader, so a fresh clone runs without a build step. RULEGATE_FROM_SOURCE=1 forces the sources.
import { existsSync, readdirSync, statSync } from "node:fs";
import { setFlagsFromString } from "node:v8";

// Short-lived processes: compile the bash grammar's WebAssembly with the baseline compiler only. The
// optimizing tier would run in the background and the process would wait for it at exit (~0.5 s).
setFlagsFromString("--liftoff-only");

const argv = process.argv.slice(2);
const fromSource = process.env.RULEGATE_FROM_SOURCE === "1";
const hook = new URL("../dist/hook.mjs", import.meta.url);
const cli = new URL("../dist/cli.mjs", import.meta.url);
// Only a hook run takes the small hook bundle; installing and help need the whole CLI (commander).
const hookRun = argv[0] === "hook" && !argv.some((a) => a === "--install" || a === "--help" || a === "-h");
if (hookRun && !fromSource && isFresh(hook)) {
  await import(hook.href); // sets process.exitCode itself
} else if (!fromSource && isFresh(cli)) {
  const { main } = await import(cli.href);
  process.exitCode = await main(argv);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  const { main } = await import("../cli/main.ts");
  process.exitCode = await main(argv);
}

/** A bundle exists and, in a git checkout (a developer's), is newer than every source file it was built from. */
function isFresh(bundle) {
  if (!existsSync(bundle)) return false;
  const root = new URL("../", import.meta.url);
  if (!existsSync(new URL(".git", root))) return true;
  const built = statSync(bundle).mtimeMs;
  const newer = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const url = new URL(e.isDirectory() ? `${e.name}/` : e.name, dir);
      if (e.isDirectory() ? newer(url) : statSync(url).mtimeMs > built) return true;
    }
    return false;
  };
  return !["adapters/", "cli/", "compiler/", "core/", "grammar/", "runtime/", "rules/builtin/"].some((d) => newer(new URL(d, root)));
}
