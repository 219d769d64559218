import { describe, expect, test } from "vitest";
import { yamlCommands } from "../../../runtime/shell/yaml-commands.ts";

const KEYS: ReadonlySet<string> = new Set(["cmd", "cmds", "run"]);

describe("command lines read from YAML (ADR 0798)", () => {
  test.each<[string, string, string[] | null]>([
    ["a flow sequence", 't:\n  cmds: [npm test, "go vet ./..."]\n', ["npm test", "go vet ./..."]],
    ["a block sequence", "t:\n  cmds:\n    - npm test\n    - 'make x'\n", ["npm test", "make x"]],
    ["cmd mappings in a sequence", "t:\n  cmds:\n    - cmd: npm test\n    - task: other\n", ["npm test"]],
    ["a block scalar", "s:\n  run: |\n    npm ci\n    npm test\n", ["npm ci\nnpm test\n"]],
    ["a flow mapping", "t: {cmds: [{cmd: make}]}\n", ["make"]],
    ["an anchor used twice", "a: &x {run: make}\nb: *x\n", ["make", "make"]],
    ["keys elsewhere are not read", "env:\n  X: npm test\n", []],
    ["an unclosed flow sequence", "t:\n  cmds: [npm test\n", null],
    ["duplicate keys", "t:\n  cmds: [a]\n  cmds: [b]\n", null],
    ["two documents", "cmds: [a]\n---\ncmds: [b]\n", null],
    ["a plain scalar (a yq expression)", '.a.run = "make"', null],
  ])("%s", (_, text, want) => {
    expect(yamlCommands(text, KEYS)).toEqual(want);
  });
});
