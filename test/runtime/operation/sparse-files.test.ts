import { describe, expect, test } from "vitest";
import { bashDeriver } from "./bash-deriver.ts";

const derive = bashDeriver("/home/u/proj", "/home/u");

describe("a huge sparse file written out in full fills the disk: EXPENSIVE (docs/adr/0562)", () => {
  test.each([
    "truncate -s 800G /tmp/sparse && cp --sparse=never /tmp/sparse /tmp/dense",
    "truncate -s 2T big.img && cat big.img > copy.img",
    "truncate --size=100G /tmp/s && dd if=/tmp/s of=/tmp/d bs=1M",
  ])("%s", (command) => {
    const o = derive(command);
    expect(o.level).toBe("EXPENSIVE");
    expect(o.categories).toContain("resource-exhaustion");
  });

  test.each([
    "truncate -s 1G ./build/disk.img",
    "truncate -s 20G vm.img && cp vm.img vm-backup.img",
    "truncate -s 1G small.img && cp --sparse=never small.img copy.img",
    "cp --sparse=never a.img b.img",
  ])("%s stays below EXPENSIVE", (command) => {
    expect(["READ", "WRITE"]).toContain(derive(command).level);
  });
});
