/**
 * pi's `report_skill_safety` tool (issue 16 §3, docs/adr/0264, 0266): the agent reports the safety labels it read
 * in a skill that carries no annotation rulegate reads, in the shape of a `tool:` registry entry
 * `{tool, default?, operations?, patterns?}`. A label above what the registry and program knowledge derive
 * raises that level from now on; a lower or equal one is recorded (`labels_reported`, shown by /rules) and
 * ignored. So the agent, or a prompt injection in the skill it read, can only make calls stricter: the tool
 * approves nothing, and a gate is answered only in the user's dialog.
 */
import { toolText } from "./api-shapes.ts";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { LEVELS } from "../../compiler/index.ts";
import type { LabelReport } from "../../runtime/events/index.ts";
import type { SessionDriver } from "../common/index.ts";

export const REPORT_SKILL_SAFETY = "report_skill_safety";

type ToolDefinition = Parameters<ExtensionAPI["registerTool"]>[0];

const LEVEL = { type: "string", enum: [...LEVELS] };

/** Plain JSON Schema (pi validates tool arguments with TypeBox, which reads JSON Schema as it is). */
const PARAMETERS = {
  type: "object",
  properties: {
    tool: { type: "string", description: "The CLI the skill documents, e.g. gcloud" },
    default: { ...LEVEL, description: "The level of the tool's commands the skill does not label" },
    operations: {
      type: "object",
      description: 'Operation words to level, e.g. {"compute instances delete": "DESTRUCTIVE"}',
      additionalProperties: LEVEL,
    },
    patterns: {
      type: "object",
      description: 'Command globs to level, e.g. {"gcloud * delete *": "DESTRUCTIVE"}',
      additionalProperties: LEVEL,
    },
  },
  required: ["tool"],
} as const;

export function reportSkillSafetyTool(driver: () => SessionDriver | null): ToolDefinition {
  return {
    name: REPORT_SKILL_SAFETY,
    label: "Report a skill's safety labels",
    description:
      "Report the safety levels a skill you read gives its commands (rulegate), when rulegate does not know them. Levels above what rulegate derives make those calls stricter from now on; lower ones are recorded and ignored. It never approves a call.",
    parameters: PARAMETERS as unknown as ToolDefinition["parameters"],
    async execute(_toolCallId, params) {
      const d = driver();
      if (d === null) return toolText("rulegate has no session: the report was not recorded.");
      const judged = await d.reportLabels(params);
      return toolText(
        "error" in judged ? `rulegate: the report was not recorded: ${judged.error}` : reportText(judged),
      );
    },
  };
}

/** One line per label: raised, or ignored because rulegate already derives as much or more. */
export function reportText(labels: readonly LabelReport[]): string {
  if (labels.length === 0) return "rulegate: the report holds no labels.";
  return labels
    .map((l) => {
      const what = l.kind === "default" ? "default" : `${l.kind} ${l.name}`;
      return l.outcome === "raised"
        ? `${what}: raised to ${l.level} (rulegate derived ${l.derived})`
        : `${what}: ${l.level} ignored (rulegate derives ${l.derived}; a report can only raise a level)`;
    })
    .join("\n");
}
