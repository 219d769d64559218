/**
 * Labels only tighten (docs/explanation/decision-order.md, docs/adr/0112): a safety registry entry (a SKILL.md annotation or a `tool:`
 * entry) may raise the level of a program rulegate knows, never lower it; the runtime keeps the higher of the
 * two. A label below what the program knowledge derives is therefore ignored, and this says so at compile time.
 * Programs nobody described are not judged: for them the registry is the only knowledge.
 */
import type { Level, Policy, SkillEntry } from "../../compiler/index.ts";
import { diagnostic, type Diagnostic, type Span } from "../../core/index.ts";
import { deriveOperation, maxLevel, programKnowledge } from "../operation/index.ts";
import type { ShellAnalyzer } from "../shell/index.ts";

const HOME = "/home/user";
const CWD = "/project";

export function checkLabels(policy: Policy, analyzer: ShellAnalyzer): Diagnostic[] {
  return policy.skills.flatMap((s) => labelsOf(s).flatMap((l) => lowered(l, analyzer)));
}

interface Label {
  readonly level: Level;
  /** The command the label names, as a sample call: glob stars dropped (`gcloud * list` → `gcloud list`). */
  readonly command: string;
  readonly span: Span;
}

function labelsOf(s: SkillEntry): Label[] {
  const out: Label[] = [];
  if (s.default !== null) out.push({ level: s.default, command: s.tool, span: s.defaultSource ?? s.source });
  for (const [name, level] of Object.entries(s.operations))
    out.push({ level, command: `${s.tool} ${name}`, span: s.source });
  for (const p of s.patterns) out.push({ level: p.level, command: sample(p.glob), span: p.source ?? s.source });
  return out;
}

function sample(glob: string): string {
  return glob
    .split(" ")
    .map((w) => w.replace(/:?\*/g, ""))
    .filter((w) => w !== "")
    .join(" ");
}

function lowered(label: Label, analyzer: ShellAnalyzer): Diagnostic[] {
  const op = deriveOperation(
    { tool: "bash", input: { command: label.command }, cwd: CWD },
    { home: HOME, skills: [], analyzer, realpath: false },
  );
  const program = op.shell?.commands[0]?.program ?? "";
  if (op.opaque !== null || programKnowledge(program) === undefined) return [];
  if (maxLevel(op.level, label.level) === label.level) return [];
  return [diagnostic("RG6002", label.span, { label: label.level, command: label.command, derived: op.level })];
}
