import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./run-cli.ts";

const run = (argv: string[]) => runCli(argv, { env: { HOME: "/home/u" }, cwd: "/repo" });

const dir = mkdtempSync(join(tmpdir(), "rulegate-eval-log-"));
const policy = join(dir, "rules.yaml");
writeFileSync(policy, 'version: 1\nsettings: { default: allow }\npermissions:\n  deny: ["bash(git push --force*)"]\n');
const input = join(dir, "in.jsonl");
writeFileSync(
  input,
  [
    '{"session":"s1","tool":"Bash","input":{"command":"git status"}}',
    '{"session":"s1","tool":"Bash","input":{"command":"git push -f"}}',
  ].join("\n"),
);

describe("rules eval --log", () => {
  it("opens each session with the policy it ran under, so replay can name it", async () => {
    const log = join(dir, "a.jsonl");
    expect((await run(["eval", "--policy", policy, "--log", log, input])).code).toBe(0);
    const first = JSON.parse(readFileSync(log, "utf8").split("\n")[0]!) as {
      type: string;
      session: string;
      policyHash: string;
    };
    expect([first.type, first.session]).toEqual(["session_started", "s1"]);
    const replay = await run(["replay", log, "--policy", policy, "--verify"]);
    expect(replay.code).toBe(0);
  });

  it("refuses to continue a session the log already holds, instead of forking its history", async () => {
    const log = join(dir, "b.jsonl");
    await run(["eval", "--policy", policy, "--log", log, input]);
    const again = await run(["eval", "--policy", policy, "--log", log, input]);
    const lines = again.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { ok?: boolean; error?: string });
    expect(lines.map((l) => l.ok)).toEqual([false, false]);
    expect(lines[0]?.error).toContain("already holds session 's1'");
    expect((await run(["replay", log, "--policy", policy, "--verify"])).code).toBe(0);
  });
});
