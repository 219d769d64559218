import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import picomatch from "picomatch";
import { diagnostic, type Diagnostic, type Span } from "../core/index.ts";
import { badGlob } from "./glob-check.ts";
import { ioDetail } from "./io-detail.ts";
import { LEVEL_RANK, type LabelFormat, type Level, type SkillEntry } from "./ir.ts";
import type { Merged } from "./merged.ts";
import type { RawSkill } from "./schema/index.ts";
import { skillDocLabels, type ResolvedLabel } from "./skill-doc-labels.ts";
import { makeSource } from "./source.ts";
import type { Layer } from "./sources.ts";

/** The safety registry: `tool:` entries as written, and `annotations:` globs compiled from SKILL.md files. */
export function compileSkills(merged: Merged): { skills: SkillEntry[]; diagnostics: Diagnostic[] } {
  const skills: SkillEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const { raw, layer } of merged.skills) {
    if (raw.tag === "tool") skills.push(declaredEntry(raw));
    else annotations(raw, layer, skills, diagnostics);
  }
  return { skills, diagnostics };
}

function declaredEntry(raw: RawSkill): SkillEntry {
  const v = raw.value as Extract<RawSkill["value"], { tool?: unknown }>;
  const level = (l: { value: string }) => l.value as Level;
  return {
    tool: v.tool?.value ?? "",
    default: v.default ? level(v.default) : null,
    operations: Object.fromEntries((v.operations?.entries ?? []).map((e) => [e.key.value, level(e.value)])),
    patterns: (v.patterns?.entries ?? []).map((e) => ({ glob: e.key.value, level: level(e.value) })),
    source: raw.span,
  };
}

const SKIP_DIRS = new Set(["node_modules", ".git"]);

function annotations(raw: RawSkill, layer: Layer, skills: SkillEntry[], out: Diagnostic[]): void {
  const v = raw.value as Extract<RawSkill["value"], { annotations?: unknown }>;
  const glob = v.annotations;
  if (!glob) return;
  const bad = badGlob(glob.value, glob.span);
  if (bad !== null) {
    out.push(bad);
    return;
  }
  const isMatch = picomatch(glob.value, { dot: false });
  // Walk only below the glob's literal prefix: a rules file in ~/.config must not scan the whole home.
  // A literal path (no glob) is its own base: walk its directory, not the file itself.
  const scan = picomatch.scan(glob.value);
  const base = scan.isGlob ? scan.base : dirname(scan.base);
  const files = listFiles(layer.dir, base).filter((f) => isMatch(f));
  if (files.length === 0) {
    out.push(diagnostic("RG3005", glob.span, { glob: glob.value }));
    return;
  }
  const byTool = new Map<string, ToolLabels>();
  for (const rel of files) {
    const shown = join(dirname(layer.source.file), rel);
    let text: string;
    try {
      text = readFileSync(resolve(layer.dir, rel), "utf8");
    } catch (err) {
      out.push(diagnostic("RG3006", glob.span, { path: shown, detail: ioDetail(err) }));
      continue;
    }
    const { labels, diagnostics } = skillDocLabels(makeSource(shown, text));
    out.push(...diagnostics);
    for (const l of labels) addLabel(byTool, l);
  }
  for (const [tool, e] of byTool) skills.push(toolEntry(tool, e));
}

/** What the skill docs say about one tool, gathered label by label. */
interface ToolLabels {
  default: { level: Level; source: Span; format: LabelFormat } | null;
  patterns: { glob: string; level: Level; source: Span; format: LabelFormat }[];
  operations: Map<string, { level: Level; source: Span; format: LabelFormat }>;
  source: Span;
}

/** Labels only raise (docs/adr/0112): an operation or default labelled twice keeps the more severe level. */
function addLabel(byTool: Map<string, ToolLabels>, l: ResolvedLabel): void {
  const e: ToolLabels = byTool.get(l.tool) ?? { default: null, patterns: [], operations: new Map(), source: l.span };
  byTool.set(l.tool, e);
  const value = { level: l.level, source: l.span, format: l.format };
  const higher = (old: { level: Level } | null | undefined) =>
    old === null || old === undefined || LEVEL_RANK[l.level] > LEVEL_RANK[old.level];
  if (l.kind === "default") {
    if (higher(e.default)) e.default = value;
  } else if (l.kind === "operation") {
    if (higher(e.operations.get(l.text))) e.operations.set(l.text, value);
  } else e.patterns.push({ glob: l.text, ...value });
}

function toolEntry(tool: string, e: ToolLabels): SkillEntry {
  const d = e.default;
  const ops = [...e.operations];
  return {
    tool,
    default: d?.level ?? null,
    operations: Object.fromEntries(ops.map(([name, o]) => [name, o.level])),
    patterns: e.patterns,
    source: e.source,
    ...(d !== null && d.source !== e.source ? { defaultSource: d.source } : {}),
    ...(d !== null ? { defaultFormat: d.format } : {}),
    ...(ops.length > 0
      ? { operationSources: Object.fromEntries(ops.map(([name, o]) => [name, { source: o.source, format: o.format }])) }
      : {}),
  };
}

/** Files under `dir`, relative and with forward slashes, skipping VCS and dependency folders. */
function listFiles(dir: string, base: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name)) walk(join(d, e.name));
      } else if (e.isFile() || e.isSymbolicLink()) out.push(relative(dir, join(d, e.name)).split("\\").join("/"));
    }
  };
  walk(resolve(dir, base));
  return out.sort();
}
