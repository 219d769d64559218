/**
 * pi 1.x needs Node ≥ 22.19; the project runs on Node 20. The e2e tests take a Node 22 binary from the
 * registry package `node-<platform>-<arch>` (a plain package that ships the binary), installed once into a
 * cache directory outside the project, never as a devDependency: its `node` bin would shadow the project's
 * Node in every npm script (docs/adr/0240). A Node that cannot be had is an error with the reason: the pi
 * tests fail on it, they never skip.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lockfile from "proper-lockfile";

/** Pinned: the Node the pi 1.x e2e tests run under when the current one is too old. */
export const NODE22_VERSION = "22.23.3";
const MINIMUM: readonly [number, number] = [22, 19];

export function isNewEnough(version: string): boolean {
  const [major = 0, minor = 0] = version.split(".").map(Number);
  return major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1]);
}

export function nodePackage(platform: string = process.platform, arch: string = process.arch): string {
  return `node-${platform === "win32" ? "win" : platform}-${arch}@${NODE22_VERSION}`;
}

/** The cache directory; RULEGATE_E2E_NODE_DIR overrides it (a CI cache, a machine without a writable tmp). */
export function cacheDir(env: Readonly<Record<string, string | undefined>> = process.env): string {
  return env["RULEGATE_E2E_NODE_DIR"] || join(tmpdir(), "rulegate-e2e-node", NODE22_VERSION);
}

function binaryIn(dir: string): string {
  const pkg = join(dir, "node_modules", nodePackage().replace(/@[^@]*$/, ""));
  return process.platform === "win32" ? join(pkg, "bin", "node.exe") : join(pkg, "bin", "node");
}

function runs(binary: string): boolean {
  if (!existsSync(binary)) return false;
  const out = spawnSync(binary, ["--version"], { encoding: "utf8" });
  return out.status === 0 && isNewEnough(out.stdout.trim().replace(/^v/, ""));
}

/** Installs `pkg` under `dir`; says how it went. */
export type Installer = (
  dir: string,
  pkg: string,
) => { readonly status: number | string | null; readonly stderr: string };

/** `npm install --prefix DIR PKG --no-save`, with the npm that runs the tests when there is one. */
export const npmInstall: Installer = (dir, pkg) => {
  const npmCli = process.env["npm_execpath"];
  const [command, prefix] =
    npmCli !== undefined && /npm-cli\.js$/.test(npmCli) ? [process.execPath, [npmCli]] : ["npm", []];
  const args = [...prefix, "install", "--prefix", dir, pkg, "--no-save", "--no-audit", "--no-fund"];
  // The parent `npm test`'s settings reach npm as npm_config_*: the registry and proxy ones are wanted here,
  // those that would make this install not happen or land elsewhere are not (--prefix beats the others).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^npm_config_(dry_run|global|location)$/i.test(k)),
  );
  const out = spawnSync(command, args, {
    encoding: "utf8",
    env,
    timeout: 300_000,
    shell: process.platform === "win32",
  });
  return { status: out.status ?? out.signal ?? out.error?.message ?? null, stderr: out.stderr ?? "" };
};

export interface NodeSource {
  /** The version of the Node running the tests, and its binary. */
  readonly current: string;
  readonly execPath: string;
  readonly dir: string;
  readonly install: Installer;
}

let found: Promise<string> | null = null;

/** A Node ≥ 22.19 binary: this process's when it is new enough, else the cached registry package. */
export function node22(): Promise<string> {
  found ??= provideNode22({
    current: process.versions.node,
    execPath: process.execPath,
    dir: cacheDir(),
    install: npmInstall,
  });
  return found;
}

export async function provideNode22(source: NodeSource): Promise<string> {
  if (isNewEnough(source.current)) return source.execPath;
  const { dir } = source;
  const binary = binaryIn(dir);
  mkdirSync(dir, { recursive: true });
  // Test files run in parallel processes: one installs, the others wait and reuse it.
  const release = await lockfile.lock(dir, {
    lockfilePath: join(dir, ".install.lock"),
    realpath: false,
    stale: 120_000,
    retries: { retries: 600, minTimeout: 100, maxTimeout: 500 },
  });
  try {
    if (runs(binary)) return binary;
    const pkg = nodePackage();
    const out = source.install(dir, pkg);
    if (!runs(binary))
      throw new Error(
        `pi 1.x needs Node ≥ ${MINIMUM.join(".")} and this is Node ${source.current}; ` +
          `installing ${pkg} into ${dir} did not give a working ${binary} ` +
          `(npm exit ${out.status}: ${out.stderr.trim().slice(-2000)}). ` +
          `Run the tests under Node ≥ ${MINIMUM.join(".")}, or make the npm registry reachable, ` +
          `or point RULEGATE_E2E_NODE_DIR at a directory holding node_modules/${pkg.replace(/@[^@]*$/, "")}.`,
      );
    return binary;
  } finally {
    await release();
  }
}
