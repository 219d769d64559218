import { describe, expect, test } from "vitest";
import { taskFilesOf } from "../../../runtime/shell/task-files.ts";

const words = (text: string): { value: string; dynamic: boolean; raw: string }[] =>
  text === "" ? [] : text.split(" ").map((value) => ({ value, dynamic: value.includes("$"), raw: value }));

describe("the task file a runner reads (ADR 0756)", () => {
  test.each<[string, string, { dir: string | null; files: readonly string[] } | null]>([
    ["just", "test", { dir: null, files: ["justfile", "Justfile", ".justfile", "JUSTFILE"] }],
    ["just", "--justfile /dev/stdin clean", { dir: null, files: ["/dev/stdin"] }],
    ["just", "--justfile=ci.just build", { dir: null, files: ["ci.just"] }],
    ["task", "-t /dev/stdin wipe", { dir: null, files: ["/dev/stdin"] }],
    ["task", "-d sub build", { dir: "sub", files: expect.arrayContaining(["Taskfile.yml"]) }],
    ["rake", "-f tasks.rake wipe", { dir: null, files: ["tasks.rake"] }],
    ["ninja", "-C build", { dir: "build", files: ["build.ninja"] }],
    ["ninja", "-fother.ninja", { dir: null, files: ["other.ninja"] }],
    ["invoke", "-c deploy wipe", { dir: null, files: ["deploy.py"] }],
    ["inv", "wipe", { dir: null, files: ["tasks.py", "tasks/__init__.py"] }],
    ["just", "--justfile $F x", null],
    ["cargo", "build", null],
  ])("%s %s", (program, args, want) => {
    const got = taskFilesOf(program, words(args));
    expect(got === null ? null : { dir: got.dir, files: got.files }).toEqual(want);
  });

  test.each<[string, string, string]>([
    ["just", "x:\n    @rm -rf ~/src\n    -echo done\n", "rm -rf ~/src\necho done"],
    [
      "task",
      "version: '3'\ntasks:\n  w:\n    cmds:\n      - cmd: rm -rf ~/D\n    status:\n      - test -d x\n",
      "rm -rf ~/D\ntest -d x",
    ],
    ["task", "tasks:\n  w: rm -rf ~/D\n", "rm -rf ~/D"],
    ["ninja", "rule r\n  command = rm -rf $$HOME/x $\n    ~/y\nbuild x: r\n", "rm -rf $HOME/x ~/y"],
    ["rake", "task(:w) { sh 'rm -rf ~/D' }\n", "rm -rf ~/D"],
    ["invoke", '@task\ndef w(c):\n    c.run("rm -rf ~/D")\n', "rm -rf ~/D"],
  ])("%s recipes are read as bash", (program, text, lines) => {
    const code = taskFilesOf(program, [])!.read(text);
    expect(code.find((c) => c.language === "shell")?.code).toBe(lines);
  });

  test("a Taskfile that is not YAML reads as no commands", () => {
    expect(taskFilesOf("task", [])!.read("tasks: [unclosed")).toEqual([]);
  });
});
