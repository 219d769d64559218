import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CATALOG } from "../../core/catalog.ts";
import { caseNames, everyGolden } from "./golden-cases.ts";

/**
 * Compares every derived file with what the compiler produces now. On drift: run `npm run goldens`
 * and review the diff; the expected side below is the committed file.
 */
describe("golden files", () => {
  const goldens = everyGolden();
  it.each(goldens.map((g) => [g.path, g] as const))("%s is up to date (npm run goldens regenerates it)", (path, g) => {
    const committed = existsSync(path) ? readFileSync(path, "utf8") : "(missing)";
    expect(g.content, `${path} drifted: run npm run goldens and review the diff`).toBe(committed);
  });

  it("has at least 30 invalid cases, one with ten mistakes", () => {
    const invalid = caseNames().filter((c) => !existsSync(`test/fixtures/compile/${c}/ir.json`));
    expect(invalid.length).toBeGreaterThanOrEqual(30);
    const ten = readFileSync("test/fixtures/compile/ten-mistakes/expected.txt", "utf8");
    expect(ten.split("\n").filter((l) => /^\S+:\d+:\d+: (error|warning) RG\d{4}:/.test(l))).toHaveLength(10);
  });

  it("covers every compiler code (RG2xxx-RG5xxx) with a case", () => {
    const expected = caseNames()
      .map((c) => readFileSync(`test/fixtures/compile/${c}/expected.txt`, "utf8"))
      .join("\n");
    const missing = Object.keys(CATALOG).filter((code) => /^RG[2-5]/.test(code) && !expected.includes(` ${code}: `));
    expect(missing).toEqual([]);
  });

  it("names each case after the code it shows, and shows that code", () => {
    for (const c of caseNames().filter((n) => /^rg\d{4}-/.test(n))) {
      const code = c.slice(0, 6).toUpperCase();
      expect(readFileSync(`test/fixtures/compile/${c}/expected.txt`, "utf8"), c).toContain(` ${code}: `);
    }
  });
});
