import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./model-traces.ts";

/**
 * The dcg command corpus the shell and decision benches run, from the vendored copy
 * (test/fixtures/corpora/dcg, MIT): CI clones have no ../shared folder.
 */
const DCG_CORPUS = join(REPO_ROOT, "test/fixtures/corpora/dcg/commands.jsonl");

export function dcgCommands(): string[] {
  return readFileSync(DCG_CORPUS, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => (JSON.parse(l) as { command: string }).command);
}
