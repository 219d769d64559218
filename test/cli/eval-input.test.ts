import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./run-cli.ts";

const policy = join(process.cwd(), "rules", "examples", "guard.yaml");
const lines =
  (...xs: readonly string[]) =>
  async () =>
    `${xs.join("\n")}\n`;
const good = JSON.stringify({ tool: "Bash", input: { command: "ls" } });

describe("rules eval with bad input lines", () => {
  it("decides the good lines, reports each bad one and exits 1", async () => {
    const out = await runCli(["eval", "--policy", policy, "--format", "json", "-"], {
      stdin: lines(good, "not json", '{"tol":"Bash","input":{"command":"ls"}}', good),
    });
    const rows = out.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { line: number; decision?: string; ok?: boolean; error?: string });
    expect(rows.map((r) => r.decision ?? "error")).toEqual(["allow", "error", "error", "allow"]);
    expect(out.code).toBe(1);
    expect(out.stderr).toBe("rules: 2 bad input lines (lines 2, 3)\n");
  });

  it.each([
    ["tol", "tool"],
    ["inptu", "input"],
    ["sesion", "session"],
    ["replyy", "reply"],
  ])("a mistyped key '%s' is an error that suggests '%s'", async (typo, key) => {
    const line = {
      tool: "Bash",
      input: { command: "ls" },
      [typo]: key === "tool" ? "Bash" : key === "input" ? {} : "x",
    };
    if (key === "tool") delete (line as Record<string, unknown>)["tool"];
    if (key === "input") delete (line as Record<string, unknown>)["input"];
    const out = await runCli(["eval", "--policy", policy, "--format", "json", "--call", JSON.stringify(line)]);
    expect(out.code).toBe(1);
    const row = JSON.parse(out.stdout) as { ok: boolean; error: string };
    expect(row.ok).toBe(false);
    expect(row.error).toContain(`unknown key '${typo}', did you mean '${key}'?`);
  });

  it("exits 0 when every line is good, and the table's summary counts no bad lines", async () => {
    const out = await runCli(["eval", "--policy", policy, "--format", "table", "-"], {
      stdin: lines(good, '{"user":"hello"}'),
    });
    expect(out.code).toBe(0);
    expect(out.stderr).toBe("");
    expect(out.stdout).not.toMatch(/bad lines/);
  });
});
