import { describe, expect, test } from "vitest";
import { bashDeriver } from "./bash-deriver.ts";

const derive = bashDeriver("/home/u/proj", "/home/u");
const level = (command: string): string => derive(command).level;

// docs/adr/0434: a login key staged where the path checks cannot see authorized_keys, root over ssh on this
// machine, decryption with age.
describe("round 5 credential and privilege doors are SECURITY", () => {
  test.each([
    "echo 'ssh-ed25519 AAAA attacker' >> ak",
    "printf 'ssh-rsa AAAAB3NzaC1yc2E x\\n' > keys.txt",
    "echo 'no-pty,command=\"x\" ssh-ed25519 AAAAC3Nz me' >> /tmp/a",
    "echo 'ecdsa-sha2-nistp256 AAAAE2V x' | tee -a staged",
    "cat >> k <<'E'\nsk-ssh-ed25519@openssh.com AAAAGnNr x\nE",
    "ssh root@localhost",
    "ssh root@127.0.0.1 id",
    "ssh -l root localhost",
    "ssh -p 2222 root@[::1]",
    "ssh -o User=root localhost",
    "age -d -i key.txt secrets.age",
    "rage --decrypt -i k x.age",
  ])("%s", (command) => {
    expect(level(command)).toBe("SECURITY");
  });

  test.each([
    "echo 'ssh-ed25519 AAAAC3Nz me' > deploy_key.pub",
    "echo hello > notes.txt",
    "ssh dev@localhost",
    "ssh localhost uptime",
    "age -e -r age1xyz -o out.age in.txt",
  ])("%s is not", (command) => {
    expect(level(command)).not.toBe("SECURITY");
  });
});

describe("a file the string wrote, fed to a shell or interpreter on stdin, is the code that runs (ADR 0434)", () => {
  test.each([
    "echo 'rm -rf ~/.ssh' > /tmp/c; bash < /tmp/c",
    "echo 'rm -rf ~/.ssh' > /tmp/c; sh -s < /tmp/c",
    "printf 'rm -rf ~/notes\\n' > x.sh && zsh < x.sh",
  ])("%s", (command) => {
    expect(level(command)).toBe("DESTRUCTIVE");
  });

  test("a script nobody wrote here stays what it was", () => {
    expect(level("bash < setup.sh")).not.toBe("DESTRUCTIVE");
  });
});
