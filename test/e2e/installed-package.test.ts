import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureHookBundle, ROOT } from "./bundle.ts";

/**
 * rulegate installed as a dependency (under node_modules), its hook run from there as Claude Code would run it.
 * The installed package is the gate itself: a call that edits its bundle or its built-in rules switches the
 * gate off, so it is rulegate's own files wherever the project or the user installed it.
 */
let dir: string;
let project: string;
let pkg: string;

beforeAll(async () => {
  await ensureHookBundle();
  dir = realpathSync(mkdtempSync(join(tmpdir(), "rg-installed-")));
  project = join(dir, "project");
  pkg = join(project, "node_modules", "rulegate");
  mkdirSync(join(pkg, "dist"), { recursive: true });
  mkdirSync(join(project, "src"));
  copyFileSync(join(ROOT, "package.json"), join(pkg, "package.json"));
  for (const f of readdirSync(join(ROOT, "dist")))
    if (/^hook.*\.(mjs|cjs)$/.test(f)) copyFileSync(join(ROOT, "dist", f), join(pkg, "dist", f));
  cpSync(join(ROOT, "rules", "builtin"), join(pkg, "rules", "builtin"), { recursive: true });
  mkdirSync(join(pkg, "bin"));
  copyFileSync(join(ROOT, "bin", "rules.js"), join(pkg, "bin", "rules.js"));
  mkdirSync(join(project, "node_modules", ".bin"));
  symlinkSync("../rulegate/bin/rules.js", join(project, "node_modules", ".bin", "rules"));
  // The hook's external dependencies, installed next to it as npm would.
  for (const dep of ["web-tree-sitter", "tree-sitter-bash"])
    symlinkSync(join(ROOT, "node_modules", dep), join(project, "node_modules", dep));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function preToolUse(tool: string, input: Record<string, unknown>): { decision: string; reason: string } {
  const fixture = JSON.parse(
    readFileSync(join(ROOT, "test", "fixtures", "hooks", "pre-tool-use-bash.json"), "utf8"),
  ) as Record<string, unknown>;
  const event = {
    ...fixture,
    session_id: "s-installed",
    cwd: project,
    tool_name: tool,
    tool_input: input,
    tool_use_id: `toolu_${Math.random().toString(36).slice(2)}`,
  };
  const out = spawnSync(process.execPath, [join(pkg, "dist", "hook.mjs"), "claude-code"], {
    cwd: project,
    input: JSON.stringify(event),
    encoding: "utf8",
    env: {
      PATH: process.env["PATH"] ?? "",
      HOME: join(dir, "home"),
      RULEGATE_HOME: join(dir, "rulegate"),
      CLAUDE_PROJECT_DIR: project,
    },
  });
  expect(out.status, out.stderr).toBe(0);
  const json = JSON.parse(out.stdout) as {
    hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string };
  };
  return {
    decision: json.hookSpecificOutput.permissionDecision,
    reason: json.hookSpecificOutput.permissionDecisionReason,
  };
}

describe("rulegate installed under node_modules", { timeout: 60_000 }, () => {
  it("denies a call that edits the installed hook bundle", () => {
    const d = preToolUse("Write", { file_path: join(pkg, "dist", "hook.mjs"), content: "process.exit(0)\n" });
    expect(d.decision).toBe("deny");
    expect(d.reason).toMatch(/rulegate's own files/);
  });

  it("denies a bash call that rewrites the installed built-in rules", () => {
    const d = preToolUse("Bash", { command: "sed -i /credential/d node_modules/rulegate/rules/builtin/defaults.yaml" });
    expect(d.decision).toBe("deny");
    expect(d.reason).toMatch(/rulegate-config-edit|rules in force|rulegate's own files/);
  });

  it.each([
    ["replaces the launcher a project hook runs", "ln -sf /tmp/fake node_modules/.bin/rules"],
    ["removes it", "rm -f node_modules/.bin/rules"],
    ["writes through it", "printf '#!/bin/sh\\n' > node_modules/.bin/rules"],
  ])("denies a bash call that %s", (_what, command) => {
    const d = preToolUse("Bash", { command });
    expect(d.decision).toBe("deny");
    expect(d.reason).toMatch(/rulegate's own files/);
  });

  it("still lets the agent read the package and write its own project", () => {
    expect(preToolUse("Read", { file_path: join(pkg, "package.json") }).decision).toBe("allow");
    expect(preToolUse("Write", { file_path: join(project, "src", "a.ts"), content: "export {};\n" }).decision).not.toBe(
      "deny",
    );
  });
});
