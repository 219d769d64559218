/**
 * docs/reference/defaults.md is a table of calls and what the built-in defaults decide for each, with no rules
 * file. Every row is decided here under exactly that policy (compileSources of no source), so the page cannot
 * drift from the code.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createSession } from "../../index.ts";
import { compileSources } from "../../compiler/index.ts";

const HOME = "/home/dev";
const CWD = "/home/dev/app";

/** The input key each tool of the table takes its example in. */
const INPUT_KEY: Readonly<Record<string, string>> = {
  Bash: "command",
  Read: "file_path",
  Write: "file_path",
  WebFetch: "url",
  mcp__db__query: "sql",
};

interface Row {
  readonly what: string;
  readonly tool: string;
  readonly arg: string;
  readonly decision: string;
  readonly stage: string;
}

function rows(): Row[] {
  const text = readFileSync("docs/reference/defaults.md", "utf8");
  return text
    .split("\n")
    .filter((l) => /^\| .* \| `[^`]+` \| (allow|ask|deny) \| `[a-z_.]+` \|$/.test(l))
    .map((l) => {
      const cells = l
        .slice(2, -2)
        .split(/ (?<!\\)\| /)
        .map((c) => c.trim());
      const [what = "", example = "", decision = "", stage = ""] = cells;
      const call = example.slice(1, -1).replace(/\\\|/g, "|");
      const at = call.indexOf(": ");
      return { what, tool: call.slice(0, at), arg: call.slice(at + 2), decision, stage: stage.slice(1, -1) };
    });
}

describe("docs/reference/defaults.md", () => {
  const table = rows();

  it("has a row for each kind of call, reads included", () => {
    expect(table.length).toBeGreaterThanOrEqual(20);
    expect(table.filter((r) => r.tool === "Bash" && r.decision === "allow").length).toBeGreaterThanOrEqual(3);
  });

  const compiled = compileSources({});
  it("the built-ins compile alone", () => {
    expect(compiled.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it.each(table.map((r) => [`${r.tool}: ${r.arg}`, r] as const))("%s is decided as the table says", async (_n, r) => {
    if (compiled.policy === null) throw new Error("the built-ins do not compile");
    const key = INPUT_KEY[r.tool];
    if (key === undefined) throw new Error(`no input key for ${r.tool}: add it to INPUT_KEY`);
    const session = createSession(compiled.policy, { home: HOME, cwd: CWD });
    const d = await session.decide({
      tool: r.tool,
      input: { [key]: r.arg, ...(r.tool === "Write" ? { content: "x" } : {}) },
    });
    expect([d.decision, d.stage], d.reason).toEqual([r.decision, r.stage]);
  });
});
