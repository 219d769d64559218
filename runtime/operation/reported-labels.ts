/**
 * Labels the agent reported (issue 16 §3, docs/adr/0264): what it read in a skill with no annotation. They may
 * only raise a level: an operation keeps the most severe of what the registry and program knowledge derive and
 * every reported label that names it. Unlike a registry label (trusted, the user's), a report never replaces
 * the level of a program nobody described: the agent, or an injection in what it read, could say READ.
 */
import { LEVEL_RANK, type Level } from "../../compiler/index.ts";
import { starGlob } from "../../core/index.ts";
import { normalizeProgram, type SimpleCommand } from "../shell/index.ts";
import { maxLevel } from "./severity.ts";
import type { Operation } from "./types.ts";

/** One reported label: the tool's default, an operation (a run of command words) or a glob over the command. */
export interface ReportedLabel {
  readonly tool: string;
  readonly kind: "default" | "operation" | "pattern";
  /** The operation's words or the glob; "" for a default. */
  readonly name: string;
  readonly level: Level;
}

/** The operation with its level raised to every reported label that names one of its commands (or its tool). */
export function raisedByReports(op: Operation, labels: readonly ReportedLabel[]): Operation {
  if (labels.length === 0) return op;
  let level = op.level;
  const commands = op.shell?.commands ?? [];
  for (const l of labels) {
    const names =
      op.tool === "bash" ? commands.some((c) => namesCommand(l, c)) : l.tool.toLowerCase() === op.tool.toLowerCase();
    if (names) level = maxLevel(level, l.level);
  }
  return LEVEL_RANK[level] === LEVEL_RANK[op.level] ? op : { ...op, level };
}

/** The sample command a label names, to judge it against what is derived (`gcloud * list` → `gcloud list`). */
export function labelSample(l: ReportedLabel): string {
  if (l.kind === "default") return l.tool;
  if (l.kind === "operation") return `${l.tool} ${l.name}`;
  return l.name
    .split(" ")
    .map((w) => w.replace(/:?\*/g, ""))
    .filter((w) => w !== "")
    .join(" ");
}

function namesCommand(l: ReportedLabel, cmd: SimpleCommand): boolean {
  if (normalizeProgram(l.tool.trim()).toLowerCase() !== cmd.program.toLowerCase()) return false;
  switch (l.kind) {
    case "default":
      return true;
    case "operation": {
      const words = ` ${cmd.args.filter((a) => !a.startsWith("-")).join(" ")} `;
      return words.includes(` ${l.name.trim()} `);
    }
    case "pattern":
      return starGlob(l.name)(cmd.text);
  }
}
