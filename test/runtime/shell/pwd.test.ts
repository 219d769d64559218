import { beforeAll, describe, expect, it } from "vitest";
import type { ShellAnalysis } from "../../../runtime/shell/index.ts";
import { analyzer } from "./view.ts";

let analyze: (command: string) => ShellAnalysis;
beforeAll(async () => {
  analyze = await analyzer();
});

/** Issue 11 §6, docs/adr/0116: bash sets PWD to the directory it runs in, so `$PWD/x` is `./x` there. */
describe("$PWD is the directory the command runs in", () => {
  it.each<[string, string]>([
    ['ls -la "$PWD/src"', "./src"],
    ["rm -rf ${PWD}/dist", "./dist"],
    ['cd sub && cat "$PWD/x"', "./x"],
    ["PWD=/etc; cat $PWD/shadow", "/etc/shadow"],
  ])("%s reads %s", (command, arg) => {
    const cmd = analyze(command).commands.at(-1)!;
    expect(cmd.args.at(-1)).toBe(arg);
    expect(cmd.unknownArgs ?? []).toEqual([]);
  });

  it("is unknown again once eval or source may have changed it", () => {
    const cmd = analyze('eval "$X"; cat "$PWD/x"').commands.at(-1)!;
    expect(cmd.dynamicArgs).toBe(true);
  });
});
