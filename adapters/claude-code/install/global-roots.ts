import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";

/**
 * The directories global npm packages live in: what `npm root -g` answers (it honours the user's prefix, nvm
 * and npm_config_prefix), and the default prefix beside this Node binary when npm cannot be asked. Only
 * `--install --user` asks, once.
 */
export function globalPackageRoots(env: Readonly<Record<string, string | undefined>>): string[] {
  const roots: string[] = [];
  try {
    const out = execFileSync(process.platform === "win32" ? "npm.cmd" : "npm", ["root", "-g"], {
      encoding: "utf8",
      env: env as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 15_000,
    }).trim();
    if (out !== "") roots.push(out);
  } catch {
    // npm missing or failing: the prefix beside node below is the usual answer
  }
  const prefix = dirname(dirname(process.execPath));
  roots.push(
    process.platform === "win32"
      ? join(dirname(process.execPath), "node_modules")
      : join(prefix, "lib", "node_modules"),
  );
  return roots;
}
