import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { replayLog, verified } from "../../../runtime/replay/index.ts";
import { tempDirs } from "../log/temp.ts";
import { policyOf, recordSession, type Step } from "./record.ts";

const newDir = tempDirs();

const RULES = `version: 1
permissions:
  deny: ["bash(git push --force*)"]
  ask: ["bash(npm publish*)"]
  allow: ["bash(npm test)"]
rules:
  - id: no-write-after-web
    after: seen(op.type == read_external)
    match: op.type in [write_local, write_external, write_sensitive]
    mode: approve
`;

const STEPS: readonly Step[] = [
  { tool: "Bash", input: { command: "npm test" } },
  { tool: "Bash", input: { command: "git push --force origin main" } },
  { tool: "Bash", input: { command: "npm publish" }, reply: "approve" },
  { user: "now fetch the docs" },
  { tool: "WebFetch", input: { url: "https://example.com/a.sh", prompt: "read" }, reply: "approve" },
  { tool: "Write", input: { file_path: "/repo/a.sh", content: "echo hi" }, reply: "deny" },
  { tool: "Read", input: { file_path: "/repo/README.md" } },
];

async function recorded(): Promise<string> {
  const path = join(await newDir(), "s1.jsonl");
  await recordSession(path, policyOf(RULES), STEPS);
  return path;
}

describe("replayLog", () => {
  it("re-derives every recorded decision under the same policy", async () => {
    const path = await recorded();
    const result = await replayLog(path, { policy: policyOf(RULES) });
    expect(result.chain.ok).toBe(true);
    expect(result.calls.map((c) => [c.tool, c.recorded.decision, c.changed])).toEqual([
      ["bash", "allow", false],
      ["bash", "deny", false],
      ["bash", "allow", false],
      ["webfetch", "allow", false],
      ["write", "deny", false],
      ["read", "allow", false],
    ]);
    expect(verified(result)).toBe(true);
  });

  it("anchors the sandbox where it was anchored live, though the agent worked in a subdirectory", async () => {
    const sandboxed = policyOf('version: 1\nsettings: { default: allow }\nsandbox: { directories: ["."] }\n');
    const path = join(await newDir(), "s1.jsonl");
    // The session's project is /repo; the call runs in /repo/sub and writes /repo/notes.md, inside the sandbox.
    await recordSession(path, sandboxed, [
      { tool: "Write", input: { file_path: "/repo/notes.md", content: "x" }, cwd: "/repo/sub" },
      { tool: "Write", input: { file_path: "/elsewhere/notes.md", content: "x" }, cwd: "/repo/sub" },
    ]);
    const received = (await readFile(path, "utf8"))
      .split("\n")
      .filter((l) => l.includes('"call_received"'))
      .map((l) => JSON.parse(l) as { root?: string });
    expect(received.map((e) => e.root)).toEqual(["/repo", "/repo"]);
    const result = await replayLog(path, { policy: sandboxed });
    expect(result.calls.map((c) => [c.recorded.decision, c.recorded.stage, c.changed])).toEqual([
      ["allow", "default", false],
      ["deny", "sandbox", false],
    ]);
    expect(verified(result)).toBe(true);
  });

  it("lists what a different policy decides differently", async () => {
    const path = await recorded();
    const result = await replayLog(path, { policy: policyOf(RULES.replace(/rules:[\s\S]*$/, "")) });
    const changed = result.calls.filter((c) => c.changed);
    expect(changed.map((c) => [c.line, c.recorded.stage, c.replayed?.stage])).toEqual([[6, "rules", "default"]]);
    expect(verified(result)).toBe(false);
  });

  it("reads the decisions back without a policy and re-derives nothing", async () => {
    const result = await replayLog(await recorded(), { policy: null });
    expect(result.rederived).toBe(false);
    expect(result.calls).toHaveLength(6);
    expect(verified(result)).toBe(false);
  });

  it("does not verify a log whose recorded decision was edited and re-hashed", async () => {
    const path = await recorded();
    const text = await readFile(path, "utf8");
    const edited = text.replace(
      '"decision":"deny","execution":null,"gates":[],"line":2',
      '"decision":"allow","execution":null,"gates":[],"line":2',
    );
    expect(edited).not.toBe(text);
    await writeFile(path, edited);
    const result = await replayLog(path, { policy: policyOf(RULES) });
    expect(result.chain).toMatchObject({ ok: false, reason: "bad-hash" });
    expect(verified(result)).toBe(false);
  });
});
