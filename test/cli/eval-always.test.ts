import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileSources } from "../../compiler/index.ts";
import { runCli } from "./run-cli.ts";

/**
 * Issue 16 §4: `reply: "always"` in `rules eval` approves the call and stores the offered pattern in the
 * user's own `.rulegate/rules.local.yaml`, with a comment of when and why; the rules are compiled again and the
 * change is recorded as policy_changed. The agent itself can never write that file.
 */
const RULES = 'version: 1\nsettings: { default: allow }\npermissions:\n  ask: ["bash(npm run *)"]\n';

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "rulegate-always-"));
  writeFileSync(join(dir, "rules.yaml"), RULES);
  return dir;
}

async function evalIn(dir: string, lines: readonly object[], args: readonly string[] = []) {
  const text = lines.map((l) => JSON.stringify({ cwd: dir, ...l })).join("\n");
  const r = await runCli(["eval", "--policy", join(dir, "rules.yaml"), ...args, "-"], {
    cwd: dir,
    env: { HOME: join(dir, "home") },
    stdin: async () => `${text}\n`,
  });
  const out = r.stdout
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { decision: string; reason: string; always?: { pattern: string; error?: string } });
  return { ...r, out };
}

const bash = (command: string, reply?: string) => ({ tool: "Bash", input: { command }, ...(reply ? { reply } : {}) });

describe('rules eval reply "always"', () => {
  it("stores the narrowest pattern with a comment, and later calls like it pass their prompt", async () => {
    const dir = project();
    const r = await evalIn(
      dir,
      [
        bash("npm run test:unit -- --watch=false", "always"),
        bash("npm run test:unit -- --coverage"),
        bash("npm run build"),
      ],
      ["--log", join(dir, "log.jsonl")],
    );
    expect(r.out.map((o) => o.decision)).toEqual(["allow", "allow", "ask"]);
    expect(r.out[0]?.always).toEqual({ pattern: "bash(npm run test:unit *)" });
    expect(r.out[1]?.reason).toContain("approved always by bash(npm run test:unit *)");
    const local = readFileSync(join(dir, ".rulegate", "rules.local.yaml"), "utf8");
    expect(local).toMatch(
      /# \d{4}-\d\d-\d\dT[\d:.]+Z: you answered "always" for Bash "npm run test:unit -- --watch=false" \(asked by bash\(npm run \*\)\)\n {4}- "bash\(npm run test:unit \*\)"/,
    );
    // The compiler checks the file: it compiles as the user's local layer.
    expect(compileSources({ local: join(dir, ".rulegate", "rules.local.yaml") }).diagnostics).toEqual([]);
    const log = readFileSync(join(dir, "log.jsonl"), "utf8");
    expect(log).toContain('"type":"policy_changed"');
    expect(log).toContain('"learned":"bash(npm run test:unit *)"');
    // The log verifies alone: every decision under the rules it says were in force.
    const verify = await runCli(["replay", join(dir, "log.jsonl")], { cwd: dir, env: { HOME: join(dir, "home") } });
    expect(verify.code, verify.stdout + verify.stderr).toBe(0);
  });

  it("adds to a local file the user wrote, keeping what is there", async () => {
    const dir = project();
    mkdirSync(join(dir, ".rulegate"));
    writeFileSync(
      join(dir, ".rulegate", "rules.local.yaml"),
      '# mine\nversion: 1\npermissions:\n  allow: ["bash(make)"]\n',
    );
    await evalIn(dir, [bash("npm run lint", "always")]);
    const local = readFileSync(join(dir, ".rulegate", "rules.local.yaml"), "utf8");
    expect(local).toContain("# mine");
    expect(local).toContain('"bash(make)"');
    expect(local).toContain('- "bash(npm run lint *)"');
  });

  it("approves the one call when the local file cannot take the pattern, and says why", async () => {
    const dir = project();
    mkdirSync(join(dir, ".rulegate"));
    writeFileSync(join(dir, ".rulegate", "rules.local.yaml"), "- not a mapping\n");
    const r = await evalIn(dir, [bash("npm run lint", "always"), bash("npm run lint -- --fix")]);
    expect(r.out.map((o) => o.decision)).toEqual(["allow", "ask"]);
    expect(r.out[0]?.always?.error).toContain("is not a rules mapping");
    expect(readFileSync(join(dir, ".rulegate", "rules.local.yaml"), "utf8")).toBe("- not a mapping\n");
  });

  it("is refused in a project file: only the user approves for good", async () => {
    const dir = project();
    mkdirSync(join(dir, ".rulegate"));
    writeFileSync(join(dir, ".rulegate", "rules.yaml"), 'version: 1\npermissions:\n  approve: ["bash(npm run *)"]\n');
    const r = await runCli(["compile"], { cwd: dir, env: { HOME: join(dir, "home") } });
    expect(r.stderr).toContain("RG3004");
    expect(r.stderr).toContain("add the approve pattern 'bash(npm run *)'");
  });

  it.each([
    ["the Write tool", { tool: "Write", input: { file_path: ".rulegate/rules.local.yaml", content: "version: 1\n" } }],
    ["a shell redirect", bash("printf 'permissions:\\n  approve: [\"Bash\"]\\n' >> .rulegate/rules.local.yaml")],
    ["a copy", bash("cp /tmp/mine.yaml .rulegate/rules.local.yaml")],
  ])("an agent can never write the local rules file: %s is a hard deny", async (_, call) => {
    const dir = project();
    const r = await evalIn(dir, [{ ...call, reply: "always" }]);
    expect(r.out[0]).toMatchObject({ decision: "deny", stage: "hard_deny", check: "rulegate-config-edit" });
    expect(existsSync(join(dir, ".rulegate", "rules.local.yaml"))).toBe(false);
  });
});
