import { describe, expect, test } from "vitest";
import { bashDeriver } from "./bash-deriver.ts";

const derive = bashDeriver("/home/u/proj", "/home/u");

describe("endless input read in the foreground never returns: EXPENSIVE (docs/adr/0560)", () => {
  test.each([
    "yes > /dev/null",
    "yes",
    "cat /dev/zero > /dev/null",
    "md5sum /dev/zero",
    "sha256sum < /dev/urandom",
    "cat /dev/urandom | md5sum",
    "md5sum /dev/zero | cut -c1-8",
    "dd if=/dev/zero of=/dev/null",
    "yes | cat > /dev/null",
  ])("%s", (command) => {
    const o = derive(command);
    expect(o.level).toBe("EXPENSIVE");
    expect(o.categories).toContain("resource-exhaustion");
  });

  test.each([
    "cat /dev/urandom | head -c 32",
    "yes | npm init",
    "yes | head -n 3",
    "head -c 16 /dev/urandom | base64",
    "od -An -N4 -tu4 /dev/urandom",
    "xxd -l 16 -p /dev/urandom",
    "hexdump -n 16 /dev/urandom",
    "dd if=/dev/urandom of=key.bin bs=32 count=1",
    "tr -dc 'a-zA-Z0-9' < /dev/urandom | fold -w 32 | head -n 1",
    "timeout 5 md5sum /dev/zero",
    "md5sum package.json",
  ])("%s stays below EXPENSIVE", (command) => {
    expect(["READ", "WRITE"]).toContain(derive(command).level);
  });
});

describe("a `while sleep 0` loop turns without pause: a job backgrounded on each pass is a fork bomb (docs/adr/0560)", () => {
  const spawns = (command: string): boolean =>
    derive(command).shell?.findings.some((f) => f.kind === "endless-spawn") ?? false;

  test.each([
    "while sleep 0; do nohup node -e 'setInterval(()=>{},1e9)' & done",
    "while sleep 0.1; do python3 -m http.server & done",
    "while sleep .5; do setsid ./worker.sh & done",
  ])("%s", (command) => {
    expect(spawns(command)).toBe(true);
  });

  test.each([
    "while sleep 5; do ./worker.sh & done",
    "while sleep 1; do curl -fs localhost:3000/health; done",
    'while read f; do gzip "$f" & done < files.txt',
  ])("%s is no fork bomb", (command) => {
    expect(spawns(command)).toBe(false);
  });
});
