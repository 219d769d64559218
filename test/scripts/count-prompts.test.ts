import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { countPrompts } from "../../scripts/prompts/count.ts";

/** Issue 16 §4's measure: "always" answers only ever save prompts on the bundled demo session. */
const demo = readFileSync("rules/examples/demo-session.jsonl", "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l) as unknown);

describe("prompts on the demo session under the guard rules", () => {
  it("are fewer when the human answers always than when they approve each call", async () => {
    const file = "rules/examples/guard.yaml";
    const approve = await countPrompts(file, demo, "approve-every");
    const always = await countPrompts(file, demo, "always-every");
    expect(approve).toBeGreaterThan(0);
    expect(always).toBeLessThan(approve);
    expect(await countPrompts(file, demo, "as-written-always")).toBeLessThanOrEqual(
      await countPrompts(file, demo, "as-written"),
    );
  });
});
