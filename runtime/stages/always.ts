/**
 * Approvals that learn (issue 16 §4, docs/adr/0262, 0263): a gated call's human may answer "always, for calls
 * like this". The offer is the narrowest permission pattern that covers the call, checked with the matcher that
 * will apply it; a stored one (`permissions.approve`) passes the gates of a later call it covers, as an earlier
 * approval of the same action does (docs/adr/0055). Neither ever touches a credential or protected path, opaque
 * code, or plan mode, and no deny stage is reached by either: they only answer prompts.
 */
import { matchesEverything, standalonePattern } from "../../compiler/index.ts";
import type { Stage } from "../events/index.ts";
import { programKnowledge, type Operation } from "../operation/index.ts";
import type { DecisionContext } from "./context.ts";
import { opaqueText } from "./opaque.ts";
import { allowedBy, protectedTouch } from "./ports.ts";

/** How many command words after the program an offer keeps at most: `gh pr merge`, `npm run test:unit`. */
const MAX_WORDS = 3;
/** A command word: a sub-command or a script name, not an option, a path, a value or a placeholder. */
const COMMAND_WORD = /^[A-Za-z0-9][\w.:@+-]*$/;
const GLOB = /[*?[\]{}()]/;

/** The pattern to offer with this prompt, or null when "always" is not offered. */
export function alwaysOffer(ctx: DecisionContext, gates: readonly Stage[]): string | null {
  if (!mayLearn(ctx, gates)) return null;
  const text = candidate(ctx.op);
  if (text === null) return null;
  const p = standalonePattern(text);
  // An MCP tool is offered whole (one tool is one operation); any other pattern must not match every call.
  if (p === null || (p.spec !== null && matchesEverything(p))) return null;
  return allowedBy([p], ctx.op, ctx.deps.home) === null ? null : text;
}

/** The stored "always" pattern that answers this prompt, or null. */
export function approvedAlways(ctx: DecisionContext, gates: readonly Stage[]): string | null {
  const stored = ctx.policy.permissions.approve ?? [];
  if (stored.length === 0 || !mayLearn(ctx, gates)) return null;
  return allowedBy(stored, ctx.op, ctx.deps.home)?.[0]?.text ?? null;
}

/**
 * Never for a credential gate (a path that may be a credential), a protected path, opaque code, or plan mode
 * (which only tightens, docs/adr/0110): those are asked every time.
 */
function mayLearn(ctx: DecisionContext, gates: readonly Stage[]): boolean {
  const { op, policy, state } = ctx;
  if (state.mode === "plan" || gates.includes("credentials") || opaqueText(op) !== null) return false;
  return protectedTouch(op, policy.paths.protected, ctx.deps.home) === null;
}

/**
 * bash: one simple command, no wrapper: the program and its leading command words, then ` *` (any arguments);
 * never the program alone. A program rulegate knows to take only operands (`rm`, `cp`, `curl`) has no
 * sub-commands, so its offer is the exact command. Path tools: the exact path. webfetch: the host. Any other
 * tool (MCP): the tool, which is one operation.
 */
function candidate(op: Operation): string | null {
  if (op.tool === "bash") {
    const cmds = op.shell?.commands ?? [];
    const cmd = cmds[0];
    if (cmds.length !== 1 || cmd === undefined || cmd.program === "" || cmd.context.wrappers.length > 0) return null;
    const knowledge = programKnowledge(cmd.program);
    const hasSubcommands = knowledge === undefined || (knowledge.rules ?? []).some((r) => r.sub !== undefined);
    const words: string[] = [];
    if (hasSubcommands)
      for (const a of cmd.args) {
        if (words.length === MAX_WORDS || !COMMAND_WORD.test(a)) break;
        words.push(a);
      }
    if (words.length > 0) return `bash(${[cmd.program, ...words].join(" ")} *)`;
    return GLOB.test(cmd.text) ? null : `bash(${cmd.text})`;
  }
  if (op.tool === "webfetch") return op.host === null || GLOB.test(op.host) ? null : `webfetch(domain:${op.host})`;
  if (op.path !== null) return GLOB.test(op.path) ? null : `${op.tool}(${op.path})`;
  return GLOB.test(op.tool) || op.tool.includes(" ") ? null : op.tool;
}
