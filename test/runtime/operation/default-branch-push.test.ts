import { describe, expect, test } from "vitest";
import { bashDeriver } from "./bash-deriver.ts";

/**
 * A push to the default branch is an ordinary push, in every spelling of its destination (ADR 0522): what makes a
 * push publication is where it lands (a deploying remote, a tag, a version, gh-pages) or that it rewrites history.
 */
const bash = bashDeriver("/home/u/proj", "/home/u");

describe("every spelling of a push to the default branch is the same ordinary push", () => {
  test.each([
    "git push origin main",
    "git push origin master",
    "git push origin HEAD:main",
    "git push origin @:main",
    "git push origin main:main",
    "git push origin refs/heads/main:refs/heads/main",
    "git push -u public main",
    "git push --all origin",
    "git -C . push origin main",
    "git push -u origin HEAD",
  ])("%s", (command) => {
    expect(bash(command).level).toBe("WRITE");
  });

  test.each([
    "git push --force origin main",
    "git push origin +main",
    "git push --force-with-lease origin HEAD:main",
    "git push production HEAD:main",
    "git push origin HEAD:refs/tags/v1.0.0",
  ])("%s still publishes or rewrites", (command) => {
    expect(bash(command).level).toBe("DESTRUCTIVE");
  });
});
