import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureHookBundle, ROOT, RULES_BIN } from "../e2e/bundle.ts";
import { runCli } from "./run-cli.ts";

/** Every error of `rules` starts with `rules: `, and a failed file operation is said in words with its path. */
let dir: string;
const policy = join(ROOT, "rules", "examples", "guard.yaml");
const call = JSON.stringify({ tool: "Read", input: { file_path: "/tmp/a" } });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "rg-errors-"));
  writeFileSync(join(dir, "a-file"), "");
  mkdirSync(join(dir, "a-dir"));
  const logged = await runCli(["eval", "--policy", policy, "--log", join(dir, "log.jsonl"), "--call", call], {
    cwd: dir,
    env: { HOME: dir },
  });
  expect(logged.code).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cases: { name: string; argv: () => string[]; says: () => RegExp }[] = [
  {
    name: "a missing eval input",
    argv: () => ["eval", "--policy", policy, join(dir, "missing.jsonl")],
    says: () => /no such file or directory/,
  },
  {
    name: "an eval input that is a directory",
    argv: () => ["eval", "--policy", policy, join(dir, "a-dir")],
    says: () => /directory/,
  },
  {
    name: "compile --out into a missing directory",
    argv: () => ["compile", policy, "--out", join(dir, "missing", "ir.json")],
    says: () => /no such file or directory/,
  },
  {
    name: "replay --report into a missing directory",
    argv: () => ["replay", join(dir, "log.jsonl"), "--policy", policy, "--report", join(dir, "missing", "r.html")],
    says: () => /no such file or directory/,
  },
  {
    name: "eval --log under a plain file",
    argv: () => ["eval", "--policy", policy, "--log", join(dir, "a-file", "log.jsonl"), "--call", call],
    says: () => /a-file/,
  },
  {
    name: "a missing policy file",
    argv: () => ["eval", "--policy", join(dir, "missing.yaml"), "--call", call],
    says: () => /missing\.yaml/,
  },
  { name: "an unknown command", argv: () => ["bogus"], says: () => /unknown command 'bogus'/ },
  { name: "an unknown option", argv: () => ["eval", "--bogus"], says: () => /unknown option '--bogus'/ },
  {
    name: "explain of a line that is not a call",
    argv: () => ["explain", "--policy", policy, "--call", '{"user":"hi"}'],
    says: () => /./,
  },
];

describe("error text of the rules command", () => {
  it.each(cases)("$name: rules: prefix, in words, no error code", async ({ argv, says }) => {
    const out = await runCli(argv(), { cwd: dir, env: { HOME: dir } });
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/^rules: /);
    expect(out.stderr).toMatch(says());
    expect(out.stderr).not.toMatch(/\bE[A-Z]{3,}\b|internal error|^error:/m);
  });

  it("the hook bundle's own usage errors read the same (through bin/rules.js)", { timeout: 60_000 }, async () => {
    await ensureHookBundle();
    const out = spawnSync(process.execPath, [RULES_BIN, "hook", "claude-code", "--bogus"], {
      encoding: "utf8",
      env: { PATH: process.env["PATH"] ?? "", HOME: dir },
    });
    expect(out.status).toBe(1);
    expect(out.stderr).toMatch(/^rules: unknown option --bogus/);
  });
});
