/**
 * The text an agent shows for a rulegate decision: which stage and rule decided, why, and how the user can
 * proceed. A deny reason is read by the model (Claude Code feeds it back; pi returns it as the tool
 * result), so it also tells the model not to work around the block. Wording lives here, once, for both
 * adapters; only the command syntax differs (`/rulegate disable x` in Claude Code, `/disable x` in pi).
 */

/** The parts of a decision (docs/reference/eval-jsonl.md) the wording needs. */
export interface DecisionText {
  readonly decision: "allow" | "ask" | "deny";
  readonly stage: string;
  readonly rules: readonly string[];
  readonly check?: string | null;
  readonly reason: string;
  readonly gates: readonly unknown[];
  /** How a human answered a gated call (docs/reference/eval-jsonl.md `approval`): a denial after asking is the human's, not the policy's. */
  readonly approval?: "approved" | "denied" | "timeout" | null;
}

export interface CommandSyntax {
  /**
   * Renders a session command for the user to type, e.g. `/rulegate disable x` or `/disable x`; null where the
   * user has no way to send rulegate a session command (an MCP client).
   */
  readonly command: ((verb: string, arg?: string) => string) | null;
}

export const CLAUDE_CODE_SYNTAX: CommandSyntax = {
  command: (verb, arg) => `/rulegate ${verb}${arg === undefined ? "" : ` ${arg}`}`,
};
export const PI_SYNTAX: CommandSyntax = { command: (verb, arg) => `/${verb}${arg === undefined ? "" : ` ${arg}`}` };
/** Behind `rules mcp-proxy` the client talks MCP only: the rules file is the user's one lever. */
export const MCP_SYNTAX: CommandSyntax = { command: null };

const NO_WORKAROUND = "Do not retry it in another form or work around it; tell the user what you wanted to do.";

export function decisionText(d: DecisionText, syntax: CommandSyntax, mode: "plan" | "act" = "act"): string {
  const what = d.reason.trim() === "" ? "" : `: ${d.reason.trim()}`;
  switch (d.decision) {
    case "allow":
      return `rulegate allowed (${d.stage})${what}`;
    case "ask":
      return `rulegate needs your approval (${gateList(d)})${what}`;
    case "deny":
      return `rulegate denied (${origin(d)})${what}. ${howToProceed(d, syntax, mode)} ${NO_WORKAROUND}`;
  }
}

function origin(d: DecisionText): string {
  if (d.rules.length > 0) return `${d.stage}, rule ${d.rules.join(", ")}`;
  if (d.check) return `${d.stage}, check ${d.check}`;
  return d.stage;
}

function gateList(d: DecisionText): string {
  const named = d.gates.map(gateName).filter((g) => g !== "");
  if (named.length > 0) return named.join("; ");
  return d.rules.length > 0 ? `${d.stage}: ${d.rules.join(", ")}` : d.stage;
}

/** Gates are strings or small objects depending on the runtime's rendering; show what identifies them. */
function gateName(gate: unknown): string {
  if (typeof gate === "string") return gate;
  if (typeof gate === "object" && gate !== null) {
    const g = gate as Record<string, unknown>;
    const parts = [g["stage"], g["rule"] ?? g["pattern"] ?? g["level"]].filter(
      (p): p is string => typeof p === "string",
    );
    return parts.join(" ");
  }
  return "";
}

function howToProceed(d: DecisionText, syntax: CommandSyntax, mode: "plan" | "act"): string {
  if (d.approval === "denied") return "The user was asked and did not approve it.";
  if (d.approval === "timeout") return "The user was asked and did not answer in time.";
  switch (d.stage) {
    case "rules": {
      const id = d.rules[0];
      if (id === undefined) return "A rule blocked it.";
      return syntax.command === null
        ? `The rule ${id} of the user's rules.yaml blocked it; only a change to that file lifts it.`
        : `The user can lift the rule for this session with \`${syntax.command("disable", id)}\`.`;
    }
    case "levels":
      if (mode !== "plan")
        return "The policy denies this safety level; only a change to the user's rules.yaml lifts it.";
      return syntax.command === null
        ? "Plan mode does not run this kind of action."
        : `Plan mode does not run this kind of action; the user can leave plan mode with \`${syntax.command("plan", "off")}\`.`;
    case "permissions.deny":
      return "A deny pattern in the rules matches it; only a change to the user's rules.yaml lifts it.";
    case "hard_deny":
      return "This is a built-in hard-deny check; it cannot be lifted from a session.";
    case "credentials":
      return "It touches a credential path; rulegate never lets an agent read or write credentials.";
    case "sandbox":
      return "It reaches outside the sandbox directories of the policy.";
    case "permissions.ask":
    case "classifier":
    case "default":
      return "It needed a human and none approved it.";
    case "cancelled":
      return "The call was cancelled.";
    default:
      return "The policy does not allow it.";
  }
}
