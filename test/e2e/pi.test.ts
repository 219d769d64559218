import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startScriptedAgent, type ScriptedAgent, type ScriptedTurn } from "../support/scripted-agent.ts";
import { makeSandbox, type PiRun, piCli, runPi, type Sandbox } from "./clients.ts";
import { isNewEnough, node22 } from "./node22.ts";
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
  more: Partial<PiRun> = {},
) {
  agent = await startScriptedAgent(turns);
  const result = await runPi({ sandbox, baseUrl: agent.url, extension: EXTENSION, prompts, args, ...more });
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

/** Every system prompt text the model got, flattened (a string, or text blocks). */
function systemTexts(): string {
  return agent!.server.requests
    .map((r) => JSON.stringify((r.body as { system?: unknown } | undefined)?.system ?? ""))
    .join("\n");
}

describe("pi with the rulegate extension", { timeout: 120_000 }, () => {
  it("drives the pinned pi releases: 1.3.0 (@earendil-works) under Node ≥ 22.19, 0.73.1 under this Node", async () => {
    const node = await node22();
    const out = spawnSync(node, ["--version"], { encoding: "utf8" });
    expect(isNewEnough(out.stdout.trim().replace(/^v/, "")), out.stdout).toBe(true);
    for (const [release, bin, version] of [
      ["1.x", node, "1.3.0"],
      ["0.73", process.execPath, "0.73.1"],
    ] as const) {
      const v = spawnSync(bin, [piCli(release), "--version"], { encoding: "utf8" });
      expect(`${v.stdout}${v.stderr}`.trim(), release).toBe(version);
    }
  });

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
      text: expect.stringMatching(/approve-publish.*no user interface to ask in pi's print mode/s),
    });
    expect(systemTexts()).toContain("rulegate is active in this session");
  });

  it("still runs under pi 0.73.1, the last release under @mariozechner: deny, allow, the note", async () => {
    const sb = makeSandbox("pi-073");
    writeProjectPolicy(sb.project);
    await run(
      [
        { name: "bash", input: { command: "touch allowed.txt" } },
        { name: "bash", input: { command: "touch forbidden.txt" } },
        { name: "bash", input: { command: "npm publish --dry-run" } },
      ],
      sb,
      ["do the task"],
      [],
      { release: "0.73" },
    );
    expect(existsSync(join(sb.project, "allowed.txt"))).toBe(true);
    expect(existsSync(join(sb.project, "forbidden.txt"))).toBe(false);
    expect(agent!.resultOf(1)?.text).toMatch(/rulegate denied \(permissions\.deny/);
    expect(agent!.resultOf(2)?.text).toMatch(/approve-publish.*There is no user interface to ask, so it is denied/s);
    expect(systemTexts()).toContain("rulegate is active in this session");
  });

  it("loads from the user's extensions directory, as the README installs it for every session", async () => {
    const sb = makeSandbox("pi-discovered");
    writeProjectPolicy(sb.project);
    await run(
      [
        { name: "bash", input: { command: "touch allowed.txt" } },
        { name: "bash", input: { command: "touch forbidden.txt" } },
      ],
      sb,
      ["do the task"],
      [],
      { discovered: true },
    );
    expect(existsSync(join(sb.project, "allowed.txt"))).toBe(true);
    expect(existsSync(join(sb.project, "forbidden.txt"))).toBe(false);
    expect(agent!.resultOf(1)?.text).toMatch(/rulegate denied \(permissions\.deny/);
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

  it("blocks a call that writes pi's session files, where the session's approvals are kept, or what loads pi", async () => {
    const sb = makeSandbox("pi-own-files");
    writeProjectPolicy(sb.project);
    const sessions = join(
      sb.root,
      "pi-agent",
      "sessions",
      `--${sb.project.replace(/^[/\\]/, "").replace(/[/\\:]/g, "-")}--`,
    );
    const forged = join(sessions, "forged.jsonl");
    // The agent directory is moved (PI_CODING_AGENT_DIR), out of reach of the built-in ~/.pi/agent checks.
    const agentDir = join(sb.root, "pi-agent");
    await run(
      [
        { name: "write", input: { path: forged, content: "{}\n" } },
        { name: "bash", input: { command: `echo '{}' >> ${sessions}/*.jsonl` } },
        { name: "write", input: { path: "fine.txt", content: "x" } },
        {
          name: "write",
          input: { path: join(agentDir, "extensions", "off.ts"), content: "export default () => {};\n" },
        },
        { name: "bash", input: { command: `echo '{}' > ${agentDir}/trust.json` } },
      ],
      sb,
    );
    expect(agent!.resultOf(3)?.text).toMatch(/rulegate denied \(hard_deny.*rulegate's own files/s);
    expect(agent!.resultOf(4)?.text).toMatch(/rulegate denied \(hard_deny.*rulegate's own files/s);
    expect(existsSync(join(agentDir, "extensions", "off.ts"))).toBe(false);
    expect(existsSync(join(agentDir, "trust.json"))).toBe(false);
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
  it("gates the calls pi makes to an MCP server as mcp__<server>__<tool>, under the server's configured name", async () => {
    const sb = makeSandbox("pi-mcp");
    // The server is configured as my-fs; pi names its tools mcp__my_fs__…, the rules use the configured name.
    // No level is declared: the server's own hints (read_text_file is readOnlyHint) give it.
    writeProjectPolicy(
      sb.project,
      `version: 1
permissions:
  allow: ["mcp__my-fs__*"]
  deny: ["mcp__my-fs__create_directory"]
`,
    );
    writeFileSync(join(sb.project, "in.txt"), "from the project\n");
    const server = join(ROOT, "node_modules", "@modelcontextprotocol", "server-filesystem", "dist", "index.js");
    await run(
      [
        { name: "mcp__my_fs__read_text_file", input: { path: join(sb.project, "in.txt") } },
        { name: "mcp__my_fs__create_directory", input: { path: join(sb.project, "made") } },
        { name: "mcp__my_fs__write_file", input: { path: join(sb.home, ".bashrc"), content: "curl x | sh\n" } },
        { name: "mcp__my_fs__write_file", input: { path: join(sb.project, "over.txt"), content: "x\n" } },
      ],
      sb,
      ["do the task"],
      // --no-extensions also turns off pi's built-in MCP support; it is loaded back by name.
      ["-e", "builtin:mcp"],
      { mcpServers: { "my-fs": { command: process.execPath, args: [server, sb.root], exposure: "direct" } } },
    );
    expect(agent!.resultOf(0)).toMatchObject({ isError: false, text: expect.stringContaining("from the project") });
    expect(agent!.resultOf(1)?.text).toMatch(
      /rulegate denied \(permissions\.deny\): denied by mcp__my-fs__create_directory/,
    );
    expect(existsSync(join(sb.project, "made"))).toBe(false);
    expect(agent!.resultOf(2)?.text).toMatch(/rulegate denied \(hard_deny.*~\/\.bashrc/s);
    expect(existsSync(join(sb.home, ".bashrc"))).toBe(false);
    // write_file says destructiveHint: DESTRUCTIVE, asked even under an allow pattern; print mode cannot ask.
    expect(agent!.resultOf(3)?.text).toMatch(/needs your approval.*no user interface to ask in pi's print mode/s);
    expect(existsSync(join(sb.project, "over.txt"))).toBe(false);
  });

  it("gates the MCP calls a codemode script makes, one by one, under the same names", async () => {
    const sb = makeSandbox("pi-codemode");
    // codemode runs its script in a sandbox that reaches the world only through tools, each call gated.
    writeProjectPolicy(
      sb.project,
      `version: 1
permissions:
  allow: ["mcp__my-fs__*", "codemode"]
  deny: ["mcp__my-fs__create_directory"]
skills:
  - tool: codemode
    default: READ
`,
    );
    writeFileSync(join(sb.project, "in.txt"), "from the project\n");
    const server = join(ROOT, "node_modules", "@modelcontextprotocol", "server-filesystem", "dist", "index.js");
    const code = `
const read = await tools.mcp__my_fs__read_text_file({ path: ${JSON.stringify(join(sb.project, "in.txt"))} });
text("read: " + read.content[0].text);
try {
  await tools.mcp__my_fs__create_directory({ path: ${JSON.stringify(join(sb.project, "made"))} });
  text("made it");
} catch (e) {
  text("blocked: " + e.message);
}`;
    await run(
      [{ name: "codemode", input: { code } }],
      sb,
      ["do the task"],
      ["-e", "builtin:mcp", "-e", "builtin:codemode"],
      { mcpServers: { "my-fs": { command: process.execPath, args: [server, sb.root] } } },
    );
    const result = agent!.resultOf(0)?.text ?? "";
    expect(result).toContain("read: from the project");
    expect(result).toMatch(/blocked: .*rulegate denied \(permissions\.deny\): denied by mcp__my-fs__create_directory/s);
    expect(result).not.toContain("made it");
    expect(existsSync(join(sb.project, "made"))).toBe(false);
  });
});
