import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sealLine } from "../../runtime/log/record.ts";
import { ensureHookBundle, ROOT, RULES_BIN } from "./bundle.ts";

/**
 * An audit must not depend on the auditor's machine: a log written by the shipped CLI or hook, copied alone
 * into a fresh directory with another HOME (whose config files would decide otherwise), verifies under the
 * rules it recorded (docs/adr/0133). Everything runs through bin/rules.js and the dist/ bundles.
 */
let root: string;

beforeAll(async () => {
  await ensureHookBundle();
  root = mkdtempSync(join(tmpdir(), "rg-replay-recorded-"));
}, 120_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

function rules(args: readonly string[], cwd: string, home: string, input?: string) {
  return spawnSync(process.execPath, [RULES_BIN, ...args], {
    cwd,
    input,
    encoding: "utf8",
    env: { PATH: process.env["PATH"] ?? "", HOME: home, RULEGATE_HOME: join(home, ".rulegate") },
  });
}

/** A directory elsewhere with config files that allow everything: the replay must not read them. */
function auditorDir(name: string): { dir: string; home: string } {
  const dir = join(root, name);
  const home = join(dir, "home");
  mkdirSync(join(dir, ".rulegate"), { recursive: true });
  mkdirSync(join(home, ".config", "rulegate"), { recursive: true });
  const permissive =
    'version: 1\nsettings: { default: allow }\npermissions:\n  allow: ["bash(*)", "read(**)", "write(**)"]\n';
  writeFileSync(join(dir, ".rulegate", "rules.local.yaml"), permissive);
  writeFileSync(join(home, ".config", "rulegate", "rules.yaml"), permissive);
  return { dir, home };
}

const lines = (path: string) => readFileSync(path, "utf8").trimEnd().split("\n");

/** The log rewritten from line `from` on with `edit` applied to each event, every hash recomputed: a chain that checks. */
function rehashed(path: string, out: string, edit: (event: Record<string, unknown>) => Record<string, unknown>): void {
  let prev: string | null = null;
  const written = lines(path).map((line, i) => {
    const { seq: _s, prev: _p, hash: _h, ...event } = JSON.parse(line) as Record<string, unknown>;
    const sealed = sealLine(edit(event), i + 1, prev);
    prev = sealed.hash;
    return sealed.line;
  });
  writeFileSync(out, `${written.join("\n")}\n`);
}

describe("rules replay of a log copied alone to another machine, as shipped", { timeout: 120_000 }, () => {
  let log: string;
  let events: number;
  const writer = () => join(root, "writer");

  beforeAll(() => {
    const dir = writer();
    const home = join(dir, "home");
    mkdirSync(join(home, ".ssh"), { recursive: true });
    writeFileSync(
      join(dir, "rules.yaml"),
      [
        "version: 1",
        "permissions:",
        '  deny: ["bash(git push --force*)"]',
        '  ask: ["bash(npm publish*)"]',
        '  allow: ["bash(git status)", "bash(touch *)", "webfetch(domain:example.com)"]',
        "rules:",
        "  - id: no-write-after-web",
        "    after: seen(op.type == read_external)",
        "    match: op.type in [write_local, write_external]",
        "    mode: block",
        "",
      ].join("\n"),
    );
    const call = (tool: string, input: object, extra: object = {}) =>
      JSON.stringify({ session: "s1", tool, input, cwd: dir, ...extra });
    const calls = [
      call("Bash", { command: "git status" }),
      call("Read", { file_path: join(home, ".ssh", "id_ed25519") }),
      call("Bash", { command: "git push --force origin main" }),
      call("Bash", { command: "npm publish" }, { reply: "approve" }),
      call("Bash", { command: "npm publish --tag next" }, { reply: "timeout" }),
      call("Bash", { command: "touch before-web.txt" }),
      call("WebFetch", { url: "https://example.com/install.sh", prompt: "read it" }),
      call("Bash", { command: "touch after-web.txt" }),
    ];
    const out = rules(
      ["eval", "--policy", join(dir, "rules.yaml"), "--log", join(dir, "log.jsonl"), "--format", "json", "-"],
      dir,
      home,
      `${calls.join("\n")}\n`,
    );
    expect([out.status, out.stderr]).toEqual([0, ""]);
    const decided = out.stdout
      .trim()
      .split("\n")
      .map((l) => (JSON.parse(l) as { decision: string }).decision);
    expect(decided).toEqual(["allow", "deny", "deny", "allow", "deny", "allow", "allow", "deny"]);
    log = join(dir, "log.jsonl");
    events = lines(log).length;
  });

  it("verifies alone under the rules it recorded, prints the head hash, and says every session ended", () => {
    const { dir, home } = auditorDir("auditor");
    copyFileSync(log, join(dir, "copy.jsonl"));
    const out = rules(["replay", "copy.jsonl", "--verify"], dir, home);
    expect([out.status, out.stderr]).toEqual([0, ""]);
    const head = (JSON.parse(lines(log).at(-1)!) as { hash: string }).hash;
    expect(out.stdout).toContain(`chain: ok (${events} lines), head ${head}`);
    expect(out.stdout).toContain("policy: the rules the log recorded (sha256:");
    expect(out.stdout).toContain(`verified ${events} events; every session in it ended`);
    expect(out.stdout).toContain("verify: ok");
  });

  it("verifies a log cut short at a line boundary as a valid prefix, and says it ends without a session end", () => {
    const { dir, home } = auditorDir("auditor-prefix");
    const kept = lines(log).slice(0, events - 5);
    writeFileSync(join(dir, "cut.jsonl"), `${kept.join("\n")}\n`);
    const out = rules(["replay", "cut.jsonl", "--verify"], dir, home);
    expect([out.status, out.stderr]).toEqual([0, ""]);
    expect(out.stdout).toContain(`verified ${kept.length} events; the log ends without a session end`);
  });

  it("never reports ok for a tampered log, whether the chain breaks or was re-hashed whole", () => {
    const { dir, home } = auditorDir("auditor-tamper");
    // The forced push recorded as allowed, every hash after it recomputed: the chain checks, the decision does not re-derive.
    rehashed(log, join(dir, "rehashed.jsonl"), (e) =>
      e["type"] === "decision" && e["stage"] === "permissions.deny" ? { ...e, decision: "allow" } : e,
    );
    const text = readFileSync(log, "utf8");
    writeFileSync(join(dir, "edited.jsonl"), text.replace('"decision":"deny"', '"decision":"allow"'));
    for (const file of ["rehashed.jsonl", "edited.jsonl"]) {
      const json = rules(["replay", file, "--format", "json"], dir, home);
      expect(JSON.parse(json.stdout) as object, file).toMatchObject({ ok: false, verified: false });
      expect(rules(["replay", file, "--verify"], dir, home).status, file).toBe(3);
    }
  });

  it("replays under --policy as a what-if, listing what those rules decide otherwise, while the log itself still verifies", () => {
    const { dir, home } = auditorDir("auditor-what-if");
    copyFileSync(log, join(dir, "copy.jsonl"));
    const out = rules(
      ["replay", "copy.jsonl", "--policy", join(dir, ".rulegate", "rules.local.yaml"), "--diff", "--format", "json"],
      dir,
      home,
    );
    const doc = JSON.parse(out.stdout) as {
      ok: boolean;
      calls: {
        subject: string;
        recorded: { decision: string };
        replayed: { decision: string } | null;
        changed: boolean;
      }[];
    };
    expect(doc.ok).toBe(true);
    // Changed: another decision, or the same one by another stage (the levels gate where a pattern asked).
    expect(doc.calls.map((c) => [c.subject, c.recorded.decision, c.replayed?.decision, c.changed])).toEqual([
      ["git push --force origin main", "deny", "ask", true],
      ["npm publish", "allow", "allow", true],
      ["npm publish --tag next", "deny", "deny", true],
      ["https://example.com/install.sh", "allow", "allow", true],
      ["touch after-web.txt", "deny", "allow", true],
    ]);
  });

  it("a hook session whose rules changed midway verifies alone, each decision under the rules then in force", () => {
    const project = join(root, "hook-project");
    const home = join(root, "hook-home");
    mkdirSync(join(project, ".rulegate"), { recursive: true });
    mkdirSync(home, { recursive: true });
    const local = join(project, ".rulegate", "rules.local.yaml");
    const fixture = JSON.parse(
      readFileSync(join(ROOT, "test", "fixtures", "hooks", "pre-tool-use-bash.json"), "utf8"),
    ) as Record<string, unknown>;
    const pre = (command: string, id: string) => {
      const body = { ...fixture, session_id: "s-changed", cwd: project, tool_input: { command }, tool_use_id: id };
      const out = spawnSync(process.execPath, [RULES_BIN, "hook", "claude-code"], {
        cwd: project,
        input: JSON.stringify(body),
        encoding: "utf8",
        env: {
          PATH: process.env["PATH"] ?? "",
          HOME: home,
          RULEGATE_HOME: join(home, ".rulegate"),
          CLAUDE_PROJECT_DIR: project,
        },
      });
      expect(out.status, out.stderr).toBe(0);
      return (JSON.parse(out.stdout) as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput
        .permissionDecision;
    };
    writeFileSync(local, 'version: 1\npermissions:\n  allow: ["bash(touch *)"]\n');
    expect(pre("touch one.txt", "toolu_a")).toBe("allow");
    writeFileSync(local, 'version: 1\npermissions:\n  deny: ["bash(touch *)"]\n');
    expect(pre("touch two.txt", "toolu_b")).toBe("deny");

    const { dir, home: auditorHome } = auditorDir("auditor-hook");
    copyFileSync(join(home, ".rulegate", "sessions", "s-changed.jsonl"), join(dir, "session.jsonl"));
    const out = rules(["replay", "session.jsonl", "--verify", "--format", "json"], dir, auditorHome);
    const doc = JSON.parse(out.stdout) as {
      ok: boolean;
      policy: { changes: unknown[]; missing: unknown[] };
      calls: { recorded: { decision: string }; changed: boolean }[];
    };
    expect(doc.policy.changes).toHaveLength(1);
    expect(doc.policy.missing).toEqual([]);
    expect(doc.calls.map((c) => [c.recorded.decision, c.changed])).toEqual([
      ["allow", false],
      ["deny", false],
    ]);
    expect([out.status, doc.ok]).toEqual([0, true]);
  });
});
