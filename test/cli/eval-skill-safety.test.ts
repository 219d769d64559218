import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./run-cli.ts";

/** Issue 16 §3 through `rules eval`: a `skill_safety` line reports labels; only a higher one counts. */
describe("rules eval skill_safety lines", () => {
  const dir = mkdtempSync(join(tmpdir(), "rulegate-skill-safety-"));
  const rules = join(dir, "rules.yaml");
  writeFileSync(rules, "version: 1\nsettings: { default: allow }\nlevels:\n  act: { WRITE: ask, DESTRUCTIVE: ask }\n");
  const run = async (lines: readonly object[]) => {
    const r = await runCli(["eval", "--policy", rules, "-"], {
      cwd: dir,
      stdin: async () => `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`,
    });
    return r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  };

  it("answers each label as judged, and a raised one gates the next call", async () => {
    const out = await run([
      { skill_safety: { tool: "gog", operations: { "gmail archive": "DESTRUCTIVE", "gmail search": "READ" } } },
      { tool: "Bash", input: { command: "gog gmail archive 18c2" } },
      { tool: "Bash", input: { command: "gog gmail search x" } },
    ]);
    expect(out[0]).toEqual({
      session: "default",
      line: 1,
      ok: true,
      labels: [
        { kind: "operation", name: "gmail archive", level: "DESTRUCTIVE", derived: "WRITE", outcome: "raised" },
        { kind: "operation", name: "gmail search", level: "READ", derived: "WRITE", outcome: "ignored" },
      ],
    });
    expect(out.slice(1).map((o) => `${o.decision} ${(o.operation as { level: string }).level}`)).toEqual([
      "ask DESTRUCTIVE",
      "ask WRITE",
    ]);
  });

  it.each([
    [
      { skill_safety: { tool: "gog", default: "REED" } },
      "skill_safety: default: 'REED' is not a safety level, did you mean 'READ'?",
    ],
    [
      { skill_safety: { tool: "gog", operation: {} } },
      "skill_safety: unknown key 'operation', did you mean 'operations'? (a report's keys: tool, default, operations, patterns)",
    ],
    [{ skill_safety: { default: "READ" } }, "skill_safety: 'tool' must be a non-empty string"],
  ])("says what is wrong with a bad report: %j", async (line, error) => {
    const [o] = await run([line]);
    expect(o).toMatchObject({ ok: false, error });
  });
});
