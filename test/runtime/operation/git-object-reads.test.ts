import { beforeAll, describe, expect, test } from "vitest";
import { deriveOperation } from "../../../runtime/operation/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";

let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});

const reads = (command: string): string[] =>
  deriveOperation(
    { tool: "Bash", input: { command }, cwd: "/home/u/proj" },
    { home: "/home/u", skills: [], analyzer, realpath: false },
  )
    .paths.filter((p) => p.mode === "read")
    .map((p) => p.path);

describe("a file printed from a revision is a read of that file (docs/adr/0328)", () => {
  test.each([
    ["git show HEAD:.env", "/home/u/proj/.env"],
    ["git show HEAD~3:config/.env.production", "/home/u/proj/config/.env.production"],
    ["git cat-file -p HEAD:.env", "/home/u/proj/.env"],
    ["git cat-file blob main:.env", "/home/u/proj/.env"],
    ["git show :.env", "/home/u/proj/.env"],
    ["git show :0:.env", "/home/u/proj/.env"],
    ["git diff HEAD:.env HEAD~1:.env", "/home/u/proj/.env"],
    ["git log -p -- .env", "/home/u/proj/.env"],
    ["git archive HEAD .env", "/home/u/proj/.env"],
  ])("%s reads %s", (command, path) => {
    expect(reads(command)).toContain(path);
  });

  test.each(["git show HEAD", "git show abc123 --stat", "git log --oneline -5", "git cat-file -p HEAD"])(
    "%s names no file",
    (command) => {
      expect(reads(command)).toEqual([]);
    },
  );
});
