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

  test.each<[string, string, string]>([
    ["just", "x := `date`\ny:\n    echo {{x}}\n", "date\necho {{x}}"],
    ["just", "y a=shell('ls'):\n    echo\n", "ls\necho"],
    ["ninja", "rule r\n  command = cp $in $out\nbuild o/a: r s/a\n", "cp s/a o/a"],
    [
      "ninja",
      "rule r\n  command = cc @$out.rsp\n  rspfile = $out.rsp\n  rspfile_content = $in\nbuild a: r b\n",
      "echo 'b' > 'a.rsp'\ncc @a.rsp",
    ],
    [
      "ninja",
      "pool link\n  depth = 2\nrule r\n  command = ld $in\n  pool = link\nbuild a: r b.o\ndefault a\n",
      "ld b.o",
    ],
    ["rake", "task(:w) { %x(make) }\n", "make"],
    ["invoke", '@task\ndef w(c):\n    c.run("pytest", warn=True)\n', "pytest"],
  ])("%s file parts that run commands are read as bash (ADR 0781-0783)", (program, text, lines) => {
    const code = taskFilesOf(program, [])!.read(text);
    expect(code.find((c) => c.language === "shell")?.code).toBe(lines);
    expect(code.filter((c) => c.language === "unread")).toEqual([]);
  });

  test.each<[string, string, RegExp]>([
    ["just", "set shell := ['/tmp/s', '-c']\n", /set shell/],
    ["just", "import '/tmp/x.just'\n", /outside the project/],
    ["just", "x := shell(cmd)\n", /shell\(/],
    ["just", "frobnicate\n", /not read here/],
    ["ninja", "subninja /tmp/x.ninja\n", /outside the project/],
    ["rake", "require '/tmp/x'\n", /outside the project/],
    ["rake", 'task(:w) { sh "rm #{x}" }\n', /built at run time/],
    ["invoke", "@task\ndef w(c):\n    c.run('r' + x)\n", /built at run time/],
    ["invoke", "import sys\nsys.path.append('/tmp')\n", /sys\.path/],
  ])("%s: what the reader does not understand is named as unread", (program, text, why) => {
    const unread = taskFilesOf(program, [])!
      .read(text)
      .filter((c) => c.language === "unread");
    expect(unread.map((c) => c.code).join("; ")).toMatch(why);
  });

  test("rake's rakelib files and invoke's configuration are read beside the task file", () => {
    expect(taskFilesOf("rake", [])!.companions.some((c) => c.matches("rakelib/x.rake"))).toBe(true);
    expect(taskFilesOf("invoke", [])!.companions.some((c) => c.matches("invoke.yaml"))).toBe(true);
    expect(taskFilesOf("just", [])!.companions).toEqual([]);
  });

  // ADR 0798: go-task may read what this YAML reader cannot; the file is not taken as empty.
  test.each(["tasks: [unclosed", "tasks:\n  a: x\n  a: y\n", "tasks: {}\n---\ntasks: {}\n"])(
    "a Taskfile that is not one YAML document is unread: %j",
    (text) => {
      expect(
        taskFilesOf("task", [])!
          .read(text)
          .map((c) => c.language),
      ).toEqual(["unread"]);
    },
  );
});
