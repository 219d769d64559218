/**
 * The tutorial's files are real: the rules file it prints compiles as a project file (with its examples), and
 * the policy test it prints passes, run by `rules test` as the reader would run it.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../cli/run-cli.ts";

/** The code blocks the tutorial marks with `<!-- tutorial-file: PATH -->`. */
function tutorialFiles(): Map<string, string> {
  const text = readFileSync("docs/tutorial.md", "utf8");
  const files = new Map<string, string>();
  for (const m of text.matchAll(/<!-- tutorial-file: (\S+) -->\n```\w*\n([\s\S]*?)```/g))
    files.set(m[1] as string, m[2] as string);
  return files;
}

describe("the tutorial", () => {
  it("prints a project rules file that compiles and a policy test that passes", async () => {
    const files = tutorialFiles();
    expect([...files.keys()]).toEqual([".rulegate/rules.yaml", ".rulegate/tutorial.rulestest.yaml"]);
    const project = mkdtempSync(join(tmpdir(), "rulegate-docs-tutorial-"));
    for (const [path, content] of files) {
      mkdirSync(dirname(join(project, path)), { recursive: true });
      writeFileSync(join(project, path), content);
    }
    const compile = await runCli(["compile", "--check", join(project, ".rulegate/rules.yaml")], { cwd: project });
    expect(compile.stdout + compile.stderr).toBe("");
    expect(compile.code).toBe(0);
    const test = await runCli(["test", join(project, ".rulegate")], { cwd: project });
    expect(test.stdout).toContain("2 passed, 0 failed");
    expect(test.code).toBe(0);
  });
});
