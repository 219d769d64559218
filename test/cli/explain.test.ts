import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TraceStep } from "../../runtime/stages/index.ts";
import { runCli } from "./run-cli.ts";

/** `rules explain`: why each rule did not fire, and a session history (`--session`, rules eval input lines). */
let dir: string;
const guard = join(process.cwd(), "rules", "examples", "guard.yaml");
const carapace = join(process.cwd(), "rules", "examples", "carapace.yaml");
const write = (session?: string) =>
  JSON.stringify({
    ...(session !== undefined ? { session } : {}),
    tool: "Write",
    input: { file_path: "/tmp/project/app.ts", content: "x" },
  });
const read = JSON.stringify({ tool: "Read", input: { file_path: "/tmp/project/app.ts" } });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "rg-explain-"));
  writeFileSync(
    join(dir, "web.jsonl"),
    `${JSON.stringify({ session: "s", tool: "WebFetch", input: { url: "https://docs.example.com/a", prompt: "x" } })}\n`,
  );
  writeFileSync(join(dir, "disable.jsonl"), `${JSON.stringify({ session: "s", command: "/disable shell-write" })}\n`);
  writeFileSync(join(dir, "bad.jsonl"), `${JSON.stringify({ session: "s", tol: "Read" })}\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const explain = (argv: readonly string[]) => runCli(["explain", ...argv], { cwd: dir, env: { HOME: dir } });
const notFired = (text: string) => text.slice(text.indexOf("rules that did not fire:"));

describe("rules explain says why a rule did not fire", () => {
  it("a history rule whose after has not held: inactive, and which seen() is missing", async () => {
    const out = await explain(["--policy", guard, "--call", write()]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/decision: ALLOW at default/);
    expect(notFired(out.stdout)).toContain(
      "rule no-write-after-web: inactive: after seen(op.type == read_external) has not held yet (not yet seen: op.type == read_external)",
    );
  });

  it("the same rule after a session history in which the agent read the web: it fires", async () => {
    const out = await explain(["--policy", guard, "--session", join(dir, "web.jsonl"), "--call", write()]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^session s, after the 1 line\(s\) of /m);
    expect(out.stdout).toMatch(/decision: ASK at rules \[no-write-after-web\]/);
    expect(out.stdout).not.toContain("rule no-write-after-web: inactive");
  });

  it("an active rule whose match is false: the term that failed, with the value it saw", async () => {
    const out = await explain(["--policy", guard, "--session", join(dir, "web.jsonl"), "--call", read]);
    expect(notFired(out.stdout)).toContain(
      'rule no-write-after-web: match is false for this call at op.type in [write_local, write_external, write_sensitive] (op.type is "read_local")',
    );
  });

  it("a rule disabled earlier in the session", async () => {
    const bash = JSON.stringify({ tool: "Bash", input: { command: "touch /tmp/project/a" } });
    const out = await explain(["--policy", carapace, "--session", join(dir, "disable.jsonl"), "--call", bash]);
    expect(notFired(out.stdout)).toContain(
      "rule shell-write: disabled in this session (/enable shell-write turns it back on)",
    );
  });

  it("a plain-English rule ruled out by its match: no model question was needed", async () => {
    const out = await explain(["--policy", carapace, "--call", write()]);
    expect(out.stdout).toMatch(
      /rule no-exfil-after-sensitive: match is false for this call at op.type == write_external \(op.type is "write_local"\); no model question was needed/,
    );
  });

  it("a call decided before the rules: the rules that would apply were not reached", async () => {
    const out = await explain([
      "--policy",
      carapace,
      "--call",
      JSON.stringify({ tool: "Bash", input: { command: "rm -rf /" } }),
    ]);
    expect(out.stdout).toMatch(/decision: DENY at hard_deny/);
    expect(notFired(out.stdout)).toContain(
      "rule shell-write: not reached: the call was decided at hard_deny before the rules",
    );
  });

  it("keeps --format json: the reasons are skip steps of the trace", async () => {
    const out = await explain(["--policy", guard, "--call", write(), "--format", "json"]);
    const doc = JSON.parse(out.stdout) as { decision: { decision: string }; trace: TraceStep[] };
    expect(doc.decision.decision).toBe("allow");
    expect(doc.trace).toContainEqual(
      expect.objectContaining({
        stage: "rules",
        outcome: "skip",
        rules: ["no-write-after-web"],
        detail: expect.stringMatching(/inactive/),
      }),
    );
  });
});

describe("rules explain --session", () => {
  it("refuses an event log, saying what it takes", async () => {
    const log = join(dir, "events.jsonl");
    const logged = await runCli(["eval", "--policy", guard, "--log", log, "--call", read], {
      cwd: dir,
      env: { HOME: dir },
    });
    expect(logged.code).toBe(0);
    const out = await explain(["--policy", guard, "--session", log, "--call", write()]);
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/^rules: \S+events\.jsonl is an event log; --session takes rules eval input lines/);
  });

  it("refuses a history with a bad line, naming it", async () => {
    const out = await explain(["--policy", guard, "--session", join(dir, "bad.jsonl"), "--call", write()]);
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/^rules: \S+bad\.jsonl line 1: unknown key 'tol', did you mean 'tool'\?/);
  });

  it("a missing history file is said in words", async () => {
    const out = await explain(["--policy", guard, "--session", join(dir, "missing.jsonl"), "--call", write()]);
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/^rules: cannot open \S+missing\.jsonl: no such file or directory/);
  });
});
