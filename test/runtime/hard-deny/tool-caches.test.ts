import { beforeAll, describe, expect, it } from "vitest";
import { deriver, judge, type Deriver } from "./ops.ts";

let d: Deriver;
beforeAll(async () => {
  d = await deriver();
});

// ADR 0444: a tool's download cache in the home is regenerable, as build output in the project (ADR 0335).
describe("tool caches in the home", () => {
  it.each([
    ["rm -rf ~/.cache/pip"],
    ["rm -rf $HOME/.cache/pip"],
    ['rm -rf "${HOME}/.npm/_cacache"'],
    ["rm -r -f ~/.cargo/registry/cache"],
    ["rm --recursive --force ~/.cache/go-build ~/.cache/yarn"],
    ["rm -rf ~/.cache/pip/*"],
    ["rm -rf /home/u/.gradle/caches/"],
    ["cd ~ && rm -rf .cache/pip"],
    ["rm -rf ~/.cache/pip && pip install -r requirements.txt"],
  ])("%s is a WRITE, not denied", (command) => {
    const op = d.bash(command);
    expect(judge(op)).toBeNull();
    expect(op.level).toBe("WRITE");
  });

  it.each([
    // The cache root, other programs' state, globs reaching past a named cache, escapes and what the string put there.
    ["rm -rf ~/.cache"],
    ["rm -rf ~/.cache/*"],
    ["rm -rf ~/.cache/p*"],
    ["rm -rf ~/.cache/pip ~/.config"],
    ["rm -rf ~/.cache/pip/../../.ssh"],
    ["rm -rf ~/.npm"],
    ["rm -rf ~/.cargo"],
    ["rm -rf ~/.m2/repository"],
    ["rm -rf /home/other/.cache/pip"],
    ["ln -s ~/.ssh ~/.cache/pip/k && rm -rf ~/.cache/pip/k/"],
    ["mv ~/notes ~/.cache/pip/ && rm -rf ~/.cache/pip"],
    ["cp -r ~/notes ~/.cache/pip/n; rm -rf ~/.cache/pip"],
  ])("%s stays denied", (command) => {
    expect(judge(d.bash(command))?.check).toBe("destructive-outside-workspace");
  });

  it("a cache path built from an unknown value is not lowered", () => {
    expect(d.bash("rm -rf $X/.cache/pip").level).toBe("DESTRUCTIVE");
  });
});
