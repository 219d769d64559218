import { ownEntry } from "../../core/index.ts";
/**
 * rulegate-self-control, stopping the gate (docs/adr/0327): a call that signals rulegate's processes (the hook a
 * command hook runs, `rules serve` behind an HTTP hook: a hook that cannot answer lets the call through), that
 * uninstalls its package, or that writes into it. Matched as the programs match: a pkill/pgrep pattern is tried
 * as the regular expression it is against rulegate's process names and command lines (`pkill -f .` and `killall
 * node` stop it too); `kill` of pids found in the same string by a finder that names rulegate or its port.
 */
import picomatch from "picomatch";
import { commandsOf, hasFlag, operands, shown } from "./commands.ts";
import { firstChangedPath } from "./changes.ts";
import { display, segments } from "./paths.ts";
import { recursiveTargets } from "./recursive-delete.ts";
import { attachedProcesses, type Operation, PGREP_VALUES } from "../operation/index.ts";
import type { SimpleCommand } from "../shell/index.ts";

/** rulegate's processes as `ps -o comm` and `ps -o args` show them: node running its launcher, the launcher itself. */
const NAMES = ["node", "rules", "rulegate", "nodejs", "tsx", "bun"];
const LINES = [
  "node /usr/lib/node_modules/rulegate/bin/rules.js serve --port 8787",
  "node ./node_modules/.bin/rules hook claude-code",
  "rulegate serve",
  "rules serve --port 8787",
  "rules hook claude-code",
  "rules mcp-proxy -- server",
  "node /home/dev/project/node_modules/rulegate/dist/hook.mjs",
  "node dist/cli.mjs serve",
];
/** A word naming rulegate's process or its server: its names, launcher, state file or default port. */
const NAMES_RULEGATE =
  /rulegate|\brules\s+(?:serve|hook|mcp-proxy)\b|bin\/rules(?:\.js)?\b|\bserve\.json\b|(?:^|[:\s=])8787(?:$|\/|\b)/;
/** Programs that signal processes, and those that find their pids for another to signal. */
const SIGNALLERS = new Set(["kill", "skill", "snice", "kill-port", "fkill", "tkill"]);
const FINDERS = new Set([
  "pgrep",
  "pidof",
  "lsof",
  "fuser",
  "ps",
  "grep",
  "egrep",
  "rg",
  "ss",
  "netstat",
  "awk",
  "cat",
  "jq",
]);
const MANAGERS = new Set(["systemctl", "launchctl", "service", "pm2", "supervisorctl"]);
const STOPS = /^(?:stop|kill|disable|mask|unload|bootout|remove|delete|rm|restart|reload)$/;

export function stopsRulegate(op: Operation): string | null {
  const commands = commandsOf(op);
  // A debugger or tracer attached to the gate can change its answers or stop it (docs/adr/0431): a signal too.
  const signals = commands.some(
    (c) =>
      SIGNALLERS.has(c.program) ||
      c.program === "pkill" ||
      c.program === "killall" ||
      fuserKills(c) ||
      attachedProcesses(c) !== null,
  );
  for (const cmd of commands) {
    if (
      (cmd.program === "pkill" || cmd.program === "pgrep") &&
      patternHits(cmd) &&
      (cmd.program === "pkill" || signals)
    )
      return `${shown(cmd)} stops rulegate's own processes`;
    if (cmd.program === "killall" && killallHits(cmd)) return `${shown(cmd)} stops rulegate's own processes`;
    // pidof names processes exactly, as killall does: `kill $(pidof node)`, `strace -p $(pidof rules)`.
    if (cmd.program === "pidof" && signals && operands(cmd, ["-o", "--omit-pid"]).some((n) => NAMES.includes(n)))
      return `${shown(cmd)} finds rulegate's processes for a signal or a debugger`;
    if (fuserKills(cmd) && cmd.args.some((a) => /^8787(?:\/|$)/.test(a)))
      return `${shown(cmd)} stops rulegate serve on its port`;
    if (
      signals &&
      (FINDERS.has(cmd.program) || SIGNALLERS.has(cmd.program)) &&
      cmd.args.some((a) => NAMES_RULEGATE.test(a))
    )
      return `${shown(cmd)} finds rulegate's processes for a signal or a debugger`;
    if (MANAGERS.has(cmd.program) && cmd.args.some((a) => STOPS.test(a)) && cmd.args.some((a) => /rulegate/.test(a)))
      return `${shown(cmd)} stops rulegate's service`;
  }
  return null;
}

function fuserKills(cmd: SimpleCommand): boolean {
  return cmd.program === "fuser" && hasFlag(cmd, "-k", "--kill");
}

/** The pattern a pkill/pgrep is given could match one of rulegate's processes (a dynamic pattern could). */
function patternHits(cmd: SimpleCommand): boolean {
  const full = hasFlag(cmd, "-f", "--full");
  const exact = hasFlag(cmd, "-x", "--exact");
  const ignoreCase = hasFlag(cmd, "-i", "--ignore-case");
  const patterns = operands(cmd, [...PGREP_VALUES]).filter((p) => !/^-\w+$/.test(p));
  // `pkill -u dev`, `pkill -P 1`: no pattern, every process the options select.
  if (patterns.length === 0) return cmd.program === "pkill";
  return patterns.some((p) => matchesAny(p, full ? LINES : NAMES, exact, ignoreCase) || unknown(cmd, p));
}

function killallHits(cmd: SimpleCommand): boolean {
  const regex = hasFlag(cmd, "-r", "--regexp");
  const names = operands(cmd, ["-u", "--user", "-s", "--signal", "-o", "--older-than", "-y", "--younger-than"]);
  if (names.length === 0) return hasFlag(cmd, "-u", "--user");
  return names.some(
    (n) => (regex ? matchesAny(n, NAMES, false, hasFlag(cmd, "-I")) : NAMES.includes(n)) || unknown(cmd, n),
  );
}

function matchesAny(pattern: string, subjects: readonly string[], exact: boolean, ignoreCase: boolean): boolean {
  let re: RegExp;
  try {
    re = new RegExp(exact ? `^(?:${pattern})$` : pattern, ignoreCase ? "i" : "");
  } catch {
    // Not a pattern JavaScript reads (POSIX classes, say): by its words.
    return NAMES_RULEGATE.test(pattern) || NAMES.some((n) => pattern.includes(n));
  }
  return subjects.some((s) => re.test(s));
}

function unknown(cmd: SimpleCommand, word: string): boolean {
  return (cmd.unknownArgs ?? []).some((i) => cmd.args[i] === word);
}

/** Package managers and the subcommands that remove a package. */
const REMOVERS: Readonly<Record<string, RegExp>> = {
  npm: /^(?:uninstall|unlink|remove|rm|r|un)$/,
  pnpm: /^(?:remove|rm|uninstall|un|unlink)$/,
  yarn: /^(?:remove|unlink)$/,
  bun: /^(?:remove|rm|unlink)$/,
  brew: /^(?:uninstall|remove|rm|unlink)$/,
  // Any package manager's uninstall of a package by that name (docs/adr/0362): the gate may be installed by one.
  deno: /^(?:uninstall|remove|rm)$/,
  pip: /^uninstall$/,
  pip3: /^uninstall$/,
  pipx: /^uninstall$/,
  uv: /^(?:uninstall|remove)$/,
  apt: /^(?:remove|purge)$/,
  "apt-get": /^(?:remove|purge)$/,
  port: /^uninstall$/,
  volta: /^uninstall$/,
};

/** `npm uninstall rulegate`, `pnpm rm -D rulegate`, `npm pkg delete devDependencies.rulegate`, writes into the package. */
export function removesRulegate(op: Operation, home: string): string | null {
  for (const cmd of commandsOf(op)) {
    const remover = ownEntry(REMOVERS, cmd.program);
    if (remover === undefined) continue;
    const words = operands(cmd, ["-w", "--workspace", "--filter", "-C", "--prefix", "--dir", "--cwd"]);
    const at = words.findIndex((w) => remover.test(w));
    if (at >= 0 && words.slice(at + 1).some(isRulegate)) return `${shown(cmd)} uninstalls rulegate`;
    // Another rulegate put in its place: a folder, a link, a fork or a pinned version (docs/adr/0432).
    const adder = ownEntry(REPLACERS, cmd.program);
    const from = adder === undefined ? -1 : words.findIndex((w) => adder.test(w));
    if (from >= 0 && words.slice(from + 1).some(replacesRulegate)) return `${shown(cmd)} replaces rulegate`;
    if (cmd.program === "npm" && words[0] === "pkg" && /^(?:delete|set)$/.test(words[1] ?? ""))
      if (words.slice(2).some((w) => /(?:^|\.)rulegate(?:$|=)/.test(w)))
        return `${shown(cmd)} drops rulegate from the manifest`;
  }
  const hit = firstChangedPath(op, home, (p) => insidePackage(p) || isLauncher(p, op.call.cwd));
  if (hit !== null) return `changes rulegate's installed files: ${display(hit, home)}`;
  // The launcher found at run time (`chmod -x $(which rulegate)`, `mv "$(command -v rules)" /tmp`): ADR 0432.
  const located = op.paths.find(
    (a) => (a.mode === "write" || a.mode === "delete") && a.dynamic === true && LOCATES_RULEGATE.test(a.raw ?? ""),
  );
  if (located !== undefined) return `changes rulegate's launcher, found where it runs: ${located.raw}`;
  return sweepsSettings(op, home);
}

/**
 * A delete by pattern (`find . -name 'settings*.json' -path '*claude*' -delete`: the selection `./**\/settings*.json`)
 * that can reach the hook settings or the rules where they live, the project and the home: the gate leaves with
 * them. A pattern below another folder (`find build -name '*.json' -delete`) is not a hit.
 */
function sweepsSettings(op: Operation, home: string): string | null {
  const files = [
    `${op.call.cwd}/.claude/settings.json`,
    `${op.call.cwd}/.claude/settings.local.json`,
    `${op.call.cwd}/.rulegate/rules.yaml`,
    `${home}/.claude/settings.json`,
    `${home}/.rulegate/serve.json`,
    `${home}/.config/rulegate/rules.yaml`,
    // The launcher and the package the hook runs from (docs/adr/0553).
    `${op.call.cwd}/node_modules/.bin/rulegate`,
    `${op.call.cwd}/node_modules/.bin/rules`,
    `${op.call.cwd}/node_modules/rulegate/package.json`,
  ];
  // The folders that hold them: a recursive delete of a selected folder (`find . -name '.rule*' -exec rm -rf {} +`)
  // takes every file below it (docs/adr/0553).
  const folders = [
    `${op.call.cwd}/.claude`,
    `${op.call.cwd}/.rulegate`,
    `${op.call.cwd}/node_modules/rulegate`,
    `${home}/.claude`,
    `${home}/.rulegate`,
    `${home}/.config/rulegate`,
  ];
  const trees = new Set(commandsOf(op).flatMap((c) => recursiveTargets(c)));
  for (const a of op.paths) {
    // A glob of one level (`rm .clau*/settings.json`) is the path checks' own (ADR 0290); a tree sweep is not.
    if (a.mode !== "delete" || !a.path.includes("/**/")) continue;
    const matches = picomatch(a.path, { dot: true });
    const tree = a.raw !== undefined && trees.has(a.raw);
    const file = files.find((f) => matches(f)) ?? (tree ? folders.find((f) => matches(f)) : undefined);
    if (file !== undefined) return `deletes ${display(a.path, home)}, which can match ${display(file, home)}`;
  }
  return null;
}

/** Package managers and the subcommands that install or link a package in place of the one installed. */
const REPLACERS: Readonly<Record<string, RegExp>> = {
  npm: /^(?:install|i|in|ins|inst|insta|instal|isnt|isnta|isntal|isntall|add|link|ln)$/,
  pnpm: /^(?:add|install|i|link|ln)$/,
  yarn: /^(?:add|link)$/,
  bun: /^(?:add|install|i|link)$/,
};

/** A package spec that names rulegate from anywhere but the registry's current release: `/tmp/fake-rulegate`, `rulegate@0.1.0`. */
function replacesRulegate(word: string): boolean {
  if (!/rulegate/i.test(word) || word === "rulegate") return false;
  return /[/\\:]|^\.|@/.test(word);
}

function isRulegate(word: string): boolean {
  const name = word.replace(/(?<=.)@[^/]*$/, "");
  return name === "rulegate" || name.endsWith("/rulegate");
}

/**
 * A word that finds rulegate's launcher or package when it runs: `$(which rulegate)`, `` `command -v rules` ``,
 * `$(type -p rules)`, `$(readlink -f $(which rules))`, `$(npm root -g)/rulegate`.
 */
const LOCATES_RULEGATE =
  /(?:\$\(|`)\s*(?:which|command\s+-[vV]|type\s+-[pPa]+|whereis|hash\s+-t|readlink\s+-[fe]|realpath)\b[^`]*\b(?:rules|rulegate)\b|\/rulegate(?:[/"'`)]|$)/;

/** The launcher installed in a bin folder: `rulegate` in any, `rules` in one outside the project (`/usr/local/bin`). */
function isLauncher(path: string, cwd: string): boolean {
  const segs = segments(path.toLowerCase());
  if (segs.at(-2) !== "bin") return false;
  const name = segs.at(-1);
  return name === "rulegate" || (name === "rules" && !`${path}/`.startsWith(`${cwd}/`));
}

/** Inside an installed rulegate package, or its launcher links in `node_modules/.bin`. */
function insidePackage(path: string): boolean {
  const segs = segments(path.toLowerCase());
  return segs.some(
    (s, i) =>
      s === "node_modules" &&
      (segs[i + 1] === "rulegate" ||
        (segs[i + 1] === ".bin" && (segs[i + 2] === "rules" || segs[i + 2] === "rulegate") && i + 3 === segs.length)),
  );
}
