import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureHookBundle, ROOT, RULES_BIN } from "./bundle.ts";

/**
 * The shipped hook failing inside (its $RULEGATE_HOME is a file, so nothing can be opened): Claude Code feeds
 * exit 2's stderr to the model, so it is one line with a stable code and no stack (docs/adr/0128).
 */
let dir: string;

beforeAll(async () => {
  await ensureHookBundle();
  dir = mkdtempSync(join(tmpdir(), "rg-hook-internal-"));
  mkdirSync(join(dir, "project"));
  writeFileSync(join(dir, "not-a-dir"), "x");
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("an internal failure of the shipped hook", { timeout: 120_000 }, () => {
  it("blocks the call with one line to the agent and no stack", () => {
    const fixture = JSON.parse(
      readFileSync(join(ROOT, "test", "fixtures", "hooks", "pre-tool-use-bash.json"), "utf8"),
    ) as Record<string, unknown>;
    const project = join(dir, "project");
    const out = spawnSync(process.execPath, [RULES_BIN, "hook", "claude-code"], {
      cwd: project,
      input: JSON.stringify({ ...fixture, cwd: project }),
      encoding: "utf8",
      env: {
        PATH: process.env["PATH"] ?? "",
        HOME: dir,
        RULEGATE_HOME: join(dir, "not-a-dir"),
        CLAUDE_PROJECT_DIR: project,
      },
    });
    expect(out.status).toBe(2);
    expect(out.stdout).toBe("");
    expect(out.stderr).toBe(
      "rulegate: internal error (hook-internal-error), blocking the call; rulegate could not write its session log either (check $RULEGATE_HOME)\n",
    );
  });
});
