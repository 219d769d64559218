import { readFileSync } from "node:fs";
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { LEVEL_RANK } from "../../../compiler/ir.ts";
import { deriveOperation } from "../../../runtime/operation/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";

const CORPUS = new URL("../../fixtures/corpora/dcg/commands.jsonl", import.meta.url);
const DANGEROUS = readFileSync(CORPUS, "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l) as { command: string; expected: string })
  .filter((e) => e.expected === "block")
  .map((e) => e.command);

let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});
const level = (command: string): number =>
  LEVEL_RANK[
    deriveOperation(
      { tool: "Bash", input: { command }, cwd: "/home/u/proj" },
      { home: "/home/u", skills: [], analyzer, realpath: false },
    ).level
  ];

describe("operation properties", () => {
  test("prefixing a dangerous command with harmless commands never lowers its level", () => {
    // Prefixes that change nothing the command depends on (a `cd` would: `cd /tmp && rm -rf x` deletes scratch).
    const prefix = fc.constantFrom("true && ", "echo start; ", "ls | head -1; ", "sleep 1 && ", "export A=1; ");
    fc.assert(
      fc.property(fc.constantFrom(...DANGEROUS), prefix, (command, p) => {
        expect(level(p + command)).toBeGreaterThanOrEqual(level(command));
      }),
      { numRuns: 400 },
    );
  });

  test("derivation never throws on random text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (command) => {
        expect(() => level(command)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });
});
