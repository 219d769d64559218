/**
 * Download caches of package managers and build tools in the home directory (docs/adr/0444): folders a tool
 * fills with what it fetched or compiled and fills again on its next run (`~/.cache/pip`, `~/.npm/_cacache`,
 * `~/.cargo/registry/cache`). Deleting one loses nothing that cannot be made again, as deleting a project's
 * `node_modules` (docs/adr/0335). Only the named folders count, never `~/.cache` itself (it also holds other
 * programs' state) nor a folder that keeps what the user made (`~/.m2/repository` holds `mvn install`ed builds,
 * `~/go/pkg/mod` is read-only module sources that `go clean -modcache` owns).
 */

/** Home-relative cache folders: everything at or below one is regenerable. */
export const TOOL_CACHES: readonly string[] = [
  // Python
  ".cache/pip",
  ".cache/pypoetry/cache",
  ".cache/pypoetry/artifacts",
  ".cache/uv",
  ".cache/pre-commit",
  ".cache/pipenv",
  "Library/Caches/pip",
  "Library/Caches/pypoetry",
  // JavaScript
  ".npm/_cacache",
  ".npm/_npx",
  ".cache/yarn",
  ".yarn/berry/cache",
  "Library/Caches/Yarn",
  ".cache/pnpm",
  ".local/share/pnpm/store",
  ".bun/install/cache",
  ".cache/node-gyp",
  ".cache/ms-playwright",
  ".cache/puppeteer",
  ".cache/Cypress",
  ".cache/electron",
  ".cache/typescript",
  ".cache/deno",
  // Rust, Go, JVM, PHP, Ruby
  ".cargo/registry/cache",
  ".cargo/registry/src",
  ".cargo/git/checkouts",
  ".cache/go-build",
  "Library/Caches/go-build",
  ".gradle/caches",
  ".gradle/wrapper/dists",
  ".cache/composer",
  ".composer/cache",
  ".cache/bundle",
  ".cache/ccache",
  ".ccache",
  ".cache/sccache",
];

/**
 * Whether `path` (absolute, normalised, no expansion left) is one of the tool caches of `home` or lies below one.
 * A glob in the path is allowed only below the cache folder's own name (`~/.cache/pip/*`, not `~/.cache/p*`):
 * the caller passes the path as written, and the prefix comparison is literal.
 */
export function inToolCache(path: string, home: string): boolean {
  const root = home.endsWith("/") ? home : `${home}/`;
  if (!path.startsWith(root) || /[$`]/.test(path)) return false;
  const rel = path.slice(root.length);
  if (rel.split("/").some((n) => n === ".." || n === ".")) return false;
  return TOOL_CACHES.some((c) => rel === c || rel.startsWith(`${c}/`));
}
