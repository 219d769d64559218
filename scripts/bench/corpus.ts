import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The dcg command corpus the shell and decision benches run, from the vendored copy
 * (test/fixtures/corpora/dcg, MIT): CI clones have no ../shared folder.
 */
const DCG_CORPUS = fileURLToPath(new URL("../../test/fixtures/corpora/dcg/commands.jsonl", import.meta.url));

export function dcgCommands(): string[] {
  return readFileSync(DCG_CORPUS, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => (JSON.parse(l) as { command: string }).command);
}
