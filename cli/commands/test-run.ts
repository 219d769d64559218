import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { countCases, runTestFile, type FileResult } from "../../runtime/rulestest/index.ts";
import { EXIT, UsageError, type Io } from "../io.ts";
import { renderText } from "../render/diagnostics.ts";

export async function runTests(paths: readonly string[], format: string, io: Io): Promise<number> {
  if (format !== "text" && format !== "json") throw new UsageError(`--format must be text or json, not '${format}'`);
  const files = (paths.length > 0 ? paths : [io.cwd]).flatMap((p) => findTestFiles(join(io.cwd, "."), p));
  if (files.length === 0) throw new UsageError("no *.rulestest.yaml files found");
  const results: FileResult[] = [];
  for (const f of files) results.push(await runTestFile(f));
  const counts = countCases(results);
  const ok = counts.failed === 0 && counts.broken === 0;
  if (format === "json") {
    io.stdout(`${JSON.stringify({ ok, ...counts, files: results })}\n`);
  } else {
    for (const r of results) io.stdout(renderFile(r, io));
    io.stdout(
      `\n${counts.passed} passed, ${counts.failed} failed${counts.broken > 0 ? `, ${counts.broken} files broken` : ""}\n`,
    );
  }
  return ok ? EXIT.ok : EXIT.invalid;
}

function findTestFiles(cwd: string, p: string): string[] {
  const abs = p.startsWith("/") ? p : join(cwd, p);
  if (!existsSync(abs)) throw new UsageError(`no such file or directory: ${p}`);
  if (!statSync(abs).isDirectory()) return [abs];
  const out: string[] = [];
  for (const entry of readdirSync(abs, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const full = join(abs, entry.name);
    if (entry.isDirectory()) out.push(...findTestFiles(cwd, full));
    else if (entry.name.endsWith(".rulestest.yaml")) out.push(full);
  }
  return out;
}

function renderFile(r: FileResult, io: Io): string {
  const name = relative(io.cwd, r.path) || r.path;
  const red = (s: string) => (io.color ? `\u001b[31m${s}\u001b[0m` : s);
  const green = (s: string) => (io.color ? `\u001b[32m${s}\u001b[0m` : s);
  if (r.error !== null)
    return `${red("✗")} ${name}: ${r.error}\n${renderText(
      r.diagnostics.map((d) => ({ diagnostic: d, severity: d.severity })),
      io.color,
    )}`;
  const lines = [`${name}`];
  for (const c of r.cases) {
    if (c.mismatches.length === 0) {
      lines.push(`  ${green("✓")} ${c.name}`);
      continue;
    }
    lines.push(`  ${red("✗")} ${c.name}`);
    for (const m of c.mismatches) {
      lines.push(`      step ${m.step}, ${m.field}:`);
      lines.push(`        ${red(`- expected ${JSON.stringify(m.expected)}`)}`);
      lines.push(`        ${green(`+ actual   ${JSON.stringify(m.actual)}`)}`);
    }
  }
  return `${lines.join("\n")}\n`;
}
