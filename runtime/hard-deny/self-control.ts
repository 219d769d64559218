/**
 * rulegate-self-control: a tool call that runs rulegate's own hook, or another rulegate command that changes a
 * session's state. The hook believes the JSON on its stdin: piped a forged `UserPromptSubmit`
 * (`/rulegate disable <rule>`) or `PostToolUse` (a call marked executed) it disables a rule or rewrites the
 * history the session is judged by. `rules eval --log` appends events to a log, `rules hook … --install`
 * rewrites the hook settings. However it is spelled: `rules`, `npx rules`, `node_modules/.bin/rules`,
 * `node …/bin/rules.js`, `node dist/cli.mjs`, the hook bundle itself, or an interpreter one-liner that names
 * one of them. Reading rulegate's output (`rules compile`, `rules explain`, `rules test`, `--help`) is not a
 * hit (ADR 0125). Reading `rules serve`'s token or talking to the server is one too (self-control-serve.ts).
 */
import { programKnowledge } from "../operation/index.ts";
import type { SimpleCommand } from "../shell/index.ts";
import { commandsOf, findingsOf, hasRun, shown } from "./commands.ts";
import { serveControl } from "./self-control-serve.ts";
import { removesRulegate, stopsRulegate } from "./self-control-stop.ts";
import type { Check } from "./types.ts";

/** The names rulegate's launcher is installed under. */
const LAUNCHERS: ReadonlySet<string> = new Set(["rules", "rulegate"]);
/** Script files of rulegate's: the launcher, the CLI bundle, the hook bundles, the TypeScript entry. */
const SCRIPT = /(?:^|\/)(?:bin\/rules\.js|dist\/cli\.m?js|cli\/main\.ts|dist\/(hook(?:-main)?\.[mc]?js))$/;
/** Anything inside an installed rulegate package. */
const PACKAGE = /(?:^|\/)node_modules\/rulegate(?:\/|$)/;
/** The CLI's subcommands (cli/commands/): any other word is refused, not guessed at. */
const KNOWN_SUBCOMMANDS: ReadonlySet<string> = new Set([
  "compile",
  "explain",
  "test",
  "eval",
  "replay",
  "skills",
  "init",
  "serve",
  "mcp-proxy",
  "hook",
  "help",
]);
/** Programs that run a script or a package's bin named by their first operand. */
const RUNNERS: ReadonlySet<string> = new Set([
  "node",
  "nodejs",
  "bun",
  "deno",
  "tsx",
  "ts-node",
  "npx",
  "bunx",
  "pnpx",
  "pnpm",
  "yarn",
  "npm",
  "corepack",
]);
/** Runner options that take a value (`node -r x`, `npx -p pkg`, `deno run --allow-read x`). */
const RUNNER_VALUES: ReadonlySet<string> = new Set([
  "-r",
  "--require",
  "--import",
  "--loader",
  "--experimental-loader",
  "-p",
  "--package",
  "-c",
  "--call",
  "-C",
  "--dir",
  "--cwd",
  "--filter",
  "-F",
]);
/** Runner subcommands that come before what they run (`npm exec rules`, `pnpm dlx rulegate`, `deno run x`). */
const RUNNER_SUBCOMMANDS: ReadonlySet<string> = new Set(["exec", "x", "dlx", "run"]);
/** In interpreter code: a rulegate entry point, or rulegate's hook by name. */
const CODE =
  /(?:bin\/rules\.js|dist\/hook(?:-main)?\.[mc]?js|dist\/cli\.m?js|runClaudeCodeHook|\brulegate\b[\s\S]{0,200}\bhook\b|['"`](?:rules|rulegate)['"`]\s*,\s*['"`]hook['"`]|\b(?:rules|rulegate)\s+hook\b)/;

export const rulegateSelfControl: Check = (op, ctx) => {
  const serve = serveControl(op, ctx) ?? stopsRulegate(op) ?? removesRulegate(op, ctx.home);
  if (serve !== null) return serve;
  for (const cmd of commandsOf(op)) {
    const setting = ownSetting(cmd);
    if (setting !== null) return `${shown(cmd)} sets rulegate's own ${setting} for what it runs`;
    // A launcher under another name (`cp node_modules/.bin/rules /tmp/r && /tmp/r hook claude-code`): a program
    // nothing here knows whose arguments name the hook.
    const renamed = programKnowledge(cmd.program) === undefined && hasRun(cmd.args, ["hook", "claude-code"]);
    const argv = rulegateArgv(cmd) ?? (renamed ? cmd.args.slice(cmd.args.indexOf("hook")) : null);
    if (argv === null) continue;
    const what = stateChange(cmd, argv);
    if (what !== null) return `${shown(cmd)} ${what}`;
  }
  for (const f of findingsOf(op)) {
    if (f.kind === "interpreter-code" && f.code.length <= 65_536 && CODE.test(f.code))
      return `a ${f.language} one-liner runs rulegate's hook or CLI`;
  }
  return null;
};

/**
 * rulegate's own environment (`RULEGATE_POLICY`, `RULEGATE_HOME`, `RULEGATE_MODEL`…) given to a command or exported
 * for later ones: a nested agent or hook started with it reads another policy, another state or none (docs/adr/0693).
 * `RULEGATE_FROM_SOURCE` only picks the sources over the bundle.
 */
function ownSetting(cmd: SimpleCommand): string | null {
  const names = [
    ...cmd.assignments.map((a) => a.name),
    ...(EXPORTERS.has(cmd.program) ? cmd.args.map((a) => a.split("=")[0] ?? "") : []),
  ];
  return names.find((n) => /^RULEGATE_/i.test(n) && n.toUpperCase() !== "RULEGATE_FROM_SOURCE") ?? null;
}

/** Builtins that set a variable for the commands after them. */
const EXPORTERS: ReadonlySet<string> = new Set(["export", "declare", "typeset", "readonly", "local", "setenv"]);

/** The arguments rulegate's CLI receives from this command, or null when it does not run rulegate. */
function rulegateArgv(cmd: SimpleCommand): readonly string[] | null {
  // A program path whose directory comes from an expansion (`"$DIR"/node_modules/.bin/rules`) still names it.
  if (LAUNCHERS.has(cmd.program.split("/").pop() ?? "")) return cmd.args;
  if (!RUNNERS.has(cmd.program)) return null;
  const args = cmd.args;
  let subcommand = cmd.program === "npm" || cmd.program === "deno";
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") continue;
    if (a.startsWith("-")) {
      if (RUNNER_VALUES.has(a)) i++;
      continue;
    }
    if (RUNNER_SUBCOMMANDS.has(a) && i === firstOperand(args)) {
      subcommand = false;
      continue;
    }
    if (subcommand) return null; // `npm test`, `npm install rules`: not a run of a bin
    const name =
      a
        .replace(/@[^/]*$/, "")
        .split("/")
        .pop() ?? "";
    const hookBundle = SCRIPT.exec(a)?.[1] !== undefined;
    if (hookBundle) return ["hook", ...args.slice(i + 1)];
    if (LAUNCHERS.has(name) || SCRIPT.test(a) || PACKAGE.test(a)) return args.slice(i + 1);
    return null;
  }
  return null;
}

function firstOperand(args: readonly string[]): number {
  return args.findIndex((a) => !a.startsWith("-"));
}

/** What the CLI invocation changes, as a clause; null for commands that only read and print. */
function stateChange(cmd: SimpleCommand, argv: readonly string[]): string | null {
  const help = argv.some((a) => a === "--help" || a === "-h" || a === "-V" || a === "--version");
  const at = argv.findIndex((a) => !a.startsWith("-"));
  const sub = at < 0 ? undefined : argv[at];
  // The subcommand comes from an expansion nobody can read here: it may be `hook`.
  if (sub !== undefined && (/[$`]/.test(sub) || unknownWord(cmd, sub)))
    return "runs a rulegate command nobody can name here";
  if (sub === "hook")
    return help
      ? null
      : argv.includes("--install") || argv.includes("--uninstall")
        ? "rewrites rulegate's hook settings"
        : "runs rulegate's hook, which would take forged events as the session's own";
  if (sub === "eval" && argv.some((a) => a === "--log" || a.startsWith("--log=")))
    return "appends events to a rulegate event log";
  // A gate the agent starts is one whose approvals and token the agent holds (red-team round 11).
  if (sub === "serve" && !help) return "starts rulegate's server, whose approvals would be the agent's to give";
  // A subcommand this version does not have (`rulegate disable`, `rules off`) is an attempt on the gate's state
  // that fails today and may not in the next version: fail closed (docs/adr/0362).
  if (sub !== undefined && !KNOWN_SUBCOMMANDS.has(sub)) return `runs \`${sub}\`, which is no rulegate command`;
  return null;
}

function unknownWord(cmd: SimpleCommand, word: string): boolean {
  return (cmd.unknownArgs ?? []).some((i) => cmd.args[i] === word);
}
