import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startScriptedAgent, type ScriptedAgent, type ScriptedTurn } from "../support/scripted-agent.ts";
import { makeSandbox, runPi, type Sandbox } from "./clients.ts";
import { PERMISSIVE_POLICY, writeProjectPolicy } from "./policy.ts";
import { ROOT } from "./bundle.ts";

/**
 * The real pi CLI in print mode (-p, no UI) with the rulegate extension loaded by pi's own extension loader
 * (`-e`, the file the package export `rulegate/pi` points at), against a scripted model configured through
 * models.json. Print mode has no UI, so a gate is a denial.
 */
const EXTENSION = join(ROOT, "adapters", "pi", "index.ts");
let agent: ScriptedAgent | null = null;

afterEach(async () => {
  await agent?.close();
  agent = null;
});

async function run(
  turns: readonly ScriptedTurn[],
  sandbox: Sandbox,
  prompts: readonly string[] = ["do the task"],
  args: readonly string[] = [],
) {
  agent = await startScriptedAgent(turns);
  const result = await runPi({ sandbox, baseUrl: agent.url, extension: EXTENSION, prompts, args });
  // A client that cannot start fails the test with its own words, never a skip.
  expect(result.code, `pi exited ${result.code}: ${result.stderr}\n${result.stdout}`).toBe(0);
  return result;
}

async function loopbackUrl(): Promise<string> {
  const probe = await startScriptedAgent([]);
  const url = `${probe.url}/health`;
  await probe.close();
  return url;
}

describe("pi with the rulegate extension", { timeout: 120_000 }, () => {
  it("runs what the policy allows and blocks what it denies", async () => {
    const sb = makeSandbox("pi-basic");
    writeProjectPolicy(sb.project);
    await run(
      [
        { name: "bash", input: { command: "touch allowed.txt" } },
        { name: "bash", input: { command: "touch forbidden.txt" } },
        { name: "bash", input: { command: "echo pwned >> ~/.bashrc" } },
        { name: "write", input: { path: "written.txt", content: "hello\n" } },
        { name: "bash", input: { command: "npm publish --dry-run" } },
      ],
      sb,
    );
    expect(existsSync(join(sb.project, "allowed.txt"))).toBe(true);
    expect(existsSync(join(sb.project, "written.txt"))).toBe(true);
    expect(existsSync(join(sb.project, "forbidden.txt"))).toBe(false);
    expect(existsSync(join(sb.home, ".bashrc"))).toBe(false);
    expect(agent!.resultOf(1)).toMatchObject({
      isError: true,
      text: expect.stringMatching(/rulegate denied \(permissions\.deny/),
    });
    expect(agent!.resultOf(2)).toMatchObject({
      isError: true,
      text: expect.stringMatching(/rulegate denied \(hard_deny/),
    });
    // No UI in print mode: the approve gate cannot be answered, so the call is denied.
    expect(agent!.resultOf(4)).toMatchObject({
      isError: true,
      text: expect.stringMatching(/approve-publish.*no user interface/s),
    });
  });

  it("denies a recursive delete in the home directory under default: allow and bash(*), and the folder survives", async () => {
    const sb = makeSandbox("pi-outside");
    writeProjectPolicy(sb.project, PERMISSIVE_POLICY);
    mkdirSync(join(sb.home, "notes"), { recursive: true });
    writeFileSync(join(sb.home, "notes", "keep.txt"), "x\n");
    await run(
      [
        { name: "bash", input: { command: "rm -rf ~/notes" } },
        { name: "bash", input: { command: "touch made.txt" } },
      ],
      sb,
    );
    expect(existsSync(join(sb.home, "notes", "keep.txt"))).toBe(true);
    expect(existsSync(join(sb.project, "made.txt"))).toBe(true);
    expect(agent!.resultOf(0)).toMatchObject({
      isError: true,
      text: expect.stringMatching(
        /rulegate denied \(hard_deny.*recursive delete of ~\/notes \(outside the workspace\)/s,
      ),
    });
    expect(agent!.resultOf(1)?.isError).not.toBe(true);
  });

  it("gates writes only after a web read that ran", async () => {
    const sb = makeSandbox("pi-history");
    writeProjectPolicy(sb.project);
    const url = await loopbackUrl();
    await run(
      [
        { name: "bash", input: { command: "touch before.txt" } },
        { name: "bash", input: { command: `curl -s ${url}` } },
        { name: "bash", input: { command: "touch after.txt" } },
        { name: "write", input: { path: "after-write.txt", content: "x" } },
      ],
      sb,
    );
    expect(existsSync(join(sb.project, "before.txt"))).toBe(true);
    expect(existsSync(join(sb.project, "after.txt"))).toBe(false);
    expect(existsSync(join(sb.project, "after-write.txt"))).toBe(false);
    expect(agent!.resultOf(2)?.text).toContain("/disable no-write-after-web");
  });

  it("blocks a call that writes pi's session files, where the session's approvals are kept", async () => {
    const sb = makeSandbox("pi-own-files");
    writeProjectPolicy(sb.project);
    const sessions = join(
      sb.root,
      "pi-agent",
      "sessions",
      `--${sb.project.replace(/^[/\\]/, "").replace(/[/\\:]/g, "-")}--`,
    );
    const forged = join(sessions, "forged.jsonl");
    await run(
      [
        { name: "write", input: { path: forged, content: "{}\n" } },
        { name: "bash", input: { command: `echo '{}' >> ${sessions}/*.jsonl` } },
        { name: "write", input: { path: "fine.txt", content: "x" } },
      ],
      sb,
    );
    expect(existsSync(forged)).toBe(false);
    expect(agent!.resultOf(0)).toMatchObject({
      isError: true,
      text: expect.stringMatching(/rulegate denied \(hard_deny.*rulegate's own files/s),
    });
    expect(agent!.resultOf(1)).toMatchObject({ isError: true, text: expect.stringMatching(/rulegate denied/) });
    expect(existsSync(join(sb.project, "fine.txt"))).toBe(true);
  });

  it("restores the session state from its entries when the session continues, and /disable lifts the rule", async () => {
    const sb = makeSandbox("pi-restore");
    writeProjectPolicy(sb.project);
    const url = await loopbackUrl();
    await run([{ name: "bash", input: { command: `curl -s ${url}` } }], sb);
    await agent!.close();

    // The rules change between the two processes (one more rule): the continued session records the change.
    const rules = join(sb.project, ".rulegate", "rules.local.yaml");
    writeFileSync(
      rules,
      `${readFileSync(rules, "utf8")}  - id: extra\n    match: op.command matches "never-run*"\n    mode: block\n`,
    );
    // A new pi process continuing the session: the web read is history, so the write is blocked.
    await run([{ name: "bash", input: { command: "touch blocked.txt" } }], sb, ["go on"], ["--continue"]);
    expect(existsSync(join(sb.project, "blocked.txt"))).toBe(false);
    const sessionFiles = readdirSync(join(sb.root, "pi-agent", "sessions"), {
      recursive: true,
      encoding: "utf8",
    }).filter((f) => f.endsWith(".jsonl"));
    const recorded = sessionFiles
      .flatMap((f) => readFileSync(join(sb.root, "pi-agent", "sessions", f), "utf8").split("\n"))
      .filter((l) => l.includes('"policy_changed"'));
    expect(recorded).toHaveLength(1);
    await agent!.close();

    const lifted = await run(
      [{ name: "bash", input: { command: "touch lifted.txt" } }],
      sb,
      ["/disable no-write-after-web", "go on"],
      ["--continue"],
    );
    expect(lifted.stderr).toContain("/disable no-write-after-web done");
    expect(existsSync(join(sb.project, "lifted.txt"))).toBe(true);
  });
});
