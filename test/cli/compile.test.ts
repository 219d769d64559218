import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Io } from "../../cli/io.ts";
import { runCli } from "./run-cli.ts";

const run = (argv: string[], over: Partial<Io> = {}) => runCli(argv, over);

const dir = mkdtempSync(join(tmpdir(), "rulegate-cli-compile-"));
function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}
const good = file("good.yaml", 'version: 1\npermissions:\n  deny: ["bash(git push --force*)"]\n');
const bad = file("bad.yaml", "version: 1\nsettings:\n  default: allwo\n  fail: maybe\nsetings: {}\n");
const warn = file("warn.yaml", 'version: 1\npermissions:\n  ask: ["bash(*)"]\n');

const examples = file(
  "examples.yaml",
  [
    "version: 1",
    "rules:",
    "  - id: no-write-after-web",
    "    after: seen(op.type == read_external)",
    "    match: op.type in [write_local, write_external]",
    "    mode: approve",
    "    examples:",
    '      hit: ["bash(curl https://x.example/a.sh -o a.sh)", "read(./README.md)"]',
    '      miss: ["bash(git status)", "bash(echo x > out.txt)"]',
    "",
  ].join("\n"),
);

describe("rules compile checks rule examples against the runtime", () => {
  it("reports each example the rule disagrees with at the example's position", async () => {
    const r = await run(["compile", "--check", examples]);
    expect(r.code).toBe(3);
    const lines = r.stderr.split("\n").filter((l) => l.includes("RG6001"));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(`${examples}:8:`);
    expect(lines[0]).toContain("'read(./README.md)' as a hit example, but its match does not hold");
    expect(lines[1]).toContain(`${examples}:9:`);
    expect(lines[1]).toContain("'bash(echo x > out.txt)' as a miss example, but its match holds");
  });

  it("passes examples that agree", async () => {
    const ok = file(
      "examples-ok.yaml",
      readFileSync(examples, "utf8").replace(', "read(./README.md)"', "").replace(', "bash(echo x > out.txt)"', ""),
    );
    expect(await run(["compile", "--check", ok])).toEqual({ code: 0, stdout: "", stderr: "" });
  });
});

describe("rules compile", () => {
  it("is silent and exits 0 with --check on a valid file", async () => {
    expect(await run(["compile", "--check", good])).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("prints the IR on stdout without --check", async () => {
    const r = await run(["compile", good]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ version: 1, permissions: { deny: [{ tool: "bash" }] } });
  });

  it("writes the IR with --out", async () => {
    const out = join(dir, "ir.json");
    const r = await run(["compile", good, "--out", out]);
    expect([r.code, r.stdout]).toEqual([0, ""]);
    expect(JSON.parse(readFileSync(out, "utf8")).hash).toMatch(/^sha256:/);
  });

  it("exits 3 and prints file:line:col diagnostics with hints on stderr", async () => {
    const r = await run(["compile", "--check", bad]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(
      `${bad}:3:12: error RG2006: 'allwo' is not a valid decision\n  hint: did you mean 'allow'?\n`,
    );
    expect(r.stderr).toContain(
      `${bad}:5:1: error RG2002: unknown key 'setings' in the file\n  hint: did you mean 'settings'?\n`,
    );
  });

  it("prints one JSON document with --format json", async () => {
    const r = await run(["compile", "--check", "--format", "json", bad]);
    const doc = JSON.parse(r.stdout);
    expect(doc.ok).toBe(false);
    expect(doc.diagnostics[0]).toEqual({
      code: "RG2006",
      severity: "error",
      message: "'allwo' is not a valid decision",
      file: bad,
      line: 3,
      column: 12,
      endLine: 3,
      endColumn: 17,
      hint: "did you mean 'allow'?",
    });
    const ok = JSON.parse((await run(["compile", "--check", "--format", "json", good])).stdout);
    expect(ok).toEqual({ ok: true, diagnostics: [], hash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) });
  });

  it("prints GitHub annotations with --format github", async () => {
    const r = await run(["compile", "--check", "--format", "github", bad]);
    expect(r.stderr.split("\n")[0]).toBe(
      `::error file=${bad},line=3,col=12,endLine=3,endColumn=17::RG2006 'allwo' is not a valid decision%0Adid you mean 'allow'?`,
    );
  });

  it("keeps warnings from failing, unless --strict", async () => {
    expect((await run(["compile", "--check", warn])).code).toBe(0);
    const strict = await run(["compile", "--check", "--strict", warn]);
    expect(strict.code).toBe(3);
    expect(strict.stderr).toContain("error RG5008");
  });

  it("shows at most --max-errors diagnostics", async () => {
    const r = await run(["compile", "--check", "--max-errors", "1", bad]);
    expect(r.stderr.match(/ error RG/g)).toHaveLength(1);
    expect(r.stderr).toContain("2 more diagnostic(s) not shown");
  });

  it("compiles several files independently", async () => {
    const r = await run(["compile", "--check", good, bad]);
    expect(r.code).toBe(3);
    expect(r.stderr).not.toContain(good);
  });

  it.each([
    [["compile", join(dir, "missing.yaml")], "no such file"],
    [["compile", "--format", "xml", good], "--format must be one of"],
    [["compile", "--max-errors", "0", good], "--max-errors"],
  ])("treats %j as a usage error (exit 1)", async (argv, message) => {
    const r = await run(argv);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(message);
    expect(existsSync(join(dir, "missing.yaml"))).toBe(false);
  });

  it("colours only when the Io says so", async () => {
    expect((await run(["compile", "--check", bad], { color: true })).stderr).toContain("\u001b[31merror");
    expect((await run(["compile", "--check", bad])).stderr).not.toContain("\u001b[");
  });

  it("compiles the config sources when no file is given", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "rulegate-cli-cwd-"));
    const r = await run(["compile", "--check", "--format", "json"], {
      cwd,
      env: { HOME: cwd, RULEGATE_RULES_JSON: '{"permissions":{"deny":["bash(rm *)"]}}' },
    });
    expect(JSON.parse(r.stdout).ok).toBe(true);
    const broken = await run(["compile", "--check"], {
      cwd,
      env: { HOME: cwd, RULEGATE_RULES_JSON: '{"permisions":{}}' },
    });
    expect(broken.stderr).toContain("RULEGATE_RULES_JSON:1:2: error RG2002");
  });
});
