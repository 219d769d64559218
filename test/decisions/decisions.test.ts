import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { runTestFile } from "../../runtime/rulestest/index.ts";

/** Every `*.rulestest.yaml` here, run by the same code as `rules test`; one vitest test per case. */
const DIR = import.meta.dirname;
const FILES = readdirSync(DIR)
  .filter((f) => f.endsWith(".rulestest.yaml"))
  .sort();

describe.each(FILES)("%s", (file) => {
  test("every case decides as written", async () => {
    const result = await runTestFile(join(DIR, file));
    expect(result.error, JSON.stringify(result.diagnostics)).toBeNull();
    const failed = result.cases
      .filter((c) => c.mismatches.length > 0)
      .map((c) => ({ case: c.name, mismatches: c.mismatches }));
    expect(failed).toEqual([]);
    expect(result.cases.length).toBeGreaterThan(0);
  });
});
