import { existsSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../common/package-root.ts";

/**
 * The launcher `--install` writes in front of `hook claude-code`. A project that depends on rulegate gets a
 * path relative to $CLAUDE_PROJECT_DIR (portable, fit to commit); otherwise the absolute path of this
 * installation. Never bare `npx rules`: without a local install npx would look the name up in the registry.
 */
export function defaultLauncher(scope: "project" | "user", cwd: string): string {
  const root = packageRoot();
  if (root === null) throw new Error("cannot find the rulegate package directory to point the hook at; pass --command");
  if (scope === "project" && sameDir(join(cwd, "node_modules", "rulegate"), root))
    return '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/rules';
  return `node ${shellQuote(join(root, "bin", "rules.js"))}`;
}

function sameDir(a: string, b: string): boolean {
  try {
    return existsSync(a) && realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./:=@-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}
