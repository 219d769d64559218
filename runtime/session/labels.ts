/**
 * Labels the agent reports (issue 16 §3, docs/adr/0264): `{tool, default?, operations?, patterns?}`, the shape of
 * a `tool:` registry entry, as the agent read it from a skill with no annotation. Each label is judged against the
 * level the registry and program knowledge (and earlier reports) derive for the command it names: a higher one
 * raises it from now on, a lower or equal one is recorded and ignored. The agent, or a prompt injection in what it
 * read, can make a call stricter, never looser.
 */
import { didYouMean, LEVEL_RANK, LEVELS, type Level, type Policy } from "../../compiler/index.ts";
import type { EventOf, LabelReport } from "../events/index.ts";
import { deriveOperation, labelSample, raisedByReports, type ReportedLabel } from "../operation/index.ts";
import type { ShellAnalyzer } from "../shell/index.ts";
import { LIMITS, type SessionState } from "../state/index.ts";

export interface SkillReport {
  readonly tool: string;
  readonly default?: Level;
  readonly operations?: Readonly<Record<string, Level>>;
  readonly patterns?: Readonly<Record<string, Level>>;
}

const KEYS = ["tool", "default", "operations", "patterns"] as const;

/** A report from untrusted JSON, or what is wrong with it (with a did-you-mean for a misspelt key or level). */
export function parseSkillReport(x: unknown): SkillReport | { readonly error: string } {
  if (typeof x !== "object" || x === null || Array.isArray(x)) return { error: "a report must be a JSON object" };
  const r = x as Record<string, unknown>;
  const unknown = Object.keys(r).find((k) => !(KEYS as readonly string[]).includes(k));
  if (unknown !== undefined) {
    const hint = didYouMean(unknown, KEYS);
    return {
      error: `unknown key '${unknown}'${hint === undefined ? "" : `, ${hint}`} (a report's keys: ${KEYS.join(", ")})`,
    };
  }
  if (typeof r.tool !== "string" || r.tool.trim() === "") return { error: "'tool' must be a non-empty string" };
  const level = (v: unknown, where: string): Level | { error: string } => {
    if (typeof v === "string" && (LEVELS as readonly string[]).includes(v)) return v as Level;
    const hint = typeof v === "string" ? didYouMean(v, LEVELS) : undefined;
    return { error: `${where}: '${String(v)}' is not a safety level${hint === undefined ? "" : `, ${hint}`}` };
  };
  const map = (v: unknown, key: string): { ok: Record<string, Level> } | { error: string } => {
    if (v === undefined) return { ok: {} };
    if (typeof v !== "object" || v === null || Array.isArray(v)) return { error: `'${key}' must be an object` };
    const out: Record<string, Level> = {};
    for (const [name, l] of Object.entries(v)) {
      const parsed = level(l, `${key}.${name}`);
      if (typeof parsed !== "string") return parsed;
      out[name] = parsed;
    }
    return { ok: out };
  };
  const def = r.default === undefined ? undefined : level(r.default, "default");
  if (def !== undefined && typeof def !== "string") return def;
  const operations = map(r.operations, "operations");
  if ("error" in operations) return operations;
  const patterns = map(r.patterns, "patterns");
  if ("error" in patterns) return patterns;
  return {
    tool: r.tool.trim(),
    ...(def !== undefined ? { default: def } : {}),
    operations: operations.ok,
    patterns: patterns.ok,
  };
}

/** The `labels_reported` event of a report: each label judged against what is derived now. */
export function judgeReport(
  policy: Policy,
  state: SessionState,
  report: SkillReport,
  env: {
    readonly base: { readonly at: string; readonly session: string };
    readonly home: string;
    readonly cwd: string;
    readonly analyzer: ShellAnalyzer;
  },
): EventOf<"labels_reported"> {
  const labels: ReportedLabel[] = [
    ...(report.default !== undefined
      ? [{ tool: report.tool, kind: "default" as const, name: "", level: report.default }]
      : []),
    ...Object.entries(report.operations ?? {}).map(([name, level]) => ({
      tool: report.tool,
      kind: "operation" as const,
      name,
      level,
    })),
    ...Object.entries(report.patterns ?? {}).map(([name, level]) => ({
      tool: report.tool,
      kind: "pattern" as const,
      name,
      level,
    })),
  ];
  let room = LIMITS.reported - state.reported.length;
  const judged: LabelReport[] = labels.map((l) => {
    const derived = derivedLevel(policy, state, l, env);
    const raises = LEVEL_RANK[l.level] > LEVEL_RANK[derived] && room > 0;
    if (raises) room--;
    return { kind: l.kind, name: l.name, level: l.level, derived, outcome: raises ? "raised" : "ignored" };
  });
  return { type: "labels_reported", ...env.base, tool: report.tool, labels: judged };
}

/** What the command a label names is rated now: registry, program knowledge and the reports so far. */
function derivedLevel(
  policy: Policy,
  state: SessionState,
  l: ReportedLabel,
  env: { readonly home: string; readonly cwd: string; readonly analyzer: ShellAnalyzer },
): Level {
  const call = l.tool.startsWith("mcp__")
    ? { tool: l.tool, input: {}, cwd: env.cwd }
    : { tool: "bash", input: { command: labelSample(l) }, cwd: env.cwd };
  const op = deriveOperation(call, { home: env.home, skills: policy.skills, analyzer: env.analyzer });
  return raisedByReports(op, state.reported).level;
}
