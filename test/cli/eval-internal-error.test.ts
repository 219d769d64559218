import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { runCli } from "./run-cli.ts";

/**
 * docs/adr/0461: a line rulegate itself fails on is an error line of its own; the lines before and after it are
 * still decided. The failure is injected: deriving the command `explode-inside-rulegate` throws.
 */
vi.mock("../../runtime/operation/index.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../runtime/operation/index.ts")>();
  return {
    ...real,
    deriveOperation: (...args: Parameters<typeof real.deriveOperation>) => {
      if (args[0].input["command"] === "explode-inside-rulegate") throw new TypeError("boom from inside rulegate");
      return real.deriveOperation(...args);
    },
  };
});

const policy = join(process.cwd(), "scripts", "score", "permissive-profile.yaml");
const bash = (command: string) => JSON.stringify({ tool: "Bash", input: { command } });

describe("rules eval when rulegate fails on one line", () => {
  it("reports that line as an internal error and decides the others", async () => {
    const out = await runCli(["eval", "--policy", policy, "--format", "json", "-"], {
      stdin: async () => `${[bash("ls"), bash("explode-inside-rulegate"), bash("git status")].join("\n")}\n`,
    });
    const rows = out.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { line: number; decision?: string; ok?: boolean; error?: string });
    expect(rows.map((r) => r.decision ?? "error")).toEqual(["allow", "error", "allow"]);
    expect(rows[1]).toMatchObject({ line: 2, ok: false });
    expect(rows[1]?.error).toBe(
      "internal error, nothing decided (a hook would block this call): boom from inside rulegate",
    );
    expect(out.stderr).toBe("rules: internal error on line 2 (the other lines were decided)\n");
    expect(out.code).toBe(1);
  });
});
