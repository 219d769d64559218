import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { compileFile, compileSources, discoverSources, type CompileResult } from "../../compiler/index.ts";
import { UsageError, type Io } from "../io.ts";

/** The policy a decision command runs: `--policy FILE`, or the effective policy of the config sources (SPEC §2). */
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
