import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import picomatch from "picomatch";
import { diagnostic, type Diagnostic } from "../core/diagnostic.ts";
import type { Span } from "../core/span.ts";
import { findAnnotations } from "./grammar.ts";
import { didYouMean } from "./did-you-mean.ts";
import { badGlob } from "./glob-check.ts";
import { ioDetail } from "./io-detail.ts";
import { LEVELS, type Level, type SkillEntry } from "./ir.ts";
import type { Merged } from "./merged.ts";
import type { RawSkill } from "./schema/index.ts";
import { makeSource, spanAt, type Source } from "./source.ts";
import type { Layer } from "./sources.ts";

/** The safety registry: `tool:` entries as written, and `annotations:` globs compiled from SKILL.md files. */
export function compileSkills(merged: Merged): { skills: SkillEntry[]; diagnostics: Diagnostic[] } {
  const skills: SkillEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const { raw, layer } of merged.skills) {
    if (raw.tag === "tool") skills.push(toolEntry(raw));
    else annotations(raw, layer, skills, diagnostics);
  }
  return { skills, diagnostics };
}

function toolEntry(raw: RawSkill): SkillEntry {
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
  const byTool = new Map<
    string,
    {
      default: Level | null;
      defaultAt: number;
      patterns: { glob: string; level: Level; source: Span }[];
      source: Source;
      at: number;
    }
  >();
  for (const rel of files) {
    const shown = join(dirname(layer.source.file), rel);
    let text: string;
    try {
      text = readFileSync(resolve(layer.dir, rel), "utf8");
    } catch (err) {
      out.push(diagnostic("RG3006", glob.span, { path: shown, detail: ioDetail(err) }));
      continue;
    }
    const source = makeSource(shown, text);
    const { value, errors } = findAnnotations(text);
    for (const e of errors) out.push(diagnostic(e.code, spanAt(source, e.at), e.args));
    for (const a of value ?? []) {
      const level = a.level as Level;
      if (!LEVELS.includes(level)) {
        const hint = didYouMean(a.level, LEVELS);
        out.push(
          diagnostic(
            "RG4002",
            spanAt(source, a.levelAt),
            { value: a.level, what: "a safety level" },
            hint ? { hint } : {},
          ),
        );
        continue;
      }
      const tool = a.command[0];
      if (tool === undefined) continue;
      const entry = byTool.get(tool) ?? { default: null, defaultAt: a.at.start, patterns: [], source, at: a.at.start };
      if (a.command.length === 1) {
        entry.default = level;
        entry.defaultAt = a.at.start;
      } else
        entry.patterns.push({
          glob: a.command.join(" "),
          level,
          source: spanAt(source, { start: a.at.start, end: a.at.start }),
        });
      byTool.set(tool, entry);
    }
  }
  for (const [tool, e] of byTool) {
    const at = (offset: number): Span => spanAt(e.source, { start: offset, end: offset });
    skills.push({
      tool,
      default: e.default,
      operations: {},
      patterns: e.patterns,
      source: at(e.at),
      ...(e.default !== null && e.defaultAt !== e.at ? { defaultSource: at(e.defaultAt) } : {}),
    });
  }
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
