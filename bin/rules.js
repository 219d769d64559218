#!/usr/bin/env node
// Launcher for the `rules` command. `rules hook …` runs the bundled hook entry dist/hook.mjs (plain JS, built
// by `npm run build`, also on `npm install`): Claude Code starts one process per hook event, so start-up is
// its latency. Everything else, and the hook when no fresh bundle exists, loads the TypeScript CLI through
// tsx's loader, so a fresh clone runs without a build step.
import { existsSync, readdirSync, statSync } from "node:fs";
import { setFlagsFromString } from "node:v8";

// Short-lived processes: compile the bash grammar's WebAssembly with the baseline compiler only. The
// optimizing tier would run in the background and the process would wait for it at exit (~0.5 s).
setFlagsFromString("--liftoff-only");

const argv = process.argv.slice(2);
const bundle = new URL("../dist/hook.mjs", import.meta.url);
if (argv[0] === "hook" && !argv.includes("--install") && process.env.RULEGATE_FROM_SOURCE !== "1" && bundleIsFresh()) {
  await import(bundle.href); // sets process.exitCode itself
} else {
  const { register } = await import("tsx/esm/api");
  register();
  const { main } = await import("../cli/main.ts");
  process.exitCode = await main(argv);
}

/** The bundle exists and, in a git checkout (a developer's), is newer than every source file it was built from. */
function bundleIsFresh() {
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
