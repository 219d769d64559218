import { describe, expect, test } from "vitest";
import { judge } from "../hard-deny/ops.ts";
import { bashDeriver } from "./bash-deriver.ts";

const bash = bashDeriver("/home/u/proj", "/home/u");

describe("a repository shared with every user is SECURITY (ADR 0488)", () => {
  test.each([
    "git config core.sharedRepository 0777",
    "git config --local core.sharedRepository 0666",
    "git config core.sharedRepository world",
    "git init --shared=0777",
    "git init --shared=everybody",
    "git -c core.sharedRepository=0777 init",
  ])("%s", (command) => {
    expect(bash(command).level).toBe("SECURITY");
  });

  test.each([
    "git config core.sharedRepository group",
    "git config core.sharedRepository 0660",
    "git config --get core.sharedRepository",
    "git init --shared=group",
    "git init",
  ])("%s stays below SECURITY", (command) => {
    expect(bash(command).level).not.toBe("SECURITY");
  });
});

describe("file capabilities written as an attribute are privilege-escalation (ADR 0488)", () => {
  test.each([
    "setfattr -n security.capability -v 0sAQAAAgAgAAAAAAAAAAAAAAAAAAA= /usr/bin/python3",
    "setfattr --name=security.capability --value=0sAQAAAgAgAAAAAAAAAAAAAAAAAAA= ./bin/tool",
    "setfattr --restore=attrs.dump",
  ])("%s", (command) => {
    expect(judge(bash(command))?.check).toBe("privilege-escalation");
  });

  test.each(["setfattr -n user.comment -v hello notes.txt", "setfattr -x security.capability ./bin/tool"])(
    "%s grants nothing",
    (command) => {
      expect(judge(bash(command))).toBeNull();
    },
  );
});
