import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_ENTRY } from "../../scripts/build-hook.ts";
import { ensureHookBundle } from "./bundle.ts";

/**
 * `rules compile --check --strict` as the shipped CLI bundle (dist/cli.mjs) runs it, in its own process:
 * mistakes in a rules file are reported, never silently accepted (issue 12 §8-9).
 */
let dir: string;

beforeAll(async () => {
  await ensureHookBundle();
  dir = mkdtempSync(join(tmpdir(), "rg-compile-bundle-"));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function compileCheck(name: string, text: string): { status: number | null; stderr: string } {
  const file = join(dir, name);
  writeFileSync(file, text);
  const run = `const { main } = await import(${JSON.stringify(CLI_ENTRY)}); process.exitCode = await main(process.argv.slice(1));`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", run, "compile", "--check", "--strict", file], {
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { status: r.status, stderr: r.stderr };
}

describe("the shipped CLI bundle, compile --check --strict", () => {
  it("rejects a misspelt tool name with exit 3 and a did-you-mean", () => {
    const r = compileCheck("typo.yaml", 'version: 1\npermissions:\n  deny: ["bahs(terraform apply*)"]\n');
    expect(r.status).toBe(3);
    expect(r.stderr).toContain("typo.yaml:3:11: error RG4009: unknown tool 'bahs'");
    expect(r.stderr).toContain("did you mean 'bash'?");
  });

  it("accepts the same file with the tool spelt right", () => {
    expect(compileCheck("right.yaml", 'version: 1\npermissions:\n  deny: ["Bash(terraform apply*)"]\n')).toEqual({
      status: 0,
      stderr: "",
    });
  });
});
