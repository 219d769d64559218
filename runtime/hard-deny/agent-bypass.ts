/**
 * An agent started by the agent with its own safeguards off (docs/adr/0362): `claude
 * --dangerously-skip-permissions`, `--permission-mode bypassPermissions`, `--allowedTools 'Bash(*)'`, codex's
 * `--dangerously-bypass-approvals-and-sandbox`/`--yolo`/`-s danger-full-access`, gemini's `--yolo`/`-y`/
 * `--approval-mode yolo`, aider's `--yes-always`, cursor-agent's `--force`. The nested agent then runs whatever
 * its prompt asks without the questions this gate would have asked: settings given on a command line are agent
 * settings like those in a file (agent-settings-edit).
 */
import type { SimpleCommand } from "../shell/index.ts";
import { commandsOf, hasFlag, longValues, shown } from "./commands.ts";
import type { Operation } from "../operation/index.ts";

/** Flags that switch a coding agent's approvals off, by agent. */
const CLAUDE = ["--dangerously-skip-permissions", "--allow-dangerously-skip-permissions"];
const GEMINI = ["--yolo", "-y"];
/** By program name, or by the package a runner fetches it as (`npx @anthropic-ai/claude-code`: `claude-code`). */
const BYPASS_FLAGS: Readonly<Record<string, readonly string[]>> = {
  claude: CLAUDE,
  "claude-code": CLAUDE,
  codex: ["--dangerously-bypass-approvals-and-sandbox", "--yolo", "--full-auto"],
  gemini: GEMINI,
  "gemini-cli": GEMINI,
  qwen: ["--yolo", "-y"],
  aider: ["--yes-always"],
  "cursor-agent": ["--force", "-f"],
  opencode: ["--dangerously-skip-permissions"],
  amp: ["--dangerously-allow-all"],
};
/** Option values that mean the same: a permission or approval mode, or a sandbox, that asks nothing. */
const BYPASS_VALUES: Readonly<Record<string, RegExp>> = {
  "--permission-mode": /^bypass/i,
  "--approval-mode": /^yolo$/i,
  "--sandbox": /^danger/i,
  "--ask-for-approval": /^never$/i,
};
/** Tool grants that allow any shell command: `Bash`, `Bash(*)`, `Bash(:*)`, `*`. */
const ANY_SHELL = /(?:^|[\s,])(?:\*|Bash(?:\((?:\*|:\*|\s*)\))?)(?=$|[\s,])/;
const GRANTS = ["--allowedTools", "--allowed-tools", "--allowedtools"];

export function agentBypass(op: Operation): string | null {
  for (const cmd of commandsOf(op)) {
    const why = bypasses(cmd);
    if (why !== null) return `${shown(cmd)} starts an agent ${why}`;
  }
  return null;
}

function bypasses(cmd: SimpleCommand): string | null {
  const flags =
    BYPASS_FLAGS[
      cmd.program
        .replace(/@[^/@]*$/, "")
        .split("/")
        .pop() ?? ""
    ];
  if (flags === undefined) return null;
  if (hasFlag(cmd, ...flags) || cmd.args.some((a) => flags.includes(a))) return "with its permission checks off";
  for (const [option, value] of Object.entries(BYPASS_VALUES)) {
    if (longValues(cmd, option).some((v) => value.test(v))) return "with its permission checks off";
  }
  if (cmd.args.some((a, i) => a === "-s" && /^danger/i.test(cmd.args[i + 1] ?? ""))) return "with its sandbox off";
  if (GRANTS.some((g) => longValues(cmd, g).some((v) => ANY_SHELL.test(v.trim()))))
    return "allowed to run any shell command";
  return null;
}
