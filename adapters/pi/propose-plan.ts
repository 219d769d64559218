/**
 * pi's `propose_plan` tool (docs/adr/0250): the agent calls it with the consequential steps it intends to take;
 * rulegate previews them and the user answers in one dialog that lists every step: approve all, choose, or
 * reject. The agent proposes, only the user approves: without a UI nothing is approved, and no tool of the
 * agent's reaches `approvePlan`. The tool itself changes nothing, so the `tool_call` gate lets it through.
 */
import { toolText } from "./api-shapes.ts";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import type { PlanStepInput } from "../../runtime/index.ts";
import { planText, type SessionDriver } from "../common/index.ts";

export const PROPOSE_PLAN = "propose_plan";

type ToolDefinition = Parameters<ExtensionAPI["registerTool"]>[0];

/** Plain JSON Schema (pi validates tool arguments with TypeBox, which reads JSON Schema as it is). */
const PARAMETERS = {
  type: "object",
  properties: {
    steps: {
      type: "array",
      minItems: 1,
      description:
        "The consequential calls you intend to make, in order: each {tool, input} with the exact input, or {pattern} such as bash(kubectl rollout restart deploy/web*) when the arguments are not known yet",
      items: {
        type: "object",
        properties: {
          tool: { type: "string" },
          input: { type: "object" },
          pattern: { type: "string" },
        },
      },
    },
  },
  required: ["steps"],
} as const;

const CHOICES = ["Approve every step", "Choose steps", "Reject the plan"] as const;

export function proposePlanTool(driver: () => SessionDriver | null): ToolDefinition {
  return {
    name: PROPOSE_PLAN,
    label: "Propose a plan",
    description:
      "Propose the consequential steps you intend to take (rulegate). The user approves the plan once, or some of its steps; approved steps then run without another question, anything else is asked again. You cannot approve a plan yourself.",
    parameters: PARAMETERS as unknown as ToolDefinition["parameters"],
    async execute(toolCallId, params, _signal, _onUpdate, ctx) {
      const d = driver();
      if (d === null) return toolText("rulegate has no session: the plan was not recorded.");
      const steps = stepsOf((params as { steps?: unknown }).steps);
      const proposal = await d.proposePlan(
        { id: toolCallId, tool: PROPOSE_PLAN, input: params as Record<string, unknown>, cwd: ctx.cwd },
        steps,
      );
      const text = planText(proposal);
      if (!proposal.ok) return toolText(text);
      if (!ctx.hasUI)
        return toolText(
          `${text}\nNobody can approve the plan here (no user interface): every call is decided as usual.`,
        );
      const open = proposal.steps.flatMap((s, i) => (s.decision.decision === "deny" ? [] : [i]));
      const choice = await ctx.ui.select(`rulegate: approve this plan?\n\n${text}`, [...CHOICES]);
      let indexes: number[] = [];
      if (choice === CHOICES[0]) indexes = open;
      else if (choice === CHOICES[1])
        for (const i of open) {
          const s = proposal.steps[i];
          const what =
            s === undefined ? "" : s.step.kind === "call" ? `${s.decision.tool}: ${s.step.subject}` : s.step.pattern;
          if (await ctx.ui.confirm(`rulegate: approve step ${i}?`, what)) indexes.push(i);
        }
      const answer = await d.approvePlan(proposal.planId, indexes);
      if (!answer.ok) return toolText(`rulegate: ${answer.error}`);
      return toolText(
        answer.approved.length === 0
          ? `The user did not approve plan ${proposal.planId}: every call is decided as usual.`
          : `The user approved step(s) ${answer.approved.join(", ")} of plan ${proposal.planId}. Make exactly those calls; anything else is asked again.`,
      );
    },
  };
}

function stepsOf(raw: unknown): PlanStepInput[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((s): PlanStepInput[] => {
    if (typeof s !== "object" || s === null) return [];
    const step = s as { tool?: unknown; input?: unknown; pattern?: unknown };
    if (typeof step.pattern === "string") return [{ pattern: step.pattern }];
    if (typeof step.tool !== "string") return [];
    const input = typeof step.input === "object" && step.input !== null ? (step.input as Record<string, unknown>) : {};
    return [{ tool: step.tool, input }];
  });
}
