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
    // A device or a target known only at run time is formatted (images in the workspace: ADR 0338).
    ["mkfs.ext4 /dev/sda1", "DESTRUCTIVE"],
    ["mkfs -t ext4 /dev/sdb", "DESTRUCTIVE"],
    ["mkfs.ext4 $DEV", "DESTRUCTIVE"],
  ])("%s is %s", (command, level) => {
    expect(op(command).level).toBe(level);
  });
});

describe("input and loops that never end, kept, copied into a file or left running, are EXPENSIVE (ADR 0319)", () => {
  test.each([
    "gzip -c /dev/zero > /tmp/z.gz",
    "xz -c < /dev/urandom > /tmp/r.xz",
    "cat /dev/urandom | gzip > x.gz",
    "tr -dc a-z < /dev/urandom > f",
    "base64 /dev/urandom >> out.txt",
    "yes | tee fill.txt",
    "tail -f /dev/zero",
    "tail /dev/zero",
    "sort -S 100% /dev/urandom",
    "sort < /dev/zero",
    "sh -c 'cat /dev/zero | sort'",
    "cat /dev/urandom | tr -d x | shuf",
    "yes | sort",
    "grep x /dev/zero",
    "dd if=/dev/urandom of=/dev/null bs=1G count=1000000 &",
    "yes > /dev/null &",
    "cat /dev/urandom > /dev/null &",
    "nohup sha256sum /dev/zero",
    "seq 1 1000000000 > big.txt",
    "seq 0 5 100000000000 >> nums",
    "seq inf > f",
    "seq 1e10 > f",
    "cp /dev/zero fill.bin",
    "mkfile 200g big",
    "while :; do mkdir -p a/a/a/a && cd a; done",
    "for ((;;)); do touch x$RANDOM; done",
    "until false; do echo x >> f; done",
    "while true; do mktemp; sleep 0.1; done",
    "head -c 20G /dev/zero | sort",
    "head -n 1 /dev/zero | sort",
  ])("%s", (command) => {
    const o = op(command);
    expect(o.level).toBe("EXPENSIVE");
    expect(o.categories).toContain("resource-exhaustion");
  });

  test.each([
    "cat /dev/urandom | tr -dc a-z | head -c 32",
    "tr -dc 'A-Za-z0-9' < /dev/urandom | head -c 32",
    "LC_ALL=C tr -dc A-Za-z0-9 </dev/urandom | fold -w 32 | head -n 1",
    "base64 /dev/urandom | head -c 100",
    "head -c 16 /dev/urandom | xxd -p",
    "head -c 32 /dev/urandom | sort",
    "yes | npm init",
    "yes | head -n 5 > y.txt",
    "seq 1 100 > n.txt",
    "dd if=/dev/zero of=/dev/null bs=1G count=1000",
    "dd if=/dev/zero of=disk.img bs=1M count=1024",
    "while true; do date >> log.txt; sleep 5; done",
    "while :; do mkdir x; break; done",
    "npm run dev &",
  ])("%s ends or is bounded", (command) => {
    expect(["READ", "WRITE"]).toContain(op(command).level);
  });
});

describe("jobs past any machine's cores from xargs/parallel, and floods, are EXPENSIVE (ADR 0350)", () => {
  test.each([
    "seq 1 100000 | xargs -P 100000 -I{} sleep 1000",
    "parallel -j0 sleep 1000 ::: $(seq 100000)",
    "xargs -P 0 -n 1 sh -c 'sleep 9999' < /dev/urandom",
    "cat urls | xargs --max-procs=500 curl -sO",
    "ls | parallel --jobs 0 gzip",
    "ping -f 1.2.3.4",
    "ping -i 0.001 10.0.0.1",
    "ping -qf target.example",
    "hping3 --flood -S 1.2.3.4",
    "nping --rate 100000 10.0.0.1",
    "ab -n 10000000 -c 1000 https://example.com/",
    "wrk -t64 -c10000 -d3600s https://example.com",
    "hey -n 100000000 -c 5000 https://example.com",
    "siege -c 1000 -t 1h https://example.com",
    "slowhttptest -c 10000 -H -u https://example.com",
    "bombardier -c 2000 -n 10000000 victim.com",
  ])("%s", (command) => {
    const o = op(command);
    expect(o.level).toBe("EXPENSIVE");
    expect(o.categories).toContain("resource-exhaustion");
  });

  test.each([
    "ping -c 3 example.com",
    "ping -i 0.5 -c 10 8.8.8.8",
    "ab -n 1000 -c 10 http://localhost:3000/",
    "wrk -t2 -c10 -d10s http://127.0.0.1:8080/health",
  ])("%s stays below EXPENSIVE", (command) => {
    expect(["READ", "WRITE"]).toContain(op(command).level);
  });
});
