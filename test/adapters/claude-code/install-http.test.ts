import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../cli/run-cli.ts";

/** `rules hook claude-code --install --http` (ADR 0183), in-process through the CLI, on a temp project and home. */
function sandbox(rules?: string) {
  const root = mkdtempSync(join(tmpdir(), "rg-install-http-"));
  const cwd = join(root, "project");
  const home = join(root, "home");
  mkdirSync(cwd);
  mkdirSync(home);
  if (rules !== undefined) {
    mkdirSync(join(cwd, ".rulegate"));
    writeFileSync(join(cwd, ".rulegate", "rules.local.yaml"), rules);
  }
  const env = { HOME: home, RULEGATE_HOME: join(root, "rg") };
  const run = (...args: string[]) => runCli(["hook", "claude-code", ...args], { cwd, env });
  const local = () => JSON.parse(readFileSync(join(cwd, ".claude", "settings.local.json"), "utf8"));
  const token = () => (JSON.parse(readFileSync(join(root, "rg", "serve.json"), "utf8")) as { token: string }).token;
  return { root, cwd, home, run, local, token };
}

describe("rules hook claude-code --install --http", () => {
  it("writes the HTTP hook with onFailure block, the token and a timeout beyond the approval timeout, in settings.local.json", async () => {
    const s = sandbox("version: 1\nsettings: { approval_timeout: 90s }\n");
    const out = await s.run("--install", "--http");
    expect([out.code, out.stderr]).toEqual([0, ""]);
    const pre = s.local().hooks.PreToolUse[0];
    expect(pre).toEqual({
      matcher: "*",
      hooks: [
        {
          type: "http",
          url: "http://127.0.0.1:8787/v1/hooks/claude-code",
          timeout: 120,
          onFailure: "block",
          headers: { Authorization: `Bearer ${s.token()}` },
        },
      ],
    });
    expect(Object.keys(s.local().hooks)).toEqual([
      "PreToolUse",
      "PostToolUse",
      "PostToolUseFailure",
      "UserPromptSubmit",
      "SessionStart",
      "SessionEnd",
    ]);
    // The shared settings.json (committed) never carries the token; the token is not printed either.
    expect(existsSync(join(s.cwd, ".claude", "settings.json"))).toBe(false);
    expect(out.stdout).not.toContain(s.token());
    expect(statSync(join(s.root, "rg", "serve.json")).mode & 0o777).toBe(0o600);
    expect((await s.run("--install", "--http")).stdout).toMatch(/already installed; nothing changed/);
  });

  it("uses the address given with --url and keeps the token a server already has", async () => {
    const s = sandbox();
    mkdirSync(join(s.root, "rg"));
    const token = "t".repeat(43);
    writeFileSync(join(s.root, "rg", "serve.json"), JSON.stringify({ url: null, token, pid: null }));
    expect((await s.run("--install", "--http", "--url", "http://127.0.0.1:9000")).code).toBe(0);
    const h = s.local().hooks.PreToolUse[0].hooks[0];
    expect([h.url, h.headers.Authorization, h.timeout]).toEqual([
      "http://127.0.0.1:9000/v1/hooks/claude-code",
      `Bearer ${token}`,
      330,
    ]);
    const bad = await s.run("--install", "--http", "--url", "http://example.com:80");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/loopback/);
  });

  it("refuses to add one hook type while the other is installed (each call would be decided twice)", async () => {
    const s = sandbox();
    expect((await s.run("--install", "--command", "rules")).code).toBe(0);
    const out = await s.run("--install", "--http");
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/other-hook-type-installed/);
    expect(existsSync(join(s.cwd, ".claude", "settings.local.json"))).toBe(false);
    expect((await s.run("--uninstall")).code).toBe(0);
    expect((await s.run("--install", "--http")).code).toBe(0);
    const back = await s.run("--install", "--command", "rules");
    expect(back.stderr).toMatch(/other-hook-type-installed/);
  });

  it("--uninstall removes the HTTP hook too", async () => {
    const s = sandbox();
    await s.run("--install", "--http");
    const out = await s.run("--uninstall");
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/removed the rulegate hook for PreToolUse/);
    expect(existsSync(join(s.cwd, ".claude", "settings.local.json"))).toBe(false);
  });
});
