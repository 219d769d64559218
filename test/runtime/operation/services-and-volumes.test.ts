import { beforeAll, describe, expect, test } from "vitest";
import { deriveOperation } from "../../../runtime/operation/index.ts";
import { loadShellAnalyzer, type ShellAnalyzer } from "../../../runtime/shell/index.ts";

let analyzer: ShellAnalyzer;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
});
const level = (command: string) =>
  deriveOperation(
    { tool: "Bash", input: { command }, cwd: "/home/u/proj" },
    { home: "/home/u", skills: [], analyzer, realpath: false },
  ).level;

describe("daemons' own stop controls, kernel settings and real-time priority change the host (ADR 0348)", () => {
  test.each([
    "sysctl kernel.sysrq=1",
    "sysctl -p /tmp/evil.conf",
    "sysctl --system",
    "sysctl -qw vm.overcommit_memory=2",
    "pm2 kill",
    "pm2 delete all",
    "supervisorctl stop all",
    "supervisorctl shutdown",
    "nginx -s stop",
    "openresty -s quit",
    "apachectl stop",
    "apache2ctl -k graceful-stop",
    "pg_ctlcluster 15 main stop",
    "chrt -f 99 yes",
    "chrt 99 ./spin",
    "chrt --rr 50 node spin.js",
    "fuser -k 22/tcp",
    "fuser -k /dev/pts/*",
    "fuser --kill -n tcp 443/tcp",
  ])("%s is caught", (command) => {
    expect(["SECURITY", "DESTRUCTIVE"]).toContain(level(command));
  });

  test.each([
    "sysctl -a",
    "sysctl -n vm.swappiness",
    "pm2 list",
    "pm2 restart api",
    "supervisorctl status",
    "nginx -t",
    "apachectl configtest",
    "pg_ctlcluster 15 main status",
    "chrt -m",
    "chrt -p 1234",
    "chrt -i 0 make",
    "fuser -k 3000/tcp",
    "systemctl --user restart app-dev",
  ])("%s passes", (command) => {
    expect(["READ", "WRITE"]).toContain(level(command));
  });
});

describe("device-mapper and LVM changes lose data; listings read (ADR 0349)", () => {
  test.each([
    "dmsetup remove_all",
    "dmsetup wipe_table root",
    "dmsetup remove -f vg-root",
    "pvcreate -ff /dev/sda",
    "pvremove /dev/sdb1",
    "lvreduce -f -L 1G /dev/vg/root",
    "lvremove -y vg/data",
    "vgremove -f vg0",
    "fsfreeze -f /",
    "xfs_freeze -f /srv",
  ])("%s is DESTRUCTIVE", (command) => {
    expect(level(command)).toBe("DESTRUCTIVE");
  });

  test.each(["mount", "losetup -l", "losetup --list", "swapon --show", "dmsetup ls", "lvs", "pvdisplay"])(
    "%s reads",
    (command) => {
      expect(level(command)).toBe("READ");
    },
  );
});
