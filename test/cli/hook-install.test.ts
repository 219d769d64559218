import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./run-cli.ts";

function dirs(): { cwd: string; home: string } {
  const base = mkdtempSync(join(tmpdir(), "rg-cli-install-"));
  const cwd = join(base, "project");
  const home = join(base, "home");
  mkdirSync(cwd);
  mkdirSync(home);
  return { cwd, home };
}

describe("rules hook claude-code --install / --uninstall", () => {
  it("refuses a user-level install from a rulegate that is not installed globally, and writes nothing", async () => {
    const { cwd, home } = dirs();
    // This checkout is no global install: the hook would die with it.
    const r = await runCli(["hook", "claude-code", "--install", "--user"], {
      cwd,
      env: { HOME: home, PATH: process.env["PATH"] ?? "" },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^rules: this rulegate runs from .*npm install -g rulegate.*\[user-install-not-stable\]\n$/s,
    );
    expect(existsSync(join(home, ".claude"))).toBe(false);
  });

  it("installs for the user with an explicit --command, then uninstalls back to the user's settings", async () => {
    const { cwd, home } = dirs();
    mkdirSync(join(home, ".claude"));
    const settings = join(home, ".claude", "settings.json");
    writeFileSync(settings, '{\n  "theme": "dark"\n}\n');
    const env = { HOME: home };
    const installed = await runCli(
      ["hook", "claude-code", "--install", "--user", "--command", "/opt/rulegate/bin/rules"],
      { cwd, env },
    );
    expect(installed.code, installed.stderr).toBe(0);
    expect(readFileSync(settings, "utf8")).toContain("/opt/rulegate/bin/rules hook claude-code || exit 2");
    const removed = await runCli(["hook", "claude-code", "--uninstall", "--user"], { cwd, env });
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain("removed the rulegate hook for PreToolUse");
    expect(removed.stdout).toContain("removed the /rulegate prompt command");
    expect(JSON.parse(readFileSync(settings, "utf8"))).toEqual({ theme: "dark" });
    const again = await runCli(["hook", "claude-code", "--uninstall", "--user"], { cwd, env });
    expect([again.code, again.stdout]).toEqual([0, `${settings}: no rulegate hooks installed; nothing changed\n`]);
  });

  it.each([
    [["--install", "--uninstall"], "--install and --uninstall exclude each other"],
    [["--uninstall", "--command", "x"], "--command goes with --install"],
    [["--uninstall", "--project", "--user"], "--project and --user exclude each other"],
  ])("rejects %j as a usage error", async (args, message) => {
    const { cwd, home } = dirs();
    const r = await runCli(["hook", "claude-code", ...args], { cwd, env: { HOME: home } });
    expect([r.code, r.stderr]).toEqual([1, `rules: ${message}\n`]);
  });

  it("says which settings file is broken, with its code, and leaves it alone", async () => {
    const { cwd, home } = dirs();
    mkdirSync(join(cwd, ".claude"));
    writeFileSync(join(cwd, ".claude", "settings.json"), "{");
    const r = await runCli(["hook", "claude-code", "--uninstall"], { cwd, env: { HOME: home } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^rules: .*settings\.json: settings file is not valid JSON .*\[settings-not-json\]\n$/);
    expect(readFileSync(join(cwd, ".claude", "settings.json"), "utf8")).toBe("{");
  });
});
