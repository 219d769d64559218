import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  applyInstall,
  commandHandler,
  hookCommand,
  installTarget,
  planInstall,
} from "../../../adapters/claude-code/install/index.ts";

const COMMAND = hookCommand('"$CLAUDE_PROJECT_DIR"/node_modules/.bin/rules');
const HANDLER = commandHandler('"$CLAUDE_PROJECT_DIR"/node_modules/.bin/rules');
const EVENTS = ["PreToolUse", "PostToolUse", "PostToolUseFailure", "UserPromptSubmit", "SessionStart", "SessionEnd"];

describe("planInstall", () => {
  it("writes all six hooks into a missing settings file, with a matcher only on the tool events", () => {
    const plan = planInstall(null, HANDLER, false);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    const hooks = (
      JSON.parse(plan.settingsText) as { hooks: Record<string, { matcher?: string; hooks: { command: string }[] }[]> }
    ).hooks;
    expect(Object.keys(hooks)).toEqual(EVENTS);
    expect(hooks["PreToolUse"]?.[0]).toEqual({ matcher: "*", hooks: [{ type: "command", command: COMMAND }] });
    expect(hooks["UserPromptSubmit"]?.[0]).toEqual({ hooks: [{ type: "command", command: COMMAND }] });
    expect(plan.changes).toHaveLength(EVENTS.length + 1);
    expect(plan.commandText).toContain("rulegate $ARGUMENTS");
  });

  it("keeps the user's other settings and hooks", () => {
    const current = JSON.stringify({
      model: "opus",
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "lint.sh" }] }] },
    });
    const plan = planInstall(current, HANDLER, true);
    if (!plan.ok) throw new Error(plan.message);
    const parsed = JSON.parse(plan.settingsText) as { model: string; hooks: { PreToolUse: unknown[] } };
    expect(parsed.model).toBe("opus");
    expect(parsed.hooks.PreToolUse).toHaveLength(2);
    expect(parsed.hooks.PreToolUse[0]).toEqual({ matcher: "Bash", hooks: [{ type: "command", command: "lint.sh" }] });
  });

  it("changes nothing the second time, even when the launcher path differs", () => {
    const first = planInstall(null, HANDLER, false);
    if (!first.ok) throw new Error(first.message);
    const second = planInstall(first.settingsText, commandHandler("node '/opt/rulegate/bin/rules.js'"), true);
    expect(second).toEqual({ ok: true, settingsText: first.settingsText, changes: [], commandText: null });
  });

  it.each([
    ["broken JSON", "{", /not valid JSON/],
    ["a JSON list", "[]", /not a JSON object/],
    ["hooks that are not an object", '{"hooks": 3}', /"hooks"/],
    ["an event that is not a list", '{"hooks": {"PreToolUse": {}}}', /hooks.PreToolUse/],
  ])("refuses to touch a settings file with %s", (_name, text, error) => {
    const plan = planInstall(text, HANDLER, false);
    expect(plan.ok).toBe(false);
    if (!plan.ok) expect(plan.message).toMatch(error);
  });
});

describe("applyInstall", () => {
  it("creates .claude/settings.json and the prompt command in the project, then is idempotent", () => {
    const cwd = mkdtempSync(join(tmpdir(), "rg-install-"));
    const target = installTarget("project", cwd, "/nonexistent-home");
    expect(target.settingsPath).toBe(join(cwd, ".claude", "settings.json"));
    const first = applyInstall(target, HANDLER);
    expect(first.ok && first.changes.length).toBe(EVENTS.length + 1);
    const text = readFileSync(target.settingsPath, "utf8");
    expect(existsSync(target.commandPath)).toBe(true);
    const second = applyInstall(target, HANDLER);
    expect(second.ok && second.changes).toEqual([]);
    expect(readFileSync(target.settingsPath, "utf8")).toBe(text);
  });

  it("installs for the user under ~/.claude", () => {
    const home = mkdtempSync(join(tmpdir(), "rg-home-"));
    mkdirSync(join(home, ".claude"));
    writeFileSync(join(home, ".claude", "settings.json"), '{"theme":"dark"}\n');
    const target = installTarget("user", "/somewhere", home);
    const plan = applyInstall(target, HANDLER);
    expect(plan.ok).toBe(true);
    expect(JSON.parse(readFileSync(join(home, ".claude", "settings.json"), "utf8"))).toMatchObject({
      theme: "dark",
      hooks: { SessionStart: [{}] },
    });
  });
});
