/**
 * One Claude Code hook event, end to end: parse the stdin JSON, load the policy for the agent's cwd,
 * rebuild the session from its log (snapshot + tail), act on the event, append what happened, answer.
 * Every failure becomes exit 2 (Claude Code's "block"), never a silent allow.
 */
import { join } from "node:path";
import type { Diagnostic } from "../../core/index.ts";
import type { SessionDeps } from "../../runtime/session/index.ts";
import type { Approver } from "../../runtime/stages/index.ts";
import {
  loadEffectivePolicy,
  type PolicyCache,
  type PolicyLoad,
  type PolicySource,
  CLAUDE_CODE_SYSTEM_NOTE,
  CLAUDE_CODE_SYNTAX,
  decisionText,
  renderStatus,
  type AgentCall,
  type AgentDecision,
  type SessionDriver,
} from "../common/index.ts";
import { parseHookInput, type HookInput } from "./input.ts";
import { EXIT_PLAN_MODE, reviewPlan } from "./plan-review.ts";
import { parsePromptCommand, PROMPT_HELP } from "./prompt-command.ts";
import { lastPermissionMode, modeFile, planCommandFor, rememberPermissionMode } from "./permission-mode.ts";
import { noteHookFailure, openHookSession, type WarmSessions } from "./session-log.ts";

export interface HookContext {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly home: string;
  /** $RULEGATE_HOME: sessions/<session_id>.jsonl and the policy cache live here. */
  readonly rulegateHome: string;
  /** `--policy FILE`; null: the config sources of the agent's cwd (docs/reference/rules-yaml.md). */
  readonly policyFile: string | null;
  readonly cache: PolicyCache | null;
  /**
   * A long-lived host (rules serve) brings its own: the policy it compiled and watches, a human for gated
   * calls, the sessions' warm states, and an observer of each decision. The command hook has none of these.
   */
  readonly policies?: (source: PolicySource) => Promise<PolicyLoad>;
  readonly approver?: Approver | null;
  readonly warm?: WarmSessions | null;
  readonly observe?: (sessionId: string, call: AgentCall, decision: AgentDecision) => void;
  /** A session had an event under the policy of `source` (the host records a changed policy in it at once). */
  readonly seen?: (sessionId: string, cwd: string, source: PolicySource) => void;
  /**
   * Where an "always" answer to `approver` is stored for a session in `cwd` under `source` (the user's local
   * rules, docs/adr/0263); undefined: nowhere, and "always" approves the one call only.
   */
  readonly learner?: (cwd: string, source: PolicySource) => SessionDeps["learn"];
}

export type HookOutcome = { readonly exit: 0; readonly stdout: string } | { readonly exit: 2; readonly stderr: string };

/**
 * What the agent reads when rulegate itself fails (docs/adr/0128): one line with a stable code. Exit 2's
 * stderr goes to the model, so the error's own text and stack go to the session's log only.
 */
export const INTERNAL_ERROR = "rulegate: internal error (hook-internal-error), blocking the call";

export async function runClaudeCodeHook(stdin: string, ctx: HookContext): Promise<HookOutcome> {
  const parsed = parseHookInput(stdin);
  if (!parsed.ok) return block(`rulegate: ${parsed.error}`);
  const input = parsed.input;
  try {
    return await hookEvent(input, ctx);
  } catch (err) {
    const detail = err instanceof Error ? (err.stack ?? err.message) : String(err);
    const noted = await noteHookFailure(
      join(ctx.rulegateHome, "sessions"),
      input.sessionId,
      `internal error: ${detail}`,
    );
    return block(
      `${INTERNAL_ERROR}; ${noted ? "the details are in rulegate's session log" : "rulegate could not write its session log either (check $RULEGATE_HOME)"}`,
    );
  }
}

async function hookEvent(input: HookInput, ctx: HookContext): Promise<HookOutcome> {
  const source =
    ctx.policyFile !== null
      ? ({ kind: "file", path: ctx.policyFile } as const)
      : ({ kind: "discover", cwd: input.cwd, home: ctx.home } as const);
  const loaded = ctx.policies ? await ctx.policies(source) : await loadEffectivePolicy(source, ctx.env, ctx.cache);
  const logDir = join(ctx.rulegateHome, "sessions");
  ctx.seen?.(input.sessionId, input.cwd, source);
  if (!loaded.ok) {
    const why = `rulegate: the policy does not compile, blocking until it is fixed:\n${loaded.diagnostics.map(formatDiagnostic).join("\n")}`;
    await noteHookFailure(logDir, input.sessionId, why);
    return block(why);
  }
  const learn = ctx.learner?.(input.cwd, source);
  // Nowhere to store an "always": the human is not offered one (it would approve this call only).
  const approver = ctx.approver ?? null;
  const session = await openHookSession(logDir, input.sessionId, loaded.policy, ctx.env, input.cwd, ctx.home, {
    approver:
      approver === null || learn !== undefined
        ? approver
        : { ask: (request, options) => approver.ask({ ...request, always: null }, options) },
    warm: ctx.warm ?? null,
    ...(learn !== undefined ? { learn } : {}),
  });
  if (!session.ok) {
    await noteHookFailure(logDir, input.sessionId, session.error);
    return block(`rulegate: ${session.error}`);
  }
  try {
    const modeError = await followPermissionMode(input, session.driver, modeFile(logDir, input.sessionId));
    if (modeError !== null) return block(modeError);
    return await handle(input, session.driver, ctx);
  } finally {
    await session.close();
  }
}

/**
 * Claude Code's plan mode is rulegate's plan mode (recorded as a mode change). bypassPermissions changes
 * nothing: deny stages (hard-deny, credentials, …) still deny, and the mode is kept in the side file.
 */
async function followPermissionMode(input: HookInput, driver: SessionDriver, file: string): Promise<string | null> {
  if (input.permissionMode === null) return null;
  const previous = lastPermissionMode(file);
  const command = planCommandFor(previous, input.permissionMode, driver.mode() === "plan");
  if (command !== null) {
    const error = await driver.command(command);
    if (error !== null) return `rulegate: cannot follow permission_mode ${input.permissionMode}: ${error}`;
  }
  if (previous !== input.permissionMode) rememberPermissionMode(file, input.permissionMode);
  return null;
}

async function handle(input: HookInput, driver: SessionDriver, ctx: HookContext): Promise<HookOutcome> {
  switch (input.event) {
    case "SessionStart":
      return answer({
        hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: CLAUDE_CODE_SYSTEM_NOTE },
      });
    case "SessionEnd":
      // Recorded so that an audit can tell a whole log from one cut short (docs/adr/0133); a resumed session goes on after it.
      await driver.ended();
      return answer(null);
    case "UserPromptSubmit":
      return userPrompt(input.prompt, driver);
    case "PreToolUse":
      return preToolUse(input, driver, ctx);
    case "PostToolUse":
    case "PostToolUseFailure":
      // ExitPlanMode ran: the user accepted the plan, whose asked steps become approved plan steps (docs/adr/0250).
      if (input.event === "PostToolUse" && input.toolName === EXIT_PLAN_MODE)
        await driver.planAccepted(input.toolUseId);
      // A failing command still ran (README.md); the call id pairs it with its PreToolUse decision.
      await driver.executed(callOf(input));
      return answer(null);
  }
}

async function preToolUse(
  input: Extract<HookInput, { event: "PreToolUse" }>,
  driver: SessionDriver,
  ctx: HookContext,
): Promise<HookOutcome> {
  const call = callOf(input);
  if (input.toolName === EXIT_PLAN_MODE)
    return answer({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "ask",
        permissionDecisionReason: await reviewPlan(call, driver),
      },
    });
  const decision = await driver.decide(call);
  ctx.observe?.(input.sessionId, call, decision);
  return answer({
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: decision.decision,
      permissionDecisionReason: decisionText(decision, CLAUDE_CODE_SYNTAX, driver.mode()),
    },
  });
}

async function userPrompt(prompt: string, driver: SessionDriver): Promise<HookOutcome> {
  const command = parsePromptCommand(prompt);
  if (command === null) {
    await driver.user(prompt);
    return answer(null);
  }
  // `decision: block` keeps the prompt from the model; the reason is what the user sees.
  switch (command.kind) {
    case "status":
      return answer({ decision: "block", reason: renderStatus(driver.status(), CLAUDE_CODE_SYNTAX) });
    case "help":
      return answer({
        decision: "block",
        reason: command.problem === null ? PROMPT_HELP : `rulegate: ${command.problem}\n\n${PROMPT_HELP}`,
      });
    case "session": {
      const error = await driver.command(command.command);
      return answer({
        decision: "block",
        reason: error === null ? `rulegate: ${command.command} done` : `rulegate: ${command.command} failed: ${error}`,
      });
    }
  }
}

function callOf(input: Extract<HookInput, { toolName: string }>): AgentCall {
  return { id: input.toolUseId, tool: input.toolName, input: input.toolInput, cwd: input.cwd };
}

function answer(json: object | null): HookOutcome {
  return { exit: 0, stdout: json === null ? "" : JSON.stringify(json) };
}

function block(stderr: string): HookOutcome {
  return { exit: 2, stderr };
}

function formatDiagnostic(d: Diagnostic): string {
  return `  ${d.span.file}:${d.span.line}:${d.span.column}: ${d.severity} ${d.code}: ${d.message}`;
}
