import { beforeAll, describe, expect, test } from "vitest";
import { deriver, judge, type Deriver } from "../hard-deny/ops.ts";
import { bashDeriver } from "./bash-deriver.ts";

/** `--` ends the options whatever a table says an option takes, and git's `-u` is a flag (ADR 0493). */
const bash = bashDeriver("/home/u/proj", "/home/u");

describe("a stash, clean or restore of rulegate's or the agent's files is self-control", () => {
  let d: Deriver;
  beforeAll(async () => {
    d = await deriver();
  });
  test.each([
    ["git stash -u -- .claude .rulegate", "rulegate-config-edit"],
    ["git stash -u -- .rulegate", "rulegate-config-edit"],
    ["git stash -u -- .claude", "agent-settings-edit"],
    ["git stash push -u -- .claude", "agent-settings-edit"],
    ["git stash --include-untracked -- .claude/settings.json", "agent-settings-edit"],
    ["git stash -a -- .rulegate", "rulegate-config-edit"],
    ["git clean -f -- .rulegate", "rulegate-config-edit"],
    ["git restore -s HEAD~2 -- .claude/settings.json", "agent-settings-edit"],
  ])("%s", (command, check) => {
    expect(judge(d.bash(command))?.check).toBe(check);
  });
  test.each(["git stash -u", "git stash push -u -m wip", "git stash push -u -- src/app.ts", "git stash list"])(
    "%s is not",
    (command) => {
      expect(judge(d.bash(command))).toBeNull();
    },
  );
});

describe("an option's value is never `--`", () => {
  const reads = (command: string) =>
    bash(command)
      .paths.filter((a) => a.mode === "read")
      .map((a) => a.path);
  test.each([
    ["grep -e -- ~/.ssh/id_rsa", "/home/u/.ssh/id_rsa"],
    ["sed -e -- ~/.aws/credentials", "/home/u/.aws/credentials"],
  ])("%s reads %s", (command, path) => {
    expect(reads(command)).toContain(path);
  });
  test("a value given as the next word is still a value", () => {
    expect(reads("grep -e TODO src/a.ts")).toEqual(["/home/u/proj/src/a.ts"]);
  });
});

describe("git's -u is a flag: the words after it are operands", () => {
  test("a push to a deploying remote with -u is a release", () => {
    expect(bash("git push -u heroku main").categories).toContain("publication");
  });
  test.each(["git push -u origin main", "git push -u origin HEAD", "git branch -u origin/main", "git add -u"])(
    "%s stays ordinary",
    (command) => {
      expect(["READ", "WRITE"]).toContain(bash(command).level);
    },
  );
  test("clone -u still names the program run on the other side", () => {
    expect(bash("git clone -u 'touch /tmp/x' https://example.com/r.git").level).toBe("SECURITY");
  });
});
