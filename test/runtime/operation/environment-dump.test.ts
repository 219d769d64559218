import { beforeAll, describe, expect, test } from "vitest";
import { deriveOperation } from "../../../runtime/operation/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";

let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});

const level = (command: string): string =>
  deriveOperation(
    { tool: "Bash", input: { command }, cwd: "/home/u/proj" },
    { home: "/home/u", skills: [], analyzer, realpath: false },
  ).level;

describe("printing the whole environment is SECURITY (docs/adr/0328)", () => {
  test.each(["env", "printenv", "export -p", "export", "declare -x", "declare -p", "typeset -x", "set", "env | sort"])(
    "%s",
    (command) => {
      expect(level(command)).toBe("SECURITY");
    },
  );

  test.each([
    "printenv PATH",
    "export NODE_ENV=production",
    "env NODE_ENV=test npm test",
    "set -euo pipefail",
    "set -- a b",
    "declare -f",
    "declare -A m",
  ])("%s is not", (command) => {
    expect(level(command)).not.toBe("SECURITY");
  });
});
