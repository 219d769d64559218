import { describe, expect, test } from "vitest";
import { literalRuns } from "../../../runtime/shell/literal-runs.ts";

describe("python calls that run a command spelled in literals are read precisely (ADR 0684)", () => {
  test.each<[string, Record<string, number>]>([
    ["import subprocess; subprocess.run(['git','status'])", { subprocess: 2 }],
    ["import subprocess\nsubprocess.check_output(['ls', '-la'], text=True)", { subprocess: 2 }],
    ["import subprocess; subprocess.run('git status', shell=True, check=True)", { subprocess: 2 }],
    ["import os; os.system('git status')", { "os.system": 1 }],
    ["import os; print(os.popen('git log -1').read())", { "os.popen": 1 }],
    // Not literal, or a keyword that changes what runs or where: only the import is read.
    ["import subprocess, sys; subprocess.run(['git', sys.argv[1]])", { subprocess: 1 }],
    ["import subprocess; subprocess.run(['git','status'], cwd='/srv')", { subprocess: 1 }],
    ["import subprocess; subprocess.run(['git','status'], executable='/bin/true')", { subprocess: 1 }],
    ["import subprocess; subprocess.run(['git','status'], env={'A': '1'})", { subprocess: 1 }],
    ["import subprocess; x = ['git']; subprocess.run(x)", { subprocess: 1 }],
    ["import os; os.system(cmd)", {}],
    ["import os; os.popen('sh', 'w')", {}],
  ])("%s", (code, expected) => {
    expect(Object.fromEntries(literalRuns("python", code))).toEqual(expected);
  });

  test("other languages are not read here", () => {
    expect(literalRuns("ruby", "system('git status')").size).toBe(0);
  });
});
