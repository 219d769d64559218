import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./run-cli.ts";

const policy = join(process.cwd(), "rules", "examples", "guard.yaml");
const session = readFileSync(join(process.cwd(), "rules", "examples", "demo-session.jsonl"), "utf8");

interface Row {
  readonly decision?: string;
  readonly approval?: string | null;
}

describe("rules eval's summary line", () => {
  it("counts each call once, by its final decision, and how many a human was asked", async () => {
    const json = await runCli(["eval", "--policy", policy, "--format", "json", "-"], { stdin: async () => session });
    const calls = json.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Row)
      .filter((r) => r.decision !== undefined);
    const count = (p: (r: Row) => boolean) => calls.filter(p).length;
    const approved = count((r) => r.approval === "approved");
    const refused = count((r) => r.approval === "denied");
    const unanswered = count((r) => r.decision === "ask");
    // The demo session has every kind: approved and refused gates, and gates left unanswered.
    expect([approved, refused, unanswered].every((n) => n > 0)).toBe(true);

    const table = await runCli(["eval", "--policy", policy, "--format", "table", "-"], { stdin: async () => session });
    const summary = table.stdout.trim().split("\n").at(-1);
    expect(summary).toBe(
      `summary: ${calls.length} calls: ${count((r) => r.decision === "allow")} allowed, ${unanswered} ask, ${count((r) => r.decision === "deny")} denied; ` +
        `${approved + refused + unanswered} asked a human (${approved} approved, ${refused} denied, ${unanswered} unanswered); 0 model calls`,
    );
  });

  it("adds up to the number of calls", async () => {
    const table = await runCli(["eval", "--policy", policy, "--format", "table", "-"], { stdin: async () => session });
    const m = /summary: (\d+) calls: (\d+) allowed, (?:(\d+) ask, )?(\d+) denied/.exec(table.stdout);
    expect(m).not.toBeNull();
    const [calls, allowed, ask, denied] = [m![1], m![2], m![3] ?? "0", m![4]].map(Number);
    expect(allowed! + ask! + denied!).toBe(calls);
  });
});
