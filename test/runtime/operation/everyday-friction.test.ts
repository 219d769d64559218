import { beforeAll, describe, expect, test } from "vitest";
import { deriveOperation, type Operation } from "../../../runtime/operation/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";

/** Everyday work that asked for no reason (ADR 0338), and the look-alikes that keep their level. */
const HOME = "/home/u";
const CWD = "/home/u/proj";
let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});
const bash = (command: string, workspace: readonly string[] = [CWD]): Operation =>
  deriveOperation(
    { tool: "Bash", input: { command }, cwd: CWD },
    { home: HOME, skills: [], analyzer, realpath: false, workspace },
  );

describe("files taken back by the user who runs the command are a write", () => {
  test.each([
    'chown -R "$USER" ./.cache',
    "chown -R $USER:$USER .",
    "chown -R ${USER}.${USER} node_modules",
    "chown -R $(id -u):$(id -g) build",
    "chown $(whoami) notes.txt",
    "chown -R $LOGNAME: data",
  ])("%s", (command) => {
    expect(bash(command).level).toBe("WRITE");
  });

  test.each([
    "chown -R nobody ./.cache",
    'USER=root; chown -R "$USER" ./.cache',
    "chown $OWNER x",
    "chown -R root:root .",
  ])("%s still asks (SECURITY)", (command) => {
    expect(bash(command).level).toBe("SECURITY");
  });
});

describe("a disk tool run on an image file in the workspace is a write", () => {
  test.each([
    "mkfs.ext4 -F ./build/rootfs.img",
    "truncate -s 1G disk.img && mkfs.ext4 -F disk.img",
    "mkswap ./swap.img",
    "mkfs.vfat -C out/efi.img 4096",
    "cd images && mkfs.xfs -f root.img",
    // A scratch file in a temp directory (ADR 0442).
    "mkfs.ext4 /tmp/test.img",
    "mkfs.ext4 -F /var/tmp/ci/disk.img",
    "truncate -s 64M /tmp/fs.img && mkfs.vfat /tmp/fs.img",
  ])("%s", (command) => {
    expect(bash(command).level).toBe("WRITE");
  });

  test.each([
    "mkfs.ext4 /dev/sda1",
    'mkfs.ext4 "$IMG"',
    "mkfs.ext4 ~/x.img",
    "mkfs.ext4 ../elsewhere/x.img",
    "mkfs.ext4 /tmp",
    "mkfs.ext4 /dev/shm/x.img",
    'mkfs.ext4 "$TMPDIR/x.img"',
    "ln -s /dev/sda /tmp/x.img && mkfs.ext4 /tmp/x.img",
  ])("%s is not lowered", (command) => {
    // DESTRUCTIVE, or SECURITY where the file lies outside the workspace (ADR 0320). A link to a device made in
    // the string is the hard deny block-device-write's (ADR 0317 lowers mkfs on any image name).
    expect(["DESTRUCTIVE", "SECURITY"]).toContain(bash(command).level);
  });

  test("without a workspace nothing is lowered", () => {
    expect(["DESTRUCTIVE", "SECURITY"]).toContain(bash("mkfs.ext4 -F ./build/rootfs.img", []).level);
  });
});

describe("a loop variable over one literal word is that word's paths (ADR 0339)", () => {
  test.each([
    'for f in docs/*.md; do wc -l "$f"; done',
    "for f in docs/*.md; do wc -l $f; done",
    'for f in src/*.ts; do echo "== $f"; head -5 "$f"; done',
  ])("%s reads the glob's files, no unknown path", (command) => {
    const o = bash(command);
    expect(o.level).toBe("READ");
    expect(o.paths.some((p) => p.dynamic === true)).toBe(false);
  });

  test("a glob that can reach keys is judged as the keys", () => {
    const o = bash('for f in ~/.ss?/id_*; do cat "$f"; done');
    expect(o.paths.some((p) => p.path === `${HOME}/.ss?/id_*` && p.dynamic !== true)).toBe(true);
  });

  test.each([
    ['for d in ~; do rm -rf "$d"; done', `${HOME}`],
    ['for x in build; do rm -rf "$x"; done', `${CWD}/build`],
  ])("%s deletes %s", (command, path) => {
    expect(bash(command).paths.some((p) => p.mode === "delete" && p.path === path)).toBe(true);
  });

  test.each([
    'for f in a.md b.md; do wc -l "$f"; done',
    'for f in $(ls); do cat "$f"; done',
    'for f in {a,b}.md; do cat "$f"; done',
    'for f in docs/*.md; do :; done; cat "$f"',
  ])("%s keeps the variable unknown", (command) => {
    expect(bash(command).paths.some((p) => p.dynamic === true)).toBe(true);
  });
});

describe("listings of brew's services and sops encryption read (ADR 0442)", () => {
  test.each([
    ["brew services list", "READ"],
    ["brew services info postgresql@16", "READ"],
    ["sops -e secrets/dev.yaml", "READ"],
    ["sops --encrypt --age age1abc secrets/dev.yaml", "READ"],
    ["sops -e secrets/dev.yaml > secrets/dev.enc.yaml", "WRITE"],
    ["sops -e -i secrets/dev.yaml", "WRITE"],
    ["sops --encrypt --output secrets/dev.enc.yaml secrets/dev.yaml", "WRITE"],
  ])("%s is %s", (command, level) => {
    expect(bash(command).level).toBe(level);
  });

  test.each([
    "brew services start postgresql",
    "brew services run redis",
    "sops -d secrets/dev.enc.yaml",
    "sops --decrypt secrets/dev.enc.yaml",
    "sops -e -d secrets/dev.yaml",
    "sops secrets/dev.enc.yaml",
    "sops -e --extract '[\"db\"]' x.yaml",
  ])("%s still asks (SECURITY)", (command) => {
    expect(bash(command).level).toBe("SECURITY");
  });
});
