import { beforeAll, describe, expect, test } from "vitest";
import { deriveOperation } from "../../../runtime/operation/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";

let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});
const op = (command: string) =>
  deriveOperation(
    { tool: "Bash", input: { command }, cwd: "/home/u/proj" },
    { home: "/home/u", skills: [], analyzer, realpath: false },
  );

describe("more parallel jobs than any machine has cores, and load generators, are EXPENSIVE (ADR 0317)", () => {
  test.each([
    "make -j 100000",
    "make -j",
    "make -j test",
    "make -kj",
    "make -C sub -j",
    "make --jobs=5000",
    "make --jobs",
    "MAKEFLAGS=-j make",
    "gmake -j999",
    "ninja -j 0",
    "cargo build -j 9999",
    "cmake --build build --parallel 4000",
    "openssl speed -multi 256",
    "stress-ng --fork 0",
    "stress --vm 8 --vm-bytes 32G",
    "stress-ng --cpu 0 --vm 4",
    "memtester 30G",
    "sysbench cpu --threads=512 run",
  ])("%s", (command) => {
    const o = op(command);
    expect(o.level).toBe("EXPENSIVE");
    expect(o.categories).toContain("resource-exhaustion");
  });

  test.each([
    ["make -j4", "WRITE"],
    ["make -j$(nproc)", "WRITE"],
    ['make -j "$(nproc)"', "WRITE"],
    ["make -j8 -l 4 all", "WRITE"],
    ["ninja -j 8", "WRITE"],
    ["cargo build --release -j 16", "WRITE"],
    ["openssl speed -multi 4 rsa2048", "READ"],
    ["stress-ng --version", "READ"],
    ["sysbench --version", "READ"],
  ])("%s stays %s", (command, level) => {
    expect(op(command).level).toBe(level);
  });
});

describe("switching off or erasing the shell's history is SECURITY (ADR 0316)", () => {
  test.each([
    "history -c && unset HISTFILE",
    "history -c",
    "history -cw",
    "history -d 12",
    "unset HISTFILE",
    "unset -v HISTFILE",
    "export HISTFILE=/dev/null",
    "HISTFILE= bash run.sh",
    "HISTSIZE=0",
    "export HISTFILESIZE=0",
    "export HISTCONTROL=ignorespace",
    "export HISTIGNORE='*'",
    "set +o history",
    "fc -p",
  ])("%s", (command) => {
    const o = op(command);
    expect(o.level).toBe("SECURITY");
    expect(o.categories).toContain("audit-trail");
  });

  test.each([
    "history",
    "history 20",
    "history | tail",
    "export HISTCONTROL=ignoredups",
    "set -o pipefail",
    "unset FOO",
  ])("%s stays below SECURITY", (command) => {
    expect(["READ", "WRITE"]).toContain(op(command).level);
  });
});

describe("a filesystem's own metadata: changing it is DESTRUCTIVE, printing it reads (ADR 0317)", () => {
  test.each([
    ["tune2fs -O ^has_journal /dev/sda1", "DESTRUCTIVE"],
    ["tune2fs -c 0 -i 0 /dev/sda1", "DESTRUCTIVE"],
    ["tune2fs -U random /dev/nvme0n1p2", "DESTRUCTIVE"],
    ["e2label /dev/sda1 data", "DESTRUCTIVE"],
    ["xfs_admin -U generate /dev/sdb1", "DESTRUCTIVE"],
    ["fsck -y /dev/sda1", "DESTRUCTIVE"],
    ["e2fsck -fy /dev/sda1", "DESTRUCTIVE"],
    ["resize2fs /dev/sda1 1G", "DESTRUCTIVE"],
    ["debugfs -w /dev/sda1", "DESTRUCTIVE"],
    ["debugfs -R 'cat /etc/shadow' /dev/sda1", "SECURITY"],
    ["tune2fs -l /dev/sda1", "READ"],
    ["dumpe2fs -h /dev/sda1", "READ"],
    ["e2label /dev/sda1", "READ"],
    ["e2fsck -n /dev/sda1", "READ"],
  ])("%s is %s", (command, level) => {
    expect(op(command).level).toBe(level);
  });
});
