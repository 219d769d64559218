import { ownEntry } from "../../core/index.ts";
import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { compileText, type SkillEntry } from "../../compiler/index.ts";
import type { Diagnostic, Span } from "../../core/index.ts";
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
    const skills = entries.map(({ source, defaultSource, patterns, operationSources, ...e }) => ({
      ...e,
      patterns: patterns.map(({ source: at, ...p }) => ({ ...p, line: (at ?? source).line })),
      ...(operationSources === undefined
        ? {}
        : {
            operationSources: Object.fromEntries(
              Object.entries(operationSources).map(([name, o]) => [
                name,
                { format: o.format, line: o.source.line, column: o.source.column },
              ]),
            ),
          }),
      file: source.file,
      line: source.line,
      ...(e.default === null ? {} : { defaultLine: (defaultSource ?? source).line }),
    }));
    io.stdout(`${JSON.stringify({ ok, skills, labels: entries.flatMap(rows), diagnostics: toJson(shown) })}\n`);
  } else {
    io.stderr(renderText(shown, io.color));
    // Each line points at the label that wrote it, and says which of the formats it was written in.
    const byPlace = (a: Row, b: Row) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column;
    for (const r of entries.flatMap(rows).sort(byPlace))
      io.stdout(
        `${r.level.padEnd(12)} ${r.command.padEnd(40)} ${r.format.padEnd(10)} ${r.file}:${r.line}:${r.column}\n`,
      );
    if (entries.length === 0) io.stdout("no safety labels found\n");
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

/** One printed line per label: its level, the command it labels, its format, and where it is. */
interface Row {
  readonly level: string;
  readonly command: string;
  readonly format: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

function rows(e: SkillEntry): Row[] {
  const row = (level: string, command: string, format: string | undefined, at: Span): Row => ({
    level,
    command,
    format: format ?? "rules",
    file: at.file,
    line: at.line,
    column: at.column,
  });
  const out: Row[] = [];
  if (e.default !== null) out.push(row(e.default, e.tool, e.defaultFormat, e.defaultSource ?? e.source));
  for (const [name, level] of Object.entries(e.operations)) {
    const o = e.operationSources === undefined ? undefined : ownEntry(e.operationSources, name);
    out.push(row(level, `${e.tool} ${name}`, o?.format, o?.source ?? e.source));
  }
  for (const p of e.patterns) out.push(row(p.level, p.glob, p.format, p.source ?? e.source));
  return out;
}
