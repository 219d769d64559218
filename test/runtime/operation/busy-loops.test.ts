import { describe, expect, test } from "vitest";
import { bashDeriver } from "./bash-deriver.ts";

const derive = bashDeriver("/home/u/proj", "/home/u");

const level = (command: string): string => derive(command).level;

describe("a loop that never ends and does nothing spins a core: EXPENSIVE (docs/adr/0509)", () => {
  test.each([
    "while :; do :; done",
    "while true; do true; done",
    "until false; do :; done",
    "for ((;;)); do :; done",
    "python3 -c 'while True: pass'",
    "python3 -c 'while 1: pass'",
    "node -e 'for(;;){}'",
    "node -e 'while(true);'",
    "perl -e '1 while 1'",
    "perl -e 'while(1){}'",
    "ruby -e 'loop {}'",
    "ruby -e 'loop do end'",
  ])("%s", (command) => {
    expect(level(command)).toBe("EXPENSIVE");
  });

  test.each([
    "while true; do sleep 5; done",
    "until curl -fs localhost:3000; do sleep 1; done",
    "while :; do make test && break; done",
    "python3 -c 'import time\nwhile True: time.sleep(1)'",
    "node -e 'for(;;){ if (Date.now() > 0) break }'",
    "perl -e 'while(1){ last }'",
    "ruby -e 'loop { break }'",
  ])("%s stays below EXPENSIVE", (command) => {
    expect(["READ", "WRITE"]).toContain(level(command));
  });
});
