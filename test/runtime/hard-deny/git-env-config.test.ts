import { beforeAll, describe, expect, it } from "vitest";
import { gitEnvConfig } from "../../../runtime/shell/git-env-config.ts";
import { deriver, judge, type Deriver } from "./ops.ts";

const word = (value: string) => ({ value, dynamic: false, raw: value });

/** git config through the environment is read as `git -c` is (docs/adr/0291). */
describe("git config given through the environment", () => {
  it("pairs GIT_CONFIG_KEY_n with GIT_CONFIG_VALUE_n and reads GIT_CONFIG_PARAMETERS", () => {
    const config = gitEnvConfig([
      { name: "GIT_CONFIG_COUNT", value: word("1") },
      { name: "GIT_CONFIG_KEY_0", value: word("core.fsMonitor") },
      { name: "GIT_CONFIG_VALUE_0", value: word("rm -rf ~") },
      { name: "GIT_CONFIG_PARAMETERS", value: word("'core.pager'='sh -c x' 'user.name=me'") },
    ]);
    expect(config.map((c) => [c.key, c.value.value])).toEqual([
      ["core.pager", "sh -c x"],
      ["user.name", "me"],
      ["core.fsmonitor", "rm -rf ~"],
    ]);
  });
});

let d: Deriver;
beforeAll(async () => {
  d = await deriver();
});

describe("a command line git runs from environment config is judged as with git -c", () => {
  it.each([
    "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0='rm -rf ~' git status",
    "GIT_CONFIG_PARAMETERS=\"'core.pager'='rm -rf ~'\" git log",
  ])("%s", (command) => {
    const viaC = judge(d.bash("git -c core.fsmonitor='rm -rf ~' status"));
    expect(viaC).not.toBeNull();
    expect(judge(d.bash(command))?.check).toBe(viaC?.check);
  });

  it("ordinary environment config stays ordinary", () => {
    expect(
      judge(d.bash("GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=user.name GIT_CONFIG_VALUE_0=me git commit -m x")),
    ).toBeNull();
  });
});
