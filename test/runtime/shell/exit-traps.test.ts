import { beforeAll, describe, expect, it } from "vitest";
import type { ShellAnalysis } from "../../../runtime/shell/index.ts";
import { analyzer } from "./view.ts";

let analyze: (command: string) => ShellAnalysis;
beforeAll(async () => {
  analyze = await analyzer();
});

/** The `rm` the trap runs, found among the commands (the trap's code is read after the string). */
function trapRm(command: string) {
  return analyze(command).commands.find((c) => c.program === "rm")!;
}

/** docs/adr/0795: an EXIT trap's code is read at the end, with what each name can hold whenever the shell exits. */
describe("an EXIT trap reads the names it can see when the shell exits", () => {
  it.each<[string, string]>([
    ['trap \'rm -f "$t"\' EXIT; t=$(mktemp); sort a > "$t"', "/tmp/tmp.XXXXXXXXXX"],
    ['t=$(mktemp); trap \'rm -f "$t"\' EXIT; sort a > "$t"', "/tmp/tmp.XXXXXXXXXX"],
    ["trap 'rm -f \"$t\"' 0; t=$(mktemp -p out)", "out/tmp.XXXXXXXXXX"],
    ["trap 'rm -f \"$t\"' SigExit; t=x.txt", "x.txt"],
    ["t=x.txt; trap 'rm -f \"$t\"' EXIT; sort a > b", "x.txt"],
  ])("%s removes %s", (command, arg) => {
    const rm = trapRm(command);
    expect(rm.args.at(-1)).toBe(arg);
    expect(rm.dynamicArgs).toBe(false);
  });

  it.each<string>([
    // Changed after a command ran, changed twice, changed when it already had a value: several values possible.
    "trap 'rm -f \"$t\"' EXIT; make; t=$(mktemp)",
    "trap 'rm -f \"$t\"' EXIT; t=$(mktemp); t=x.txt",
    "t=a.txt; trap 'rm -f \"$t\"' EXIT; t=$(mktemp)",
    'trap \'rm -f "$t"\' EXIT; [ -n "$X" ] && t=x.txt',
    'trap \'rm -f "$t"\' EXIT; t=$(mktemp); eval "$X"',
    "trap 'rm -f \"$t\"' EXIT; t=$(mktemp); read t",
    // Other conditions run at points we cannot place; a subshell's EXIT is the subshell's end.
    "trap 'rm -f \"$t\"' INT; t=$(mktemp)",
    "trap 'rm -f \"$t\"' EXIT TERM; t=$(mktemp)",
    "( trap 'rm -f \"$t\"' EXIT; t=$(mktemp) )",
  ])("%s leaves the name unknown", (command) => {
    expect(trapRm(command).dynamicArgs).toBe(true);
  });

  it("reads a relative path in an unknown directory after a cd that followed the trap", () => {
    const rm = trapRm("trap 'rm -f x.txt' EXIT; cd /etc");
    expect(rm.workdir).toBeNull();
  });
});
