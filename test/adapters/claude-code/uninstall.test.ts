import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  applyInstall,
  applyUninstall,
  commandHandler,
  installTarget,
  planUninstall,
  PROMPT_COMMAND,
} from "../../../adapters/claude-code/install/index.ts";

const HANDLER = commandHandler('"$CLAUDE_PROJECT_DIR"/node_modules/.bin/rules');

/** A settings file a user already had: their own hooks (one sharing an entry shape with ours) and other keys. */
const USER_SETTINGS = {
  model: "opus",
  permissions: { allow: ["Bash(npm test)"] },
  hooks: {
    PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./lint.sh" }] }],
    Stop: [{ hooks: [{ type: "command", command: "notify-send done" }] }],
  },
};

function project(settings?: unknown): { cwd: string; settings: string; command: string } {
  const cwd = mkdtempSync(join(tmpdir(), "rg-uninstall-"));
  const target = installTarget("project", cwd, "/nonexistent-home");
  if (settings !== undefined) {
    mkdirSync(join(cwd, ".claude"));
    writeFileSync(target.settingsPath, `${JSON.stringify(settings, null, 2)}\n`);
  }
  return { cwd, settings: target.settingsPath, command: target.commandPath };
}

describe("applyUninstall", () => {
  it("removes exactly what --install added and keeps every setting and hook the user had", () => {
    const p = project(USER_SETTINGS);
    const target = installTarget("project", p.cwd, "/nonexistent-home");
    applyInstall(target, HANDLER);
    expect(readFileSync(p.settings, "utf8")).toContain("hook claude-code");
    const plan = applyUninstall(target);
    expect(plan.ok && plan.changes).toEqual([
      "removed the rulegate hook for PreToolUse",
      "removed the rulegate hook for PostToolUse",
      "removed the rulegate hook for PostToolUseFailure",
      "removed the rulegate hook for UserPromptSubmit",
      "removed the rulegate hook for SessionStart",
      "removed the rulegate hook for SessionEnd",
      "removed the /rulegate prompt command",
    ]);
    expect(JSON.parse(readFileSync(p.settings, "utf8"))).toEqual(USER_SETTINGS);
    expect(existsSync(p.command)).toBe(false);
  });

  it("leaves no file behind when --install created it, and changes nothing the second time", () => {
    const p = project();
    const target = installTarget("project", p.cwd, "/nonexistent-home");
    applyInstall(target, HANDLER);
    applyUninstall(target);
    expect(existsSync(join(p.cwd, ".claude"))).toBe(false);
    const again = applyUninstall(target);
    expect(again.ok && again.changes).toEqual([]);
  });

  it("keeps the user's handler that shares an entry with rulegate's", () => {
    const ours = HANDLER;
    const text = JSON.stringify({
      hooks: { PreToolUse: [{ matcher: "*", hooks: [{ type: "command", command: "./audit.sh" }, ours] }] },
    });
    const plan = planUninstall(text, null);
    if (!plan.ok || plan.settingsText === null) throw new Error("expected a change");
    expect(JSON.parse(plan.settingsText)).toEqual({
      hooks: { PreToolUse: [{ matcher: "*", hooks: [{ type: "command", command: "./audit.sh" }] }] },
    });
  });

  it("recognizes a hook installed with another launcher path", () => {
    const text = JSON.stringify({
      hooks: { SessionEnd: [{ hooks: [commandHandler("node '/opt/rulegate/bin/rules.js'")] }] },
      theme: "dark",
    });
    const plan = planUninstall(text, null);
    expect(plan.ok && plan.settingsText).toBe(`${JSON.stringify({ theme: "dark" }, null, 2)}\n`);
  });

  it("keeps a /rulegate prompt command the user changed", () => {
    const plan = planUninstall(null, `${PROMPT_COMMAND}\nmy notes\n`);
    expect(plan.ok && [plan.removeCommand, plan.keptCommand]).toEqual([false, true]);
  });

  it.each([
    ["broken JSON", "{", "settings-not-json"],
    ["a JSON list", "[]", "settings-not-object"],
    ["hooks that are not an object", '{"hooks": 3}', "hooks-not-object"],
    ["an event that is not a list", '{"hooks": {"PreToolUse": {}}}', "event-not-list"],
  ])("refuses to touch a settings file with %s, with the code %s", (_name, text, code) => {
    const plan = planUninstall(text, PROMPT_COMMAND);
    expect(plan.ok ? null : plan.code).toBe(code);
  });
});
