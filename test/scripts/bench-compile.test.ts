import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { shippedRuleFiles } from "../../scripts/bench/compile.ts";

/** The budget in README.md's Measured table "`rules compile --check`, the shipped rule files" must time exactly those files. */
describe("bench compile: the shipped rule files", () => {
  it("are rules/builtin/*.yaml and rules/examples/*.yaml, and nothing else", () => {
    const root = mkdtempSync(join(tmpdir(), "rulegate-bench-files-"));
    for (const d of ["rules/builtin", "rules/examples"]) mkdirSync(join(root, d), { recursive: true });
    for (const f of [
      "rules/builtin/defaults.yaml",
      "rules/examples/b.yaml",
      "rules/examples/a.yaml",
      "rules/examples/demo-session.jsonl",
    ]) {
      writeFileSync(join(root, f), "version: 1\n");
    }
    expect(shippedRuleFiles(root).map((f) => relative(root, f))).toEqual([
      "rules/builtin/defaults.yaml",
      "rules/examples/a.yaml",
      "rules/examples/b.yaml",
    ]);
  });

  it("include the repository's defaults and examples", () => {
    const files = shippedRuleFiles();
    expect(files.some((f) => f.endsWith(join("rules", "builtin", "defaults.yaml")))).toBe(true);
    expect(files.length).toBeGreaterThan(1);
    for (const f of files) expect(existsSync(f)).toBe(true);
  });
});
