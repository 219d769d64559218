#!/usr/bin/env node
// Launcher for the `rules` command. It runs the plain-JS bundles in dist/ (built by `npm run build`, also on
// `npm install`): dist/hook.mjs for `rules hook …` (Claude Code starts one process per hook event, so start-up
// is its latency) and dist/cli.mjs for everything else. The TypeScript sources (through tsx, several times
// slower to start) run only when asked, RULEGATE_FROM_SOURCE=1, or in a git checkout whose bundle is older than
// a source file, and then it says so on stderr. An installed package always runs its bundles (docs/adr/0139).
import { existsSync, readdirSync, statSync } from "node:fs";
import { sep } from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";

const argv = process.argv.slice(2);
// Short-lived processes: compile the bash grammar's WebAssembly with the baseline compiler only. The
// optimizing tier would run in the background and the process would wait for it at exit (~0.5 s). The
// long-lived ones (serve, mcp-proxy) parse every call's command for hours: they keep the optimizing tier.
if (argv[0] !== "serve" && argv[0] !== "mcp-proxy") setFlagsFromString("--liftoff-only");
const root = new URL("../", import.meta.url);
const fromSource = process.env.RULEGATE_FROM_SOURCE === "1";
// A developer's checkout: a git work tree that is not inside node_modules (npm installs carry no .git).
const checkout = existsSync(new URL(".git", root)) && !fileURLToPath(root).split(sep).includes("node_modules");
const hook = new URL("dist/hook.mjs", root);
const cli = new URL("dist/cli.mjs", root);
// Only a hook run takes the small hook bundle; installing and help need the whole CLI (commander).
const hookRun =
  argv[0] === "hook" && !argv.some((a) => a === "--install" || a === "--uninstall" || a === "--help" || a === "-h");

if (!fromSource && hookRun && existsSync(hook) && (!checkout || newerSource(hook) === null)) {
  await import(hook.href); // sets process.exitCode itself
} else if (!fromSource && existsSync(cli) && (!checkout || newerSource(cli) === null)) {
  const { main } = await import(cli.href);
  process.exitCode = await main(argv);
} else if (fromSource || checkout) {
  if (!fromSource) {
    const newer = existsSync(cli) ? newerSource(cli) : null;
    const why = newer === null ? "dist/cli.mjs is missing" : `${newer} is newer than dist/cli.mjs`;
    process.stderr.write(
      `rules: note: running the TypeScript sources, several times slower: ${why} (npm run build; RULEGATE_FROM_SOURCE=1 chooses the sources without this note)\n`,
    );
  }
  const { register } = await import("tsx/esm/api");
  register();
  const { main } = await import("../cli/main.ts");
  process.exitCode = await main(argv);
} else {
  process.stderr.write(
    `rules: this installation has no ${fileURLToPath(cli)} (its build did not run): reinstall rulegate\n`,
  );
  process.exitCode = 1;
}

/** The first source file (relative to the root) modified after the bundle was built, or null. */
function newerSource(bundle) {
  const built = statSync(bundle).mtimeMs;
  const newer = (dir) => {
    if (!existsSync(dir)) return null;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const url = new URL(e.isDirectory() ? `${e.name}/` : e.name, dir);
      const found = e.isDirectory() ? newer(url) : statSync(url).mtimeMs > built ? url : null;
      if (found !== null) return found;
    }
    return null;
  };
  for (const d of ["adapters/", "cli/", "compiler/", "core/", "grammar/", "runtime/", "server/", "rules/builtin/"]) {
    const found = newer(new URL(d, root));
    if (found !== null) return fileURLToPath(found).slice(fileURLToPath(root).length);
  }
  return null;
}
