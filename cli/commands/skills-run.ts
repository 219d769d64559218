import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { compileText } from "../../compiler/index.ts";
import type { SkillEntry } from "../../compiler/ir.ts";
import type { Diagnostic } from "../../core/diagnostic.ts";
import type { Span } from "../../core/span.ts";
import { checkLabels } from "../../runtime/examples/index.ts";
import { loadShellAnalyzer } from "../../runtime/shell/index.ts";
import { EXIT, UsageError, type Io } from "../io.ts";
import { renderText, toJson } from "../render/diagnostics.ts";

/**
 * The registry is compiled by the compiler itself, exactly as a rules file's `skills: [{annotations: GLOB}]`
 * entry would compile it: one source of truth for the annotation grammar, levels and diagnostics.
 */
export async function runSkillsScan(
  paths: readonly string[],
  opts: { readonly format: string },
  io: Io,
): Promise<number> {
  if (opts.format !== "text" && opts.format !== "json")
    throw new UsageError(`--format must be text or json, not '${opts.format}'`);
  const entries: SkillEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const p of paths) {
    const abs = resolve(io.cwd, p);
    if (!existsSync(abs)) throw new UsageError(`no such file or directory: ${p}`);
    const files = statSync(abs).isDirectory() ? skillFiles(abs) : [abs];
    if (files.length === 0) throw new UsageError(`no SKILL.md files under ${p}`);
    // One file at a time, so a mistake in one skill doc does not hide the registry of the others.
    for (const file of files) {
      const text = `version: 1\nskills:\n  - annotations: ${JSON.stringify(basename(file))}\n`;
      const r = compileText(text, join(dirname(file), "(skills scan)"), { dir: dirname(file) });
      diagnostics.push(
        ...r.diagnostics,
        ...(r.policy === null ? [] : checkLabels(r.policy, await loadShellAnalyzer())),
      );
      entries.push(...(r.policy?.skills ?? []));
    }
  }
  const ok = !diagnostics.some((d) => d.severity === "error");
  const shown = diagnostics.map((d) => ({ diagnostic: d, severity: d.severity }));
  if (opts.format === "json") {
    const skills = entries.map(({ source, defaultSource, patterns, ...e }) => ({
      ...e,
      patterns: patterns.map(({ source: at, ...p }) => ({ ...p, line: (at ?? source).line })),
      file: source.file,
      line: source.line,
      ...(e.default === null ? {} : { defaultLine: (defaultSource ?? source).line }),
    }));
    io.stdout(`${JSON.stringify({ ok, skills, diagnostics: toJson(shown) })}\n`);
  } else {
    io.stderr(renderText(shown, io.color));
    // Each line points at the annotation that wrote it.
    const where = (s: Span): string => `${s.file}:${s.line}`;
    for (const e of entries) {
      if (e.default !== null)
        io.stdout(`${e.default.padEnd(12)} ${e.tool.padEnd(40)} ${where(e.defaultSource ?? e.source)}\n`);
      for (const p of e.patterns)
        io.stdout(`${p.level.padEnd(12)} ${p.glob.padEnd(40)} ${where(p.source ?? e.source)}\n`);
    }
    if (entries.length === 0) io.stdout("no @safety annotations found\n");
  }
  return ok ? EXIT.ok : EXIT.invalid;
}

/** Every SKILL.md under a directory, skipping VCS and dependency folders, in a stable order. */
function skillFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.isDirectory()) {
      if (e.name !== "node_modules" && e.name !== ".git") out.push(...skillFiles(join(dir, e.name)));
    } else if (e.name === "SKILL.md") out.push(join(dir, e.name));
  }
  return out;
}
