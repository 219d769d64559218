import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deriver, judge, type Deriver } from "./ops.ts";

// A real directory: the operation resolves symlinks, and the checks look at both spellings of a path.
let dir: string;
let d: Deriver;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "rulegate-hard-deny-"));
  mkdirSync(join(dir, "home", ".ssh"), { recursive: true });
  writeFileSync(join(dir, "home", ".bashrc"), "");
  symlinkSync("/", join(dir, "root-link"));
  symlinkSync("/etc", join(dir, "etc-link"));
  symlinkSync(join(dir, "home", ".bashrc"), join(dir, "rc-link"));
  symlinkSync(join(dir, "home", ".ssh"), join(dir, "ssh-link"));
  d = await deriver({ realpath: true, home: join(dir, "home") });
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("a symlink does not hide what a path really is", () => {
  it.each([
    ["rm -rf root-link/", "recursive-delete-root"],
    ["rm -rf etc-link/", "recursive-delete-root"],
    ["echo x >> rc-link", "shell-profile-write"],
    ["cat key.pub >> ssh-link/authorized_keys", "authorized-keys-write"],
  ])("%s hits %s", (command, expected) => {
    expect(judge(d.bash(command, dir), join(dir, "home"))?.check).toBe(expected);
  });

  it("a Write through a link to a shell profile hits", () => {
    expect(judge(d.tool("Write", { file_path: "rc-link", content: "x" }, dir), join(dir, "home"))?.check).toBe(
      "shell-profile-write",
    );
  });
});
