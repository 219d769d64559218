import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ISOLATED } from "../isolated-files.ts";

/** Files that change what a module or a global is for everyone after them (docs/adr/0570). */
const REPLACES = /\bvi\.(?:mock|doMock|unmock|stubGlobal|stubEnv|resetModules)\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return testFiles(path);
    return e.name.endsWith(".test.ts") ? [relative(process.cwd(), path)] : [];
  });
}

describe("test isolation", () => {
  it("runs every file that replaces a module or a global in a module graph of its own", () => {
    const replacing = testFiles("test")
      .filter((f) => f !== "test/scripts/isolation.test.ts" && REPLACES.test(readFileSync(f, "utf8")))
      .sort();
    expect(replacing).toEqual([...ISOLATED].sort());
  });
});
