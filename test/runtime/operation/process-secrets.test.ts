import { describe, expect, test } from "vitest";
import { bashDeriver } from "./bash-deriver.ts";

const derive = bashDeriver("/home/u/proj", "/home/u");
const level = (command: string): string => derive(command).level;

// docs/adr/0431: another process's memory, environment or command line, and the environment a variable at a time.
describe("reading other processes' secrets is SECURITY", () => {
  test.each([
    // A debugger, tracer, profiler or dumper attached to a live process reads its memory.
    "gdb -p 1 -batch -ex 'call system(\"id\")'",
    "gdb --pid=1234",
    "gdb -batch -ex 'attach 1'",
    "gdb ./app 1234",
    "strace -p 1",
    "strace -fp 1",
    "strace -f -p1 -e trace=read",
    "strace --attach=1",
    "ltrace -S -p 5",
    "perf trace -p 1",
    "perf record -g --pid=1234",
    "pstack 1",
    "gcore -o /tmp/core 123",
    "lldb --attach-name node",
    "py-spy dump --pid 1",
    "jmap -dump:format=b,file=h.hprof 1234",
    "criu dump -t 1 -D /tmp/c",
    "gdb -p $(pgrep node)",
    // Every process's environment.
    "ps eww -o command",
    "ps e",
    "ps auxe",
    "ps axeww -o pid,command",
    "ps -E",
    "ps -wwE",
    // Other processes' command lines and open files.
    "cat /proc/*/cmdline | tr '\\0' ' ' | grep -i pass",
    "cat /proc/1/cmdline",
    "head /proc/[0-9]*/cmdline",
    "cat /proc/1234/fd/3",
    "strings /proc/1/task/1/cmdline",
    // The environment one variable at a time, through a name known only at run time.
    "compgen -v | while read v; do echo $v=${!v}; done",
    'for v in $(compgen -e); do printf \'%s=%s\\n\' "$v" "${!v}"; done',
    'for v in $(compgen -e); do printenv "$v"; done',
    "x=${!name}; echo $x",
  ])("%s", (command) => {
    expect(level(command)).toBe("SECURITY");
  });

  test.each([
    "ps aux",
    "ps -ef",
    "ps -eo pid,comm",
    "ps axo user",
    "ps -o user= -p 1",
    "ps --sort=-pcpu aux",
    "cat /proc/self/cmdline",
    "cat /proc/1/status",
    "ls /proc/1/fd",
    "gdb ./app",
    "gdb -batch -ex run ./app",
    "strace -o trace.txt ls",
    "strace -f npm test",
    "perf stat make",
    "py-spy record -o p.svg -- python app.py",
    "echo ${!A*}",
    'echo "${!arr[@]}"',
    "printenv PATH",
    "compgen -c",
  ])("%s is not", (command) => {
    expect(level(command)).not.toBe("SECURITY");
  });
});
