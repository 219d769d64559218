/**
 * Regenerable build output (docs/adr/0335): the directories that build tools, package managers, test runners and
 * caches fill and fill again (`build`, `dist`, `node_modules`, `.pytest_cache`, …) and compiled files (`*.pyc`,
 * `*.o`, `*.class`). Deleting them inside the workspace is ordinary work: the next build makes them again.
 * Decided by the path's own names, never by what is on disk: a name reached through a symlink is judged by where
 * it leads (both spellings of the path must qualify), and a name the same string wrote first (`mv src dist`,
 * `ln -s ~ build`) is not output (bash-effects.ts hands those in as `made`).
 */

/** Directory names whose whole content a build, an install or a test run regenerates. */
export const OUTPUT_DIRS: ReadonlySet<string> = new Set([
  // builds
  "build",
  "dist",
  "out",
  "target",
  ".output",
  "storybook-static",
  // package installs: a virtualenv is made again from the project's requirements (docs/adr/0440)
  "node_modules",
  ".venv",
  "venv",
  // framework and bundler caches
  ".cache",
  ".next",
  ".nuxt",
  ".svelte-kit",
  ".angular",
  ".turbo",
  ".parcel-cache",
  ".vite",
  ".docusaurus",
  ".expo",
  ".gradle",
  ".eslintcache",
  // test and type-checker output
  "coverage",
  ".nyc_output",
  "htmlcov",
  "__pycache__",
  ".pytest_cache",
  ".mypy_cache",
  ".ruff_cache",
  ".hypothesis",
  ".tox",
  ".nox",
  // code generators' output (protobuf, GraphQL, OpenAPI clients): made again by the generator (docs/adr/0691)
  "generated",
  "__generated__",
  // scratch
  "tmp",
  ".tmp",
]);

/** Compiled files a build writes next to their sources. */
const COMPILED = /\.(?:pyc|pyo|o|obj|class|tsbuildinfo)$/;

/**
 * Whether `path` (absolute, normalised) lies strictly inside one of `workspace` and one of its names below the
 * workspace is regenerable output: a literal output directory name (everything below it is its content), or a
 * compiled file as the last name. Never the history (`.git` anywhere on the way).
 */
export function regenerableIn(path: string, workspace: readonly string[]): boolean {
  return workspace.some((dir) => {
    const prefix = dir.endsWith("/") ? dir : `${dir}/`;
    if (!path.startsWith(prefix)) return false;
    const names = path.slice(prefix.length).split("/");
    if (names.some((n) => n.toLowerCase() === ".git")) return false;
    const last = names[names.length - 1] ?? "";
    return names.some((n) => OUTPUT_DIRS.has(n)) || (COMPILED.test(last) && !/[*?[]/.test(last));
  });
}
