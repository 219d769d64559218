import { existsSync, statSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import type { Command } from "commander";
import type { Diagnostic } from "../../core/index.ts";
import {
  compileFile,
  compileSources,
  discoverSources,
  sortDiagnostics,
  type CompileResult,
  type Policy,
} from "../../compiler/index.ts";
import { checkExamples, checkLabels, hasExamples } from "../../runtime/examples/index.ts";
import { loadShellAnalyzer } from "../../runtime/shell/index.ts";
import { EXIT, UsageError, type Io } from "../io.ts";
import {
  DIAGNOSTIC_FORMATS,
  renderGithub,
  renderText,
  toJson,
  type DiagnosticFormat,
  type Shown,
} from "../render/diagnostics.ts";
import type { RegisterCommand } from "./index.ts";

interface Options {
  readonly check?: boolean;
  readonly out?: string;
  readonly format: string;
  readonly strict?: boolean;
  readonly maxErrors: string;
}

/** `rules compile [FILES] [--check] [--out IR.json] [--format text|json|github] [--strict] [--max-errors N]` */
export const registerCompile: RegisterCommand = (program: Command, io: Io, setExit) => {
  program
    .command("compile")
    .description(
      "compile rules files to the policy IR and report diagnostics (without FILES: the effective policy of the config sources)",
    )
    .argument("[files...]", "rules files; each compiles on its own, on top of the built-ins")
    .option("--check", "only check: write nothing, silent on success")
    .option("--out <file>", "write the IR (JSON) to this file")
    .option("--format <format>", "text | json | github", "text")
    .option("--strict", "treat warnings as errors")
    .option("--max-errors <n>", "show at most this many diagnostics", "20")
    .action(async (files: string[], opts: Options) => setExit(await runCompile(files, opts, io)));
};

async function runCompile(files: readonly string[], opts: Options, io: Io): Promise<number> {
  const format = opts.format as DiagnosticFormat;
  if (!DIAGNOSTIC_FORMATS.includes(format))
    throw new UsageError(`--format must be one of ${DIAGNOSTIC_FORMATS.join(", ")}, not '${opts.format}'`);
  const max = Number(opts.maxErrors);
  if (!Number.isInteger(max) || max < 1)
    throw new UsageError(`--max-errors needs a positive whole number, not '${opts.maxErrors}'`);
  if (opts.out !== undefined && files.length > 1) throw new UsageError("--out writes one IR; give one file");
  for (const f of files) {
    if (!existsSync(f)) throw new UsageError(`no such file: ${f}`);
    if (statSync(f).isDirectory()) throw new UsageError(`${f} is a directory, not a rules file`);
  }

  const compiled: { file: string; result: CompileResult }[] =
    files.length > 0
      ? files.map((file) => ({ file, result: compileFile(file) }))
      : [
          {
            file: "(config sources)",
            result: compileSources(discoverSources(io.cwd, io.env.HOME ?? homedir(), io.env), { cwd: io.cwd }),
          },
        ];
  const results = await withExampleChecks(compiled);

  const shown: Shown[] = results.flatMap(({ result }) => result.diagnostics.map((d) => show(d, opts.strict === true)));
  const ok = !shown.some((s) => s.severity === "error");
  const visible = shown.slice(0, max);
  const hidden = shown.length - visible.length;
  const policies = results.map((r) => r.result.policy).filter((p): p is Policy => p !== null);

  if (format === "json") {
    const hashes = ok ? results.map((r) => r.result.policy?.hash ?? null) : [];
    const doc = {
      ok,
      diagnostics: toJson(visible),
      ...(hidden > 0 ? { hidden } : {}),
      ...(ok && hashes.length === 1 ? { hash: hashes[0] } : {}),
      ...(ok && hashes.length > 1 ? { hashes: Object.fromEntries(results.map((r, i) => [r.file, hashes[i]])) } : {}),
      ...(ok && !opts.check && opts.out === undefined && policies.length === 1 ? { policy: policies[0] } : {}),
    };
    io.stdout(JSON.stringify(doc) + "\n");
  } else {
    const text = format === "github" ? renderGithub(visible) : renderText(visible, io.color);
    const more = hidden > 0 ? `rules: ${hidden} more diagnostic(s) not shown (--max-errors ${max})\n` : "";
    io.stderr(text + more);
    if (ok && !opts.check && opts.out === undefined)
      for (const p of policies) io.stdout(JSON.stringify(p, null, 2) + "\n");
  }
  if (ok && opts.out !== undefined && !opts.check && policies[0])
    writeFileSync(opts.out, JSON.stringify(policies[0], null, 2) + "\n");
  return ok ? EXIT.ok : EXIT.invalid;
}

/**
 * Rule examples and registry labels are checked by the runtime (docs/adr/0002, 0112); the shell parser loads
 * only when some rule has examples or the policy has a registry, so a policy without either compiles without paying for it. With errors elsewhere, the examples of
 * the rules that compiled are still checked (the partial policy): one mistake must not hide another.
 */
async function withExampleChecks(
  compiled: { file: string; result: CompileResult }[],
): Promise<{ file: string; result: CompileResult }[]> {
  const checked = (result: CompileResult): Policy | null => {
    const policy = result.policy ?? result.partial ?? null;
    return policy !== null && (hasExamples(policy) || policy.skills.length > 0) ? policy : null;
  };
  if (!compiled.some(({ result }) => checked(result) !== null)) return compiled;
  const analyzer = await loadShellAnalyzer();
  return compiled.map(({ file, result }) => {
    const policy = checked(result);
    if (policy === null) return { file, result };
    const extra = [...checkExamples(policy, analyzer), ...checkLabels(policy, analyzer)];
    if (extra.length === 0) return { file, result };
    const failed = extra.some((d) => d.severity === "error");
    return {
      file,
      result: {
        ...result,
        policy: failed ? null : result.policy,
        diagnostics: sortDiagnostics([...result.diagnostics, ...extra]),
      },
    };
  });
}

function show(diagnostic: Diagnostic, strict: boolean): Shown {
  return { diagnostic, severity: strict ? "error" : diagnostic.severity };
}
