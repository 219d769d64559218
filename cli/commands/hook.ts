import { homedir } from "node:os";
import { join } from "node:path";
import type { Command } from "commander";
import { INTERNAL_ERROR, runClaudeCodeHook, type HookOutcome } from "../../adapters/claude-code/hook.ts";
import { EXIT, processIo, UsageError, type Io } from "../io.ts";
import { rulegateHome as rulegateHomeOf } from "../rulegate-home.ts";
import { installHooks, uninstallHooks } from "./hook-install.ts";
import type { RegisterCommand } from "./index.ts";

/** Claude Code blocks the call on exit 2 and lets it through on any other failure (README.md). */
const BLOCK = 2;

interface HookOptions {
  readonly policy?: string;
  readonly install?: boolean;
  readonly uninstall?: boolean;
  readonly project?: boolean;
  readonly user?: boolean;
  readonly command?: string;
  readonly http?: boolean;
  readonly url?: string;
}

/** `rules hook claude-code [--policy FILE] [--install [--project|--user] [--command CMD] | --uninstall [--project|--user]]` */
export const registerHook: RegisterCommand = (program: Command, io: Io, setExit) => {
  program
    .command("hook")
    .description("agent hooks: `rules hook claude-code` is a Claude Code command hook (reads the hook JSON on stdin)")
    .argument("<agent>", "claude-code")
    .option("--policy <file>", "use this rules file (on top of the built-ins) instead of the config sources of cwd")
    .option("--install", "write the hooks into Claude Code settings instead of running as a hook")
    .option("--uninstall", "remove what --install wrote (the rulegate hooks and the /rulegate prompt command)")
    .option("--project", "with --install/--uninstall: .claude/settings.json of the current directory (default)")
    .option("--user", "with --install/--uninstall: ~/.claude/settings.json (--install needs a global install)")
    .option("--command <cmd>", "with --install: the launcher to write (default: how this rulegate is installed)")
    .option(
      "--http",
      "with --install: the HTTP hook of `rules serve` (onFailure block, the token of serve.json; in a project: .claude/settings.local.json)",
    )
    .option(
      "--url <url>",
      "with --install --http: the server's address (default: the running server's, else http://127.0.0.1:8787)",
    )
    .addHelpText(
      "after",
      `
As a hook, it reads one Claude Code hook event (JSON) on stdin and answers as Claude Code expects; try it by
hand with the sample payload in the README. --install --user writes a hook that runs in every project, so it
must point at a rulegate that outlives any one project: run it from a global install
(npm install -g rulegate); from a project's node_modules it is refused. --uninstall removes only what
--install added and keeps every other setting and hook; running it twice changes nothing.`,
    )
    .action(async (agent: string, opts: HookOptions) => setExit(await runHookCommand(agent, opts, io, null)));
};

/**
 * The bundled hook's entry (dist/hook-main.cjs, started by dist/hook.mjs; both built by scripts/build-hook.ts):
 * the same command without commander and the rest of the CLI, to keep start-up small. `argv` is what follows
 * `rules`.
 */
export async function hookProcessMain(argv: readonly string[], build: { readonly build: string }): Promise<number> {
  const io = processIo();
  try {
    const { agent, opts } = parseHookArgs(argv[0] === "hook" ? argv.slice(1) : argv);
    return await runHookCommand(agent, opts, io, build.build);
  } catch (err) {
    // Running as a hook, any failure must block the call, and its text is for the agent (rulegate's own words);
    // usage errors only happen when a person runs it by hand, and read like every other `rules` error.
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof UsageError) {
      io.stderr(`rules: ${message}\n`);
      return EXIT.usage;
    }
    io.stderr(`rulegate: ${message}\n`);
    return BLOCK;
  }
}

async function runHookCommand(agent: string, opts: HookOptions, io: Io, build: string | null): Promise<number> {
  if (agent !== "claude-code")
    throw new UsageError(
      `unknown agent '${agent}': rulegate has a hook for claude-code (pi loads the extension rulegate/pi)`,
    );
  const home = io.env["HOME"] ?? homedir();
  if (opts.install && opts.uninstall) throw new UsageError("--install and --uninstall exclude each other");
  if (opts.install) return installHooks(opts, io, home);
  if (opts.uninstall) return uninstallHooks(opts, io, home);
  if (opts.project || opts.user || opts.command !== undefined || opts.http || opts.url !== undefined)
    throw new UsageError("--project, --user, --command, --http and --url go with --install or --uninstall");
  const rulegateHome = rulegateHomeOf(io.env, home);
  let outcome: HookOutcome;
  try {
    const stdin = await io.stdin();
    outcome = await runClaudeCodeHook(stdin, {
      env: io.env,
      home,
      rulegateHome,
      policyFile: opts.policy ?? null,
      // Only the bundle caches compiled policies: it knows its build; from sources there is nothing to gain.
      cache: build === null ? null : { dir: join(rulegateHome, "cache"), fingerprint: build },
    });
  } catch {
    // Failures after the input is read are noted in the session's log (runClaudeCodeHook); this is reading
    // stdin itself. Exit 2's stderr goes to the model: one line, no internals (docs/adr/0128).
    outcome = { exit: 2, stderr: INTERNAL_ERROR };
  }
  if (outcome.exit === 0) {
    if (outcome.stdout !== "") io.stdout(outcome.stdout);
    return EXIT.ok;
  }
  io.stderr(`${outcome.stderr}\n`);
  return BLOCK;
}

function parseHookArgs(argv: readonly string[]): { agent: string; opts: HookOptions } {
  let agent: string | undefined;
  const opts: {
    policy?: string;
    install?: boolean;
    uninstall?: boolean;
    project?: boolean;
    user?: boolean;
    command?: string;
  } = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${arg} needs a value`);
      return v;
    };
    if (arg === "--policy") opts.policy = value();
    else if (arg.startsWith("--policy=")) opts.policy = arg.slice("--policy=".length);
    else if (arg === "--install") opts.install = true;
    else if (arg === "--uninstall") opts.uninstall = true;
    else if (arg === "--project") opts.project = true;
    else if (arg === "--user") opts.user = true;
    else if (arg === "--command") opts.command = value();
    else if (arg === "--help" || arg === "-h")
      throw new UsageError("this is the hook's own entry, without help: run `rules hook --help`");
    else if (arg.startsWith("-")) throw new UsageError(`unknown option ${arg} (see rules hook --help)`);
    else if (agent === undefined) agent = arg;
    else throw new UsageError(`unexpected argument ${arg}`);
  }
  if (agent === undefined) throw new UsageError("missing agent: rules hook claude-code");
  return { agent, opts };
}
