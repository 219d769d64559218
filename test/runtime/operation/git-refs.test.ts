import { describe, expect, test } from "vitest";
import { bashDeriver } from "./bash-deriver.ts";

const derive = bashDeriver("/home/u/proj", "/home/u");

const level = (command: string): string => derive(command).level;

describe("git ref rewrites that drop commits others see are DESTRUCTIVE (docs/adr/0325)", () => {
  test.each([
    "git branch -f main HEAD~50",
    "git branch --force master origin/old",
    "git branch -f release/2.0 abc123",
    "git checkout -B main origin/empty",
    "git checkout -B develop HEAD~3",
    "git switch -C main origin/empty",
    "git send-pack --force origin main",
    "git send-pack origin +main",
    "git update-ref refs/heads/main HEAD~20",
    "git update-ref --stdin",
    "git replace abc123 def456",
    "git replace --graft HEAD~1",
    "git push --force-with-lease origin main",
    "git push --force-with-lease=main origin HEAD",
    "git push --force-if-includes --force-with-lease origin HEAD:refs/heads/master",
    "git push --force-with-lease origin feature/x --all",
    "git push --force-with-lease origin +feature/x",
    "git push --force-with-lease -f origin feature/x",
  ])("%s", (command) => {
    expect(level(command)).toBe("DESTRUCTIVE");
  });

  test.each([
    // A lease on one's own branch refuses to overwrite what was not fetched: an update, not a loss.
    ["git push --force-with-lease origin feature/login", "WRITE"],
    ["git branch -f feature HEAD~2", "WRITE"],
    ["git checkout -B feature origin/main", "WRITE"],
    ["git send-pack origin feature", "WRITE"],
    ["git replace -l", "READ"],
  ])("%s stays %s", (command, want) => {
    expect(level(command)).toBe(want);
  });
});
