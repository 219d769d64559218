import { beforeAll, describe, expect, test } from "vitest";
import { deriveOperation } from "../../../runtime/operation/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";

let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});
const level = (command: string): string =>
  deriveOperation(
    { tool: "Bash", input: { command }, cwd: "/home/u/proj" },
    { home: "/home/u", skills: [], analyzer, realpath: false },
  ).level;
const stopped = (l: string): boolean => l === "SECURITY" || l === "DESTRUCTIVE" || l === "EXPENSIVE";

describe("kernel and device controls of the host change the machine (ADR 0467)", () => {
  test.each([
    "swapoff -a",
    "sudo swapoff --all",
    "swapoff /swapfile",
    "swapon -a",
    "cpupower frequency-set -g powersave",
    "cpupower -c all idle-set -D 0",
    "tuned-adm profile powersave",
    "dmesg -C",
    "dmesg --clear",
    "sudo dmesg -c",
    "dmesg -n 1",
    "ipcrm -a",
    "ipcrm --all=shm",
    "ipcrm -m 12345",
    "prlimit --pid 1 --nofile=1:1",
    "prlimit --pid 1 -n1:1",
    "prlimit -p 1 --nofile=1:1",
    "prlimit --pid=812 --nproc=0",
    "loadkeys dvorak",
    "setfont /tmp/x.psf",
    "lastlog --clear --user dev",
    "lastlog -C -u root",
    "faillock --user root --reset",
    "zramctl --reset /dev/zram0",
    "zramctl -s 64M /dev/zram0",
    "blockdev --setro /dev/sda",
    "blockdev --setrw /dev/nvme0n1",
    "blockdev --flushbufs /dev/sda",
    "hdparm -Y /dev/sda",
    "hdparm -S 1 /dev/sda",
    "hdparm -W0 /dev/sda",
    "sdparm --command=stop /dev/sda",
    "smartctl -s off /dev/sda",
    "logrotate -f /etc/logrotate.conf",
    "logrotate --force /etc/logrotate.d/nginx",
    "logrotate /etc/logrotate.conf",
    "ss -K dst 0.0.0.0/0",
    "ss --kill state established",
    "ss -tK dst 10.0.0.1",
    "udevadm trigger",
    "blkzone reset /dev/nvme0n2",
    "trust anchor --store evil.crt",
    "sudo trust anchor /tmp/ca.pem",
    "dpkg-reconfigure -f noninteractive ca-certificates",
    "dpkg-divert --add --rename --divert /usr/bin/ls.real /usr/bin/ls",
  ])("%s is stopped", (command) => {
    expect(stopped(level(command))).toBe(true);
  });

  test.each([
    "swapon --show",
    "swapon -s",
    "swapon",
    "cpupower frequency-info",
    "tuned-adm active",
    "dmesg",
    "dmesg -T | tail",
    "dmesg --level=err",
    "ipcs -a",
    "prlimit --pid 1",
    "lastlog",
    "lastlog -u dev",
    "zramctl",
    "blockdev --getsize64 /dev/sda",
    "blockdev --report",
    "hdparm -I /dev/sda",
    "hdparm -tT /dev/sda",
    "smartctl -a /dev/sda",
    "logrotate -d /etc/logrotate.conf",
    "ss -tlnp",
    "ss -s",
    "udevadm info /dev/sda",
    "blkzone report /dev/nvme0n2",
    "trust list",
    "dpkg-divert --list",
  ])("%s only looks", (command) => {
    expect(level(command)).toBe("READ");
  });
});
