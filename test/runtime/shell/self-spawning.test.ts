import { beforeAll, describe, expect, it } from "vitest";
import type { ShellAnalysis } from "../../../runtime/shell/index.ts";
import { analyzer } from "./view.ts";

let analyze: (command: string) => ShellAnalysis;
beforeAll(async () => {
  analyze = await analyzer();
});

function selfSpawning(command: string): string[] {
  return analyze(command).findings.flatMap((f) => (f.kind === "self-spawning-function" ? [f.name] : []));
}

describe("a function that forks copies of itself is reported by name", () => {
  it.each<[string, string, string]>([
    ["the classic fork bomb", ":(){ :|:& };:", ":"],
    ["a named fork bomb", "bomb(){ bomb|bomb& }; bomb", "bomb"],
    ["spaced out over lines", "f() {\n  f | f &\n}\nf", "f"],
    ["the function keyword", "function g { g & }; g", "g"],
    ["a self call at the end of a pipeline", "f(){ echo x | f; }; f", "f"],
    ["a background self call", "f(){ f & f; }; f", "f"],
    ["a definition inside a subshell", "x | (f(){ f & }; f)", "f"],
    ["a definition handed to bash -c", "bash -c 'b(){ b|b& }; b'", "b"],
  ])("%s", (_name, command, name) => {
    expect(selfSpawning(command)).toEqual([name]);
  });

  it.each<[string, string]>([
    ["plain recursion", "f() { f; }; f"],
    ["recursion in a subshell (a tree walker)", 'walk(){ for d in */; do (cd "$d" && walk); done; }; walk'],
    ["a function piping into another program", "f(){ ls | grep x & }; f"],
    ["another function called in the background", "a(){ b & }; b(){ echo; }; a"],
    ["a pipeline of two calls outside any function", "f(){ echo; }; f | f &"],
    ["a backgrounded definition whose body calls itself plainly", "f(){ f; } & f"],
  ])("does not report %s", (_name, command) => {
    expect(selfSpawning(command)).toEqual([]);
  });
});

describe("a loop that never ends and starts a background job on every pass is reported", () => {
  const endless = (command: string): string[] =>
    analyze(command).findings.flatMap((f) => (f.kind === "endless-spawn" ? [f.loop] : []));

  it.each<[string, string]>([
    ["while true; do bash & done", "while true"],
    ["while :; do sleep 1000 & done", "while :"],
    ["while [ 1 ]; do curl -s x.example & done", "while [ 1 ]"],
    ["until false; do (yes > /dev/null &); done", "until false"],
    ["sh -c 'while :; do sh -c \"$0\" & done'", "while :"],
    // ADR 0203: more passes than any process limit, or a spawner fed without end.
    ["for i in $(seq 1 1000000); do sleep 9999 & done", "for i in $(seq 1 1000000)"],
    ["for i in $(seq inf); do x & done", "for i in $(seq inf)"],
    ["for i in {1..100000}; do x & done", "for i in {1..100000}"],
    ["for ((;;)); do sleep 1 & done", "for ((;;))"],
    ["for ((i=0; i<50000; i++)); do x & done", "for ((i=0; i<50000; i++))"],
    ["yes | xargs -P 0 -n 1 sh -c 'sleep 10000'", "yes | xargs -P 0"],
    ["cat /dev/zero | xargs --max-procs=0 -n1 sleep", "cat /dev/zero | xargs -P 0"],
    ["yes | parallel -j0 sleep", "yes | parallel -j 0"],
  ])("%s", (command, loop) => {
    expect(endless(command)).toEqual([loop]);
  });

  it.each([
    "while true; do date; sleep 1; done",
    "while true; do sleep 1; done &",
    'for f in src/*.ts; do npx tsc --noEmit "$f" & done; wait',
    "until curl -sf localhost:3000/health; do sleep 1; done",
    'while read -r l; do echo "$l" & done < list.txt',
    "for i in $(seq 1 8); do worker $i & done; wait",
    "for ((i=0; i<8; i++)); do worker & done; wait",
    "for i in $(seq 1 1000000); do echo $i; done",
    "yes | xargs -n1 echo",
    "find . -name '*.log' | xargs -P 0 gzip",
  ])("not %s", (command) => {
    expect(endless(command)).toEqual([]);
  });
});
