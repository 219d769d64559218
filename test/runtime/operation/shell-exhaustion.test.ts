import { describe, expect, test } from "vitest";
import { braceCount } from "../../../runtime/shell/braces.ts";
import { bashDeriver } from "./bash-deriver.ts";

const op = bashDeriver("/home/u/proj", "/home/u");

describe("the shell made to exhaust the machine by its own structure is EXPENSIVE (ADR 0420)", () => {
  test.each([
    // what a command substitution prints is kept whole
    'yes "$(yes)"',
    "x=$(yes)",
    "x=`yes`",
    'echo "$(cat /dev/zero)"',
    "v=$(</dev/urandom)",
    "x=$(seq inf)",
    "x=$(yes | tr -d y)",
    "x=$(bash -c yes)",
    "x=$(while :; do echo y; done)",
    "mapfile -t a < /dev/zero",
    "read -r line < /dev/zero",
    // brace expansions of ten million words or more
    "echo {1..999999999}",
    "printf '%.0s-' {1..10000000000}",
    "echo {1..1000}{1..1000}{1..1000}",
    "echo x{a,b}{1..9999999}",
    "for i in {1..100000000}; do :; done",
    // hundreds of background jobs from one loop, busy loops left spinning
    "for i in $(seq 1000); do (while :; do :; done) & done",
    "for i in $(seq 1 300); do sleep 100 & done",
    "for ((i=0;i<500;i++)); do sleep 99 & done",
    "for i in {1..1000}; do curl -s localhost & done",
    "(while :; do :; done) &",
    "while true; do :; done &",
    "nohup sh -c 'while true; do :; done' &",
    "for i in 1 2 3 4; do (while :; do :; done) & done",
    // a job left running for every file or input line
    "find / -exec sh -c 'sleep 9999 &' \\;",
    "find . -name '*.png' -exec bash -c 'optipng \"$0\" &' {} \\;",
    "ls | xargs -n1 sh -c 'sleep 99 &'",
    "cat hosts | parallel 'ping {} &'",
  ])("%s", (command) => {
    const o = op(command);
    expect(["EXPENSIVE", "DESTRUCTIVE"]).toContain(o.level);
    expect(o.categories).toContain("resource-exhaustion");
  });

  test.each([
    "x=$(yes | head -5)",
    'n="$(seq 1 100)"',
    "echo {1..9}",
    "echo {a..z}{0..9}",
    "mkdir -p src/{a,b,c}/{x,y}",
    "for i in $(seq 8); do w & done; wait",
    "for i in $(seq 1000); do echo $i; done",
    'for f in *.png; do optipng "$f" & done; wait',
    "while true; do date >> log.txt; sleep 5; done &",
    "find . -name '*.txt' -exec sh -c 'wc -l \"$0\"' {} \\;",
    "find . -name '*.txt' -exec wc -l {} + &",
    "npm run dev &",
  ])("%s is left alone", (command) => {
    expect(op(command).categories).not.toContain("resource-exhaustion");
  });
});

describe("parallel's ::: inputs are its arguments, read from no stdin (ADR 0420)", () => {
  test.each([
    ["parallel -j4 gzip ::: logs/*.log", "/home/u/proj/logs/*.log"],
    ["parallel gzip {} ::: a.txt b.txt", "/home/u/proj/b.txt"],
    ["parallel cat ::: ~/.ssh/id_rsa", "/home/u/.ssh/id_rsa"],
  ])("%s names %s", (command, path) => {
    const o = op(command);
    expect(o.paths.map((p) => p.path)).toContain(path);
    expect(o.shell?.commands.at(-1)?.context.argsFromStdin).toBe(false);
  });

  test.each(["parallel cat :::: list.txt", "parallel gzip -c {} '>' out/{/}.gz ::: a b", "ls | parallel gzip"])(
    "%s still reads what nobody sees here",
    (command) => {
      expect(op(command).shell?.commands.at(-1)?.dynamicArgs).toBe(true);
    },
  );
});

describe("braceCount counts without expanding", () => {
  test.each([
    ["a", 1],
    ["{a,b}", 2],
    ["{1..10}", 10],
    ["{1..10..3}", 4],
    ["{a..e}{1..4}", 20],
    ["x{a,b{1..3}}y", 4],
    ["{1..1000}{1..1000}{1..1000}", 1e9],
  ])("%s → %d", (text, n) => {
    expect(braceCount(text)).toBe(n);
  });
});
