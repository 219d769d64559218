/**
 * `rulegate/pi`: the pi extension, written against `@earendil-works/pi-coding-agent` 1.5.2 and run by pi
 * 1.x and by 0.73 under its old name (docs/adr/0241; api-shapes.ts holds what differs). Every tool call
 * goes through the rulegate runtime, MCP tools and calls a codemode script makes included: deny →
 * `{block: true, reason}`; a gate → `ctx.ui.confirm` (a select with "always" when one is offered, ask.ts) when there is a UI, deny without one; a gate the user
 * refuses also ends the agent's run (`terminate`), as refusing a prompt does in Claude Code. A tool_result
 * marks the call executed (history rules see it). State lives in the pi session as rulegate events
 * (`pi.appendEntry`) and is rebuilt on `session_start`. The commands are the user's, never tools the model
 * can call. Only types are imported from pi, so the file loads under either package name.
 */
import { homedir } from "node:os";
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import {
  type AgentCall,
  type SessionDriver,
  loadEffectivePolicy,
  decisionText,
  PI_SYNTAX,
  renderPlans,
  renderStatus,
} from "../common/index.ts";
import { noUserInterface, withSystemNote } from "./api-shapes.ts";
import { ask } from "./ask.ts";
import { piLearner } from "./local-rules.ts";
import { mcpLabels, policyToolName } from "./mcp-tool.ts";
import { PROPOSE_PLAN, proposePlanTool } from "./propose-plan.ts";
import { REPORT_SKILL_SAFETY, reportSkillSafetyTool } from "./report-skill-safety.ts";
import { ENTRY_TYPE, openPiSession, type PiEntry } from "./session-entries.ts";

/** How the extension is configured: `RULEGATE_POLICY` names a rules file; otherwise the sources of cwd. */
export default function rulegate(pi: ExtensionAPI): void {
  let driver: SessionDriver | null = null;
  /** Why there is no session (the policy does not compile, …): every tool call is then blocked with it. */
  let broken: string | null = "rulegate has not started (no session_start yet)";

  pi.on("session_start", async (_event, ctx) => {
    const started = await start(ctx, (entry) => pi.appendEntry(ENTRY_TYPE, entry));
    driver = started.driver;
    broken = started.error;
    if (broken !== null && ctx.hasUI) ctx.ui.notify(broken, "error");
  });

  pi.on("before_agent_start", async (event) => withSystemNote(event));

  // The agent proposes a plan; only the user approves it (docs/adr/0250).
  pi.registerTool(proposePlanTool(() => driver));
  // The agent reports labels it read in a skill; they can only tighten (docs/adr/0264, 0266).
  pi.registerTool(reportSkillSafetyTool(() => driver));

  pi.on("input", async (event) => {
    // Only what the user typed is intent; text injected by extensions is not.
    if (driver !== null && event.source !== "extension") await driver.user(event.text);
    return { action: "continue" };
  });

  pi.on("tool_call", async (event, ctx) => {
    if (driver === null)
      // Every call would be blocked the same way: the run ends instead of spending turns on it.
      return {
        block: true,
        reason: `rulegate: ${broken ?? "no session"}; blocking every tool call until it is fixed.`,
        terminate: true,
      };
    // propose_plan changes nothing: it previews the steps and asks the user inside (propose-plan.ts).
    // report_skill_safety can only make later calls stricter (report-skill-safety.ts).
    if (OWN_TOOLS.has(event.toolName)) return undefined;
    const call = callOf(event, ctx);
    // Only a call that runs gets a tool_result, which takes the name back out.
    const runs = (): undefined => {
      if (call.tool !== event.toolName) decidedAs.set(call.id, call.tool);
      return undefined;
    };
    const decision = await driver.decide(call, ctx.signal);
    const text = decisionText(decision, PI_SYNTAX, driver.mode());
    switch (decision.decision) {
      case "allow":
        return runs();
      case "deny":
        return { block: true, reason: text };
      case "ask": {
        if (!ctx.hasUI) {
          await driver.answered(call, false);
          return { block: true, reason: `${text}. ${noUserInterface(modeOf(ctx))}` };
        }
        const approved = await ask(ctx, `${call.tool}: ${subject(call)}\n\n${text}`, driver.offer(call.id));
        await driver.answered(call, approved);
        return approved !== false
          ? runs()
          : { block: true, reason: `${text}. The user did not approve it.`, terminate: true };
      }
    }
  });

  pi.on("tool_result", async (event, ctx) => {
    // The call ran, whatever its result: it is history now, under the name it was decided under.
    if (OWN_TOOLS.has(event.toolName)) return undefined;
    const tool = decidedAs.get(event.toolCallId);
    decidedAs.delete(event.toolCallId);
    if (driver !== null) await driver.executed({ ...callOf(event, ctx), ...(tool !== undefined ? { tool } : {}) });
    return undefined;
  });

  /** The name each running call was decided under (an MCP server may go away before its result). */
  const decidedAs = new Map<string, string>();

  /** The call as the runtime sees it: an MCP tool under its server's configured name, with its hints (mcp-tool.ts). */
  const callOf = (
    event: { toolCallId: string; toolName: string; input: Record<string, unknown> },
    ctx: ExtensionContext,
  ): AgentCall => {
    // getAllTools is pi 1.x's; 0.73 has no MCP tools to name.
    const tools = event.toolName.startsWith("mcp__") && typeof pi.getAllTools === "function" ? pi.getAllTools() : [];
    const labels = mcpLabels(event.toolName, tools);
    return {
      id: event.toolCallId,
      tool: policyToolName(event.toolName, tools),
      input: event.input,
      cwd: ctx.cwd,
      ...(labels !== undefined ? { labels } : {}),
    };
  };

  const say = (ctx: ExtensionContext, text: string, level: "info" | "warning" | "error" = "info"): void => {
    if (ctx.hasUI) ctx.ui.notify(text, level);
    else process.stderr.write(`${text}\n`); // print mode: the user still needs to see the answer
  };

  pi.registerCommand("rules", {
    description: "rulegate: active rules, disabled rules, approvals, last denials",
    handler: async (_args, ctx) =>
      say(ctx, driver === null ? `rulegate: ${broken}` : renderStatus(driver.status(), PI_SYNTAX)),
  });
  for (const [name, description, needsArg] of COMMANDS) {
    pi.registerCommand(name, {
      description,
      handler: async (args, ctx) => {
        if (driver === null) return say(ctx, `rulegate: ${broken}`, "error");
        const arg = args.trim();
        if (needsArg && arg === "") return say(ctx, `rulegate: /${name} needs an argument`, "warning");
        if (name === "plan" && arg === "show") return say(ctx, renderPlans(driver.status().plans));
        const command = arg === "" ? `/${name}` : `/${name} ${arg}`;
        const error = await driver.command(command);
        say(
          ctx,
          error === null ? `rulegate: ${command} done` : `rulegate: ${command} failed: ${error}`,
          error === null ? "info" : "error",
        );
      },
    });
  }
}

/** rulegate's own tools: neither runs anything, so they are not gated (and are not history). */
const OWN_TOOLS: ReadonlySet<string> = new Set([PROPOSE_PLAN, REPORT_SKILL_SAFETY]);

const COMMANDS: readonly (readonly [name: string, description: string, needsArg: boolean])[] = [
  ["disable", "rulegate: lift a rule for this session (/disable ID)", true],
  ["enable", "rulegate: turn a disabled rule back on (/enable ID)", true],
  ["reset", "rulegate: forget activations and approvals of this session", false],
  ["plan", "rulegate: plan mode on|off; /plan show lists the open plans, /plan clear ends them", true],
  ["automode", "rulegate: automode on|off (off allows everything, recorded)", true],
  ["approve-all", "rulegate: approve every gated call of a tool in this session (/approve-all TOOL)", true],
];

async function start(
  ctx: ExtensionContext,
  append: (entry: PiEntry) => void,
): Promise<{ driver: SessionDriver | null; error: string | null }> {
  const env = process.env;
  const file = env["RULEGATE_POLICY"];
  const source =
    file !== undefined && file !== ""
      ? ({ kind: "file", path: file } as const)
      : ({ kind: "discover", cwd: ctx.cwd, home: env["HOME"] ?? homedir() } as const);
  const loaded = await loadEffectivePolicy(source, env, null);
  if (!loaded.ok) {
    const detail = loaded.diagnostics
      .map((d) => `${d.span.file}:${d.span.line}:${d.span.column}: ${d.code} ${d.message}`)
      .join("; ");
    return { driver: null, error: `rulegate: the policy does not compile (${detail})` };
  }
  const sm = ctx.sessionManager;
  const opened = await openPiSession(
    loaded.policy,
    sm.getSessionId(),
    ctx.cwd,
    sm.getBranch(),
    append,
    env,
    sm.getSessionDir(),
    piLearner(source, ctx.cwd, env),
  );
  return opened.ok ? { driver: opened.driver, error: null } : { driver: null, error: `rulegate: ${opened.error}` };
}

/** pi 1.x's run mode (`tui`, `rpc`, `json`, `print`); 0.73 has none. */
function modeOf(ctx: ExtensionContext): string | undefined {
  return (ctx as { mode?: string }).mode;
}

function subject(call: AgentCall): string {
  const input = call.input;
  const first = input["command"] ?? input["path"] ?? input["file_path"] ?? input["url"] ?? input["pattern"];
  return typeof first === "string" ? first : JSON.stringify(input);
}
