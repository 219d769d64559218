/**
 * The e2e tests run the hook the way users do: the built bundle dist/hook.mjs (through bin/rules.js). It is
 * rebuilt here when any source is newer than it, under a lock, so parallel test files build it once and
 * never test a stale bundle.
 */
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import lockfile from "proper-lockfile";
import { buildHook, HOOK_ENTRY } from "../../scripts/build-hook.ts";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const RULES_BIN = join(ROOT, "bin", "rules.js");
const SOURCE_DIRS = [
  "adapters",
  "cli",
  "compiler",
  "core",
  "grammar",
  "runtime",
  "server",
  "rules/builtin",
  "scripts/build-hook.ts",
];

export async function ensureHookBundle(): Promise<string> {
  mkdirSync(join(ROOT, "dist"), { recursive: true });
  const release = await lockfile.lock(ROOT, {
    lockfilePath: join(ROOT, "dist", ".hook-build.lock"),
    realpath: false,
    retries: { retries: 200, minTimeout: 50, maxTimeout: 200 },
  });
  try {
    if (!existsSync(HOOK_ENTRY) || statSync(HOOK_ENTRY).mtimeMs < newestSource()) await buildHook();
  } finally {
    await release();
  }
  return HOOK_ENTRY;
}

function newestSource(): number {
  let newest = 0;
  const visit = (path: string): void => {
    const st = statSync(path, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else if (/\.(ts|yaml|json)$/.test(path)) newest = Math.max(newest, st.mtimeMs);
  };
  for (const dir of SOURCE_DIRS) visit(join(ROOT, dir));
  return newest;
}
