import { describe, expect, test } from "vitest";
import { bashDeriver } from "./bash-deriver.ts";

const derive = bashDeriver("/home/u/proj", "/home/u");

const level = (command: string): string => derive(command).level;

describe("git's destructive options mean the same in any cluster or order (docs/adr/0506)", () => {
  test.each([
    "git push -uf origin main",
    "git push -vuf origin main",
    "git push --quiet -uf origin feature/x",
    "git push -u --force-with-lease origin main",
    "git push --force-with-lease",
    "git push origin --force-with-lease",
    "git push --no-verify --force-if-includes --force-with-lease",
    "git branch -df feature/x",
    "git branch -d -f feature/x",
    "git branch --delete --force feature/x",
    "git branch --force --delete hotfix",
    "git branch -mf old main",
    "git rebase --root",
    "git rebase -X theirs --root",
    "git rebase --root -i --exec true",
    "git rebase --onto HEAD~10 HEAD~1 main",
    "git rebase --onto main~5 main~1 origin/main",
  ])("%s is DESTRUCTIVE", (command) => {
    expect(level(command)).toBe("DESTRUCTIVE");
  });

  test.each([
    ["git push -u origin feature", "WRITE"],
    ["git push -u origin HEAD", "WRITE"],
    ["git push --force-with-lease origin feature/login", "WRITE"],
    ["git push -u --force-with-lease origin feature/login", "WRITE"],
    ["git branch -d merged-branch", "WRITE"],
    ["git branch -u origin/feature", "WRITE"],
    ["git add -u .", "WRITE"],
    ["git stash -u", "WRITE"],
    ["git rebase main", "WRITE"],
    ["git rebase -i HEAD~3", "WRITE"],
    ["git rebase --onto main old-base feature/x", "WRITE"],
    ["git rebase --abort", "WRITE"],
  ])("%s stays %s", (command, want) => {
    expect(level(command)).toBe(want);
  });
});
