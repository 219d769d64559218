import { beforeAll, describe, expect, it } from "vitest";
import { deriver, judge, type Deriver } from "./ops.ts";

let d: Deriver;
beforeAll(async () => {
  d = await deriver();
});

/** make runs its recipes as `$(SHELL) $(.SHELLFLAGS) RECIPE`: both are code from the command line (docs/adr/0292). */
describe("make's SHELL and .SHELLFLAGS given on the command line", () => {
  it.each([
    "make SHELL=/bin/sh .SHELLFLAGS='-c rm -rf ~;' all",
    "make .SHELLFLAGS='-ec rm -rf ~;' test",
    "gmake SHELL='rm -rf ~' all",
  ])("%s is judged by the code it carries", (command) => {
    expect(judge(d.bash(command))?.check).toBe(judge(d.bash("rm -rf ~"))?.check);
  });

  it.each(["make SHELL=/bin/bash all", "make .SHELLFLAGS=-ec test", "make CC=clang CFLAGS=-O2"])(
    "%s stays ordinary",
    (command) => {
      expect(judge(d.bash(command))).toBeNull();
    },
  );
});
