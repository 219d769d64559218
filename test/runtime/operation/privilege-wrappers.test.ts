import { describe, expect, test } from "vitest";
import { bashDeriver } from "./bash-deriver.ts";

/**
 * Every privilege-raising wrapper is sudo (ADR 0476): sudo's alternatives are peeled and what they run is privileged;
 * left without a command they are a root shell; setpriv to root's ids or with capabilities added is the same act.
 */
const bash = bashDeriver("/home/u/proj", "/home/u");

describe("sudo's alternatives run their command as root (ADR 0476)", () => {
  test.each([
    ["please bash", "bash"],
    ["please -u root ls", "ls"],
    ["sudo-rs -u root make install", "make"],
    ["dzdo cat /etc/hosts", "cat"],
    ["pbrun -u root bash", "bash"],
    ["pfexec ls /root", "ls"],
    ["gksudo nautilus", "nautilus"],
    ["ksu root -e ls", "ls"],
  ])("%s is %s, privileged", (command, program) => {
    const o = bash(command);
    expect(o.programs).toContain(program);
    expect(o.level).toBe("SECURITY");
    expect(o.categories).toContain("privileged");
  });

  test.each([
    "please",
    "please -s",
    "sudo-rs -s",
    "dzdo -i",
    "ksu",
    "calife",
    "super shutdown",
    "pleaseedit /etc/hosts",
  ])("%s alone is a root shell", (command) => {
    const o = bash(command);
    expect(o.level).toBe("SECURITY");
    expect(o.categories).toContain("privileged");
  });

  test.each(["please -l", "dzdo -l", "sudo-rs --version"])("listing %s reads", (command) => {
    expect(bash(command).level).toBe("READ");
  });
});

describe("setpriv to root or with capabilities added is privileged (ADR 0476)", () => {
  test.each([
    "setpriv --reuid=0 --regid=0 --init-groups sh",
    "setpriv --reuid 0 sh",
    "setpriv --euid=root make",
    "setpriv --groups 0,1000 make",
    "setpriv --inh-caps +all --ambient-caps +all sh",
    "setpriv --bounding-set +cap_sys_admin sh",
  ])("%s", (command) => {
    const o = bash(command);
    expect(o.level).toBe("SECURITY");
    expect(o.categories).toContain("privileged");
  });

  test.each([
    "setpriv --no-new-privs make",
    "setpriv --reuid=1000 --regid=1000 --clear-groups make",
    "setpriv --inh-caps -all --bounding-set -all make",
  ])("dropping privileges %s is not", (command) => {
    expect(bash(command).categories).not.toContain("privileged");
  });
});
