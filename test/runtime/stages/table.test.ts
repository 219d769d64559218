/**
 * The stage table is the order (runtime/stages/table.ts): it, the `Stage` type and the manual must say the same
 * thing, the way the hard-deny catalogue and rules/builtin/defaults.yaml do.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { STAGES, type Stage } from "../../../runtime/events/index.ts";
import { STAGE_TABLE } from "../../../runtime/stages/index.ts";

const isStage = (s: string): s is Stage => (STAGES as readonly string[]).includes(s);

/** The stage names each numbered step of decision-order.md shows as code, in the order it shows them. */
function documentedSteps(): Stage[][] {
  const text = readFileSync("docs/explanation/decision-order.md", "utf8");
  const section = text.slice(text.indexOf("## The decision order"), text.indexOf("Two invariants hold"));
  const items = section.split(/^(?=\d\. )/m).filter((i) => /^\d\. /.test(i));
  return items.map((i) => [...i.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string).filter(isStage));
}

/** The table's stages by step, in table order. */
function tableSteps(): Stage[][] {
  const steps: Stage[][] = [[], [], [], []];
  for (const row of STAGE_TABLE) if (row.stage !== null) steps[row.step - 1]?.push(row.stage);
  return steps;
}

describe("the stage table", () => {
  it("records every stage of the Stage type, and no other", () => {
    const named = new Set(STAGE_TABLE.flatMap((r) => (r.stage === null ? [] : [r.stage])));
    expect([...named].sort()).toEqual([...STAGES].sort());
  });

  it("runs the four steps of docs/explanation/decision-order.md in order, and ends with a stage that always decides", () => {
    const steps = STAGE_TABLE.map((r) => r.step);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(STAGE_TABLE.at(-1)?.stage).toBe("default");
  });

  it("names each stage once", () => {
    const names = STAGE_TABLE.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("is the order docs/explanation/decision-order.md explains, step by step", () => {
    expect(documentedSteps()).toEqual(tableSteps());
  });

  it("is listed in the order of the Stage type by the eval-jsonl reference", () => {
    const text = readFileSync("docs/reference/eval-jsonl.md", "utf8");
    const row = text.split("\n").find((l) => l.startsWith("| `stage` |")) ?? "";
    expect([...row.matchAll(/`([^`]+)`/g)].map((m) => m[1]).filter((s) => s !== "stage")).toEqual([...STAGES]);
  });
});
