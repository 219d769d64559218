import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { grammarArtifacts } from "../../grammar/artifacts.ts";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

describe("generated grammar artifacts", () => {
  it.each(grammarArtifacts().map((a) => [a.path, a.content] as const))(
    "%s is what the grammar generates now (run `tsx scripts/grammar-artifacts.ts` after changing a grammar)",
    (path, content) => {
      expect(readFileSync(join(ROOT, path), "utf8")).toBe(content);
    },
  );

  it("covers the CST types and the railroad diagrams of both grammars", () => {
    expect(
      grammarArtifacts()
        .map((a) => a.path)
        .sort(),
    ).toEqual([
      "docs/grammar/annotation.html",
      "docs/grammar/expression.html",
      "grammar/annotation-cst.ts",
      "grammar/expression-cst.ts",
    ]);
  });

  it("draws every rule of each grammar in its diagram page", () => {
    const page = grammarArtifacts().find((a) => a.path === "docs/grammar/expression.html")?.content ?? "";
    for (const rule of [
      "orExpression",
      "andExpression",
      "notExpression",
      "test",
      "value",
      "field",
      "call",
      "list",
      "pattern",
      "standalonePattern",
    ]) {
      expect(page).toContain(`"name": "${rule}"`);
    }
  });
});
