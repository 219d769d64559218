import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { compileFile, compileSources, discoverSources, type CompileResult } from "../../compiler/index.ts";
import { UsageError, type Io } from "../io.ts";

/** The policy a decision command runs: `--policy FILE`, or the effective policy of the config sources (docs/reference/rules-yaml.md). */
export function policyFor(file: string | undefined, io: Io): CompileResult {
  if (file !== undefined) {
    if (!existsSync(file)) throw new UsageError(`no such policy file: ${file}`);
    return compileFile(file);
  }
  return compileSources(discoverSources(io.cwd, homeOf(io), io.env), { cwd: io.cwd });
}

export function homeOf(io: Io): string {
  return io.env.HOME ?? homedir();
}

/** The user's own rules of the project in the cwd: where a reply of "always" is stored (docs/adr/0263). */
export function localRulesFile(io: Io): string {
  return join(io.cwd, ".rulegate", "rules.local.yaml");
}

/**
 * The rules again after an "always" was stored: the config sources (which hold the local file), or with
 * `--policy FILE` that file with the local file on top of it.
 */
export function recompiled(file: string | undefined, io: Io): CompileResult {
  if (file === undefined) return policyFor(undefined, io);
  return compileSources({ user: resolve(io.cwd, file), local: localRulesFile(io) }, { cwd: io.cwd });
}
