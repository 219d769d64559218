import { existsSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";
import { installError, type InstallError } from "./errors.ts";
import type { InstallScope } from "./target.ts";

export type LauncherChoice = { readonly ok: true; readonly launcher: string } | InstallError;

/**
 * The launcher `--install` writes in front of `hook claude-code`, for the rulegate package at `root`.
 * - project: a project that depends on rulegate gets a path relative to $CLAUDE_PROJECT_DIR (portable, fit to
 *   commit); otherwise the absolute path of this installation.
 * - user: the hook runs for every project, so it must not live in one of them: deleting that project would block
 *   every tool call everywhere (the hook fails closed). Only a global install qualifies (one of `globalRoots`,
 *   the directories global packages are installed in); anything else is refused with how to install globally
 *   (docs/adr/0175).
 * Never bare `npx rules`: without a local install npx would look the name up in the registry.
 */
export function defaultLauncher(
  scope: InstallScope,
  cwd: string,
  root: string | null,
  globalRoots: readonly string[],
): LauncherChoice {
  if (root === null)
    return installError(
      "package-not-found",
      "cannot find the rulegate package directory to point the hook at; pass --command",
    );
  const node = { ok: true, launcher: `node ${shellQuote(join(root, "bin", "rules.js"))}` } as const;
  if (scope === "project")
    return sameDir(join(cwd, "node_modules", "rulegate"), root)
      ? { ok: true, launcher: '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/rules' }
      : node;
  if (globalRoots.some((g) => sameDir(g, dirname(root)))) return node;
  return installError(
    "user-install-not-stable",
    `this rulegate runs from ${root}, which is not a global install: a user-level hook pointing there would block ` +
      "every tool call in every project once that directory is gone. Install rulegate globally and install the " +
      "hook from there (npm install -g rulegate && rules hook claude-code --install --user), install it for this " +
      "project only (--project), or pass --command with a launcher that outlives this project",
  );
}

function sameDir(a: string, b: string): boolean {
  try {
    return existsSync(a) && existsSync(b) && realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./:=@-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}
