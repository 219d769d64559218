/**
 * package.json settings beyond `scripts` that make a tool run code (docs/adr/0844): hook managers' and watchers'
 * command lines (`husky.hooks.pre-commit`, `lint-staged.*`, `simple-git-hooks.pre-commit`, `nodemonConfig.exec`),
 * and the modules test runners, linters and formatters load at every run (`jest.setupFiles`, `mocha.require`,
 * `eslintConfig.extends`, `prettier`). `npm pkg set` writes them; the next commit, test run or save runs them.
 */

/**
 * Keys whose value is a command line a tool runs: the script-like tables of hook managers (husky 4, yorkie's
 * `gitHooks`, ghooks, simple-git-hooks, pre-commit), lint-staged's globs, nodemon's `exec` and event commands.
 */
export const COMMAND_KEY =
  /^(?:scripts|husky\.hooks|gitHooks|ghooks|config\.ghooks|simple-git-hooks|lint-staged|nodemonConfig\.events)(?:\.([^=]+)|\[([^\]]*)\])(?:\[\d*\])?=|^(?:nodemonConfig\.exec|pre-commit|pre-push)(?:\[\d*\])?()=/;

/** Tool settings whose values name modules or configuration the tool loads at every run. */
const TOOL_KEY =
  /^(?:jest|mocha|ava|nyc|c8|tap|eslintConfig|prettier|babel|stylelint|xo|postcss|commitlint|remarkConfig|nodemonConfig)(?:[.[]|=)/;

/** A system program or library path: loading it is ordinary. */
const SYSTEM_PATH = /^\/(?:usr|bin|sbin|lib|lib64|opt|nix\/store)\//;

/**
 * A place a value loads from that nobody here read: absolute, in a home, an address. A path above the project stays
 * allowed: a monorepo package's settings extend the root's shared configuration (`../../.eslintrc.js`).
 */
export function loadsFromElsewhere(value: string): boolean {
  const v = value.trim().replace(/^["'[\s]+/, "");
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(v)) return true;
  if (/^(?:~|\$HOME\b|\$\{HOME\})/.test(v)) return true;
  return v.startsWith("/") && !SYSTEM_PATH.test(v);
}

/**
 * For `npm|pnpm|yarn|bun pkg set KEY=VALUE …`, the settings of a tool that load a module from outside the
 * project (`jest.globalSetup=/tmp/x.js`, `prettier=/tmp/p.cjs`), as `KEY=VALUE` words.
 */
export function modulesFromElsewhere(program: string, args: readonly string[]): string[] {
  if (!["npm", "pnpm", "yarn", "bun"].includes(program)) return [];
  const words = args.filter((a) => !a.startsWith("-"));
  if (words[0] !== "pkg" || words[1] !== "set") return [];
  return words.slice(2).filter((w) => {
    if (!TOOL_KEY.test(w)) return false;
    const value = w.slice(w.indexOf("=") + 1);
    return value.split(/[\s,]+/).some(loadsFromElsewhere);
  });
}
