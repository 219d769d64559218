import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./run-cli.ts";

const policy = join(process.cwd(), "scripts", "score", "permissive-profile.yaml");
const call = (command: string) => JSON.stringify({ tool: "Bash", input: { command }, cwd: "/home/dev/project/sub" });
const env = { HOME: "/home/dev" };

describe("rules eval --root", () => {
  it("anchors the workspace at the given session root instead of the directory rules eval runs in", async () => {
    const rooted = await runCli(
      ["eval", "--policy", policy, "--format", "json", "--root", "/home/dev/project", "--call", call("rm -rf ../src")],
      { env },
    );
    expect(JSON.parse(rooted.stdout)).toMatchObject({ stage: "levels" });
    const unrooted = await runCli(["eval", "--policy", policy, "--format", "json", "--call", call("rm -rf ../src")], {
      env,
      cwd: "/srv/elsewhere",
    });
    expect(JSON.parse(unrooted.stdout)).toMatchObject({
      decision: "deny",
      stage: "hard_deny",
      check: "destructive-outside-workspace",
    });
  });

  it("resolves a relative root against the current directory", async () => {
    const out = await runCli(
      ["eval", "--policy", policy, "--format", "json", "--root", "project", "--call", call("rm -rf ../src")],
      { env, cwd: "/home/dev" },
    );
    expect(JSON.parse(out.stdout)).toMatchObject({ stage: "levels" });
  });
});
