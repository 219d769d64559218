/**
 * Merges that drop the other side and LFS migrations that rewrite every commit (ADR 0394). `-X ours` (per hunk),
 * `lfs migrate info` and `--no-rewrite` stay as they were.
 */
import { describe, expect, test } from "vitest";
import { bashDeriver } from "./bash-deriver.ts";

const bash = bashDeriver("/home/u/proj", "/home/u");

describe("history dropped or rewritten (ADR 0394)", () => {
  test.each([
    "git merge -s ours origin/main -m x && git push origin HEAD:main",
    "git merge --strategy=ours feature",
    "git merge --strategy ours feature -m keep",
    "git merge -sours feature",
    "git lfs migrate import --everything --include='*.bin'",
    "git lfs migrate import --include='*.psd'",
    "git lfs migrate export --everything --include='*'",
  ])("%s is DESTRUCTIVE", (command) => {
    expect(bash(command).level).toBe("DESTRUCTIVE");
  });

  test.each([
    ["git merge -X ours feature", "WRITE"],
    ["git merge feature", "WRITE"],
    ["git lfs migrate info", "READ"],
    ["git lfs migrate info --everything", "READ"],
    ["git lfs migrate import --no-rewrite big.bin", "WRITE"],
  ])("%s is %s", (command, level) => {
    expect(bash(command).level).toBe(level);
  });
});
