import { mkdirSync, mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultLauncher } from "../../../adapters/claude-code/install/index.ts";

const base = realpathSync(mkdtempSync(join(tmpdir(), "rg-launcher-")));
const project = join(base, "project");
const local = join(project, "node_modules", "rulegate");
const globalRoot = join(base, "prefix", "lib", "node_modules");
const global = join(globalRoot, "rulegate");
for (const d of [local, global]) mkdirSync(d, { recursive: true });

describe("the launcher --install writes", () => {
  it("is relative to the project for a project that depends on rulegate", () => {
    expect(defaultLauncher("project", project, local, [])).toEqual({
      ok: true,
      launcher: '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/rules',
    });
  });

  it("for the user, is refused from one project's node_modules, with how to install globally", () => {
    const chosen = defaultLauncher("user", project, local, [globalRoot]);
    expect(chosen.ok).toBe(false);
    if (chosen.ok) return;
    expect(chosen.code).toBe("user-install-not-stable");
    expect(chosen.message).toContain("npm install -g rulegate");
    expect(chosen.message).toContain(local);
  });

  it("for the user, is the global install's launcher", () => {
    expect(defaultLauncher("user", project, global, [globalRoot])).toEqual({
      ok: true,
      launcher: `node ${join(global, "bin", "rules.js")}`,
    });
  });

  it("is an error as data when the package cannot be found", () => {
    const chosen = defaultLauncher("project", project, null, []);
    expect(chosen.ok ? null : chosen.code).toBe("package-not-found");
  });
});
