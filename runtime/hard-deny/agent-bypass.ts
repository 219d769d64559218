import { ownEntry } from "../../core/index.ts";
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
  // Round 8's agent-delegation class (docs/adr/0621): agents whose own flag approves every tool call.
  copilot: ["--allow-all-tools", "--allow-all-paths"],
  droid: ["--skip-permissions-unsafe"],
  crush: ["--yolo", "-y"],
  q: ["--trust-all-tools"],
  "kiro-cli": ["--trust-all-tools"],
  gptme: ["--non-interactive", "-y", "--no-confirm"],
  interpreter: ["-y", "--auto_run", "--auto-run"],
  goose: [],
  // Shell assistants that run the command a model writes for a request in words, unseen here.
  aichat: ["-e", "--execute"],
  sgpt: [],
  // pi loads the gate as an extension: without extension discovery it runs ungated (docs/adr/0432).
  pi: ["--no-extensions", "-ne"],
};
/**
 * Variables that move an agent's settings, hooks and extensions elsewhere (docs/adr/0432): the gate installed in
 * the real ones is not loaded. `HOME` moves every agent's user settings.
 */
const SETTINGS_HOME: Readonly<Record<string, readonly string[]>> = {
  claude: ["CLAUDE_CONFIG_DIR", "HOME"],
  "claude-code": ["CLAUDE_CONFIG_DIR", "HOME"],
  pi: ["PI_CODING_AGENT_DIR", "HOME"],
  codex: ["CODEX_HOME", "HOME"],
  gemini: ["GEMINI_CLI_HOME", "HOME"],
};
/** claude's setting sources: leaving one out leaves out the hooks installed there. */
const SETTING_SOURCES = ["user", "project", "local"];
/** Option values that mean the same: a permission or approval mode, or a sandbox, that asks nothing. */
const BYPASS_VALUES: Readonly<Record<string, RegExp>> = {
  "--permission-mode": /^bypass/i,
  "--approval-mode": /^yolo$/i,
  "--sandbox": /^danger/i,
  "--ask-for-approval": /^never$/i,
  "--auto": /^(?:medium|high)$/i,
};
/**
 * Agents that approve every tool call by default when run headless (docs/adr/0621): `opencode run` (its default
 * permission is allow), `goose run` (its default mode is auto). The subcommand is the first operand.
 */
const UNATTENDED_RUN: Readonly<Record<string, readonly string[]>> = { opencode: ["run"], goose: ["run"] };
/** Tool grants that allow any shell command: `Bash`, `Bash(*)`, `Bash(:*)`, `*`. */
const ANY_SHELL = /(?:^|[\s,])(?:\*|Bash(?:\((?:\*|:\*|\s*)\))?)(?=$|[\s,])/;
const GRANTS = ["--allowedTools", "--allowed-tools", "--allowedtools"];

export function agentBypass(op: Operation): string | null {
  // Variables set earlier in the string (`export CLAUDE_CONFIG_DIR=/tmp/x; claude -p …`, `HOME=/tmp/h; pi`).
  const earlier: { name: string; value: string }[] = [];
  for (const cmd of commandsOf(op)) {
    const why = bypasses({ ...cmd, assignments: [...earlier, ...cmd.assignments] });
    if (why !== null) return `${shown(cmd)} starts an agent ${why}`;
    if (cmd.program === "") earlier.push(...cmd.assignments);
    if (cmd.program === "export")
      for (const a of cmd.args) {
        const m = /^([A-Za-z_]\w*)=(.*)$/s.exec(a);
        if (m !== null) earlier.push({ name: m[1]!, value: m[2]! });
      }
  }
  return null;
}

function bypasses(cmd: SimpleCommand): string | null {
  const name =
    cmd.program
      .replace(/@[^/@]*$/, "")
      .split("/")
      .pop() ?? "";
  const flags = ownEntry(BYPASS_FLAGS, name);
  if (flags === undefined) return null;
  const moved = ownEntry(SETTINGS_HOME, name) ?? [];
  const assignment = cmd.assignments.find((a) => moved.includes(a.name));
  if (assignment !== undefined) return `with its settings and hooks read from ${assignment.name}=${assignment.value}`;
  const sources = longValues(cmd, "--setting-sources");
  if (
    sources.some((v) =>
      SETTING_SOURCES.some(
        (s) =>
          !v
            .split(",")
            .map((x) => x.trim())
            .includes(s),
      ),
    )
  )
    return "without the settings its hooks are installed in";
  if (longValues(cmd, "--settings").some((v) => /disableAllHooks|"hooks"\s*:/.test(v))) return "with its hooks off";
  if (hasFlag(cmd, ...flags) || cmd.args.some((a) => flags.includes(a)))
    return name === "pi"
      ? "without its extensions, the gate among them"
      : name === "aichat"
        ? "that runs the shell command a model writes, unseen here"
        : "with its permission checks off";
  const sub = cmd.args.find((a) => !a.startsWith("-"));
  if (sub !== undefined && (ownEntry(UNATTENDED_RUN, name) ?? []).includes(sub))
    return `headless (\`${name} ${sub}\` approves every tool call by default)`;
  // sgpt's shell mode without its confirmation prompt runs the command the model writes.
  if (name === "sgpt" && hasFlag(cmd, "--shell", "-s") && hasFlag(cmd, "--no-interaction"))
    return "that runs the shell command a model writes, unseen here";
  for (const [option, value] of Object.entries(BYPASS_VALUES)) {
    if (longValues(cmd, option).some((v) => value.test(v))) return "with its permission checks off";
  }
  if (cmd.args.some((a, i) => a === "-s" && /^danger/i.test(cmd.args[i + 1] ?? ""))) return "with its sandbox off";
  if (GRANTS.some((g) => longValues(cmd, g).some((v) => ANY_SHELL.test(v.trim()))))
    return "allowed to run any shell command";
  return null;
}
