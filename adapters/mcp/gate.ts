/**
 * What the MCP proxy asks of rulegate: each `tools/call` decided as the tool `mcp__NAME__TOOL` through the
 * session driver every adapter uses (patterns, path checks, history rules, English rules, the classifier), and
 * a human asked for a gated call: the client by elicitation when it can, else a held approval in a running
 * `rules serve`, else nobody and the call is denied with how to get it approved.
 */
import type { ListToolsResult } from "@modelcontextprotocol/sdk/types.js";
import type { ApprovalRequest, Approver } from "../../runtime/stages/index.ts";
import { type AgentCall, type AgentDecision, type SessionDriver, decisionText, MCP_SYNTAX } from "../common/index.ts";
import { labelsOf, type ToolLabels } from "./labels.ts";
import type { Elicit } from "./proxy.ts";

export type Verdict =
  | { readonly kind: "allow"; readonly executed: () => Promise<void> }
  | { readonly kind: "deny"; readonly text: string };

export interface McpGate {
  decide(
    call: { readonly tool: string; readonly input: Readonly<Record<string, unknown>> },
    context: { readonly signal: AbortSignal; readonly elicit: Elicit | null },
  ): Promise<Verdict>;
  /** A tools/list result on its way to the client: every tool stays; each is annotated with its rulegate name. */
  listed(result: ListToolsResult): ListToolsResult;
  /** Whether a tools/list named this tool (its annotations, if any, are known). */
  knows(tool: string): boolean;
}

/** A held approval somewhere else (`rules serve --approvals web`); null when there is nobody there to ask. */
export type RemoteApprover = (request: ApprovalRequest, signal: AbortSignal) => Promise<"approve" | "deny" | null>;

export interface GateOptions {
  /** The server's name in `mcp__NAME__TOOL`. */
  readonly name: string;
  readonly cwd: string;
}

/** Where the proxy puts a tool's rulegate name in tools/list (`_meta`, reverse-DNS keyed as MCP asks). */
export const META_KEY = "dev.rulegate/tool";

/**
 * The human of the proxy's session: each request goes to the way of asking of the call it belongs to (the
 * client's elicitation is per request; the session is opened before any), then to `rules serve`.
 */
export interface Asking {
  readonly approver: Approver;
  readonly ways: Map<string, Elicit | null>;
}

export function askingFor(remote: RemoteApprover | null): Asking {
  const ways = new Map<string, Elicit | null>();
  const approver: Approver = {
    ask: async (request, { signal }) => {
      const abort = signal ?? new AbortController().signal;
      const elicit = ways.get(request.callId) ?? null;
      if (elicit !== null) {
        const answer = await elicit(approvalMessage(request), abort);
        if (answer !== null) return answer;
      }
      return remote === null ? null : remote(request, abort);
    },
  };
  return { approver, ways };
}

export function createGate(driver: SessionDriver, asking: Asking, options: GateOptions): McpGate {
  const { ways } = asking;
  const labels = new Map<string, ToolLabels | null>();
  let n = 0;
  const gate: McpGate = {
    async decide(raw, context) {
      const id = `mcp-${++n}`;
      const call: AgentCall = {
        id,
        tool: toolName(options.name, raw.tool),
        input: raw.input,
        cwd: options.cwd,
        ...withLabels(labels.get(raw.tool) ?? undefined),
      };
      ways.set(id, context.elicit);
      let decision: AgentDecision;
      try {
        decision = await driver.decide(call, context.signal);
      } catch (err) {
        // rulegate itself failed: the call is denied (fail closed), with the reason for the user.
        return {
          kind: "deny",
          text: `rulegate: internal error, blocking the call: ${err instanceof Error ? err.message : String(err)}`,
        };
      } finally {
        ways.delete(id);
      }
      switch (decision.decision) {
        case "allow":
          return { kind: "allow", executed: () => driver.executed(call) };
        case "deny":
          return { kind: "deny", text: decisionText(decision, MCP_SYNTAX, driver.mode()) };
        case "ask":
          // Nobody could be asked: the call is denied, in the log too, and the text says how to get it through.
          await driver.answered(call, false);
          return { kind: "deny", text: unapproved(decision, call.tool) };
      }
    },
    knows: (tool) => labels.has(tool),
    listed(result) {
      return {
        ...result,
        tools: result.tools.map((t) => {
          labels.set(t.name, labelsOf(t.annotations));
          return { ...t, _meta: { ...t._meta, [META_KEY]: toolName(options.name, t.name) } };
        }),
      };
    },
  };
  return gate;
}

/** `mcp__NAME__TOOL`, as Claude Code names MCP tools (docs/reference/operations.md). */
export function toolName(server: string, tool: string): string {
  return `mcp__${server}__${tool}`;
}

function withLabels(labels: ToolLabels | undefined): { labels?: ToolLabels } {
  return labels === undefined ? {} : { labels };
}

function approvalMessage(r: ApprovalRequest): string {
  const gates = r.rules.length > 0 ? `${r.gates.join(", ")}: ${r.rules.join(", ")}` : r.gates.join(", ");
  return `rulegate: ${r.tool} ${r.subject}\nneeds your approval (${gates}): ${r.reason}\nAllow this call?`;
}

function unapproved(d: AgentDecision, tool: string): string {
  return (
    `${decisionText(d, MCP_SYNTAX)}. Nobody could approve it here: this MCP client cannot be asked (no elicitation) ` +
    "and no `rules serve --approvals web` is running. To approve such calls, run `rules serve --approvals web` " +
    `and answer in its web UI, or allow the tool in rules.yaml (permissions.allow: ["${tool}"]). ` +
    "Do not retry it in another form or work around it; tell the user what you wanted to do."
  );
}
