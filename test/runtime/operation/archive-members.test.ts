import { describe, expect, test } from "vitest";
import { bashDeriver } from "./bash-deriver.ts";

const op = bashDeriver("/home/u/proj", "/home/u");
const reads = (command: string) =>
  op(command)
    .paths.filter((p) => p.mode === "read")
    .map((p) => p.path);
const treeWrites = (command: string) =>
  op(command)
    .paths.filter((p) => p.mode === "write" && p.recursive === true)
    .map((p) => p.path);

describe("names an archiver reads from stdin are its members (ADR 0424)", () => {
  test.each([
    ["tar -cf archive.tar --files-from=/dev/stdin <<< /home/u/.ssh/id_rsa", "/home/u/.ssh/id_rsa"],
    ["tar -cf archive.tar -T - <<< ~/.aws/credentials", "/home/u/.aws/credentials"],
    ["echo ~/.ssh/id_rsa | tar -czf k.tgz -T -", "/home/u/.ssh/id_rsa"],
    ["printf '%s\\n' ~/.kube/config | tar czf k.tgz -T -", "/home/u/.kube/config"],
    ["echo ~/.ssh/id_rsa | cpio -o > x.cpio", "/home/u/.ssh/id_rsa"],
    ["printf '%s\\n' ~/.ssh/id_ed25519 | zip -@ k.zip", "/home/u/.ssh/id_ed25519"],
  ])("%s reads %s", (command, path) => {
    expect(reads(command)).toContain(path);
  });

  test("a list in a file is not read here", () => {
    expect(reads("tar -czf x.tgz -T list.txt")).not.toContain("/home/u/.ssh/id_rsa");
  });
});

describe("member names rewritten out of the target, and extractors of the cwd (ADR 0424)", () => {
  test.each([
    ["tar xvf x.tar --transform 's,^,/home/u/,'", "/"],
    ["tar -xf x.tar --xform='s|^|../../|'", "/"],
    ["bsdtar -xf x.tar -s ',^,/etc/,'", "/"],
    ["pax -r -f /tmp/x.pax -s ',^,/,'", "/"],
    ["cd /usr/bin && ar x /tmp/evil.deb", "/usr/bin"],
    ["cd / && jar xf /tmp/x.jar", "/"],
    ["jar xf x.jar", "/home/u/proj"],
  ])("%s writes a tree into %s", (command, dir) => {
    expect(treeWrites(command)).toContain(dir);
  });

  test.each(["tar xf x.tar --transform 's,^src/,lib/,'", "pax -w -f out.pax src", "ar rcs libx.a a.o", "jar tf x.jar"])(
    "%s writes no tree outside the project",
    (command) => {
      expect(treeWrites(command).every((p) => p.startsWith("/home/u/proj"))).toBe(true);
    },
  );

  test("zstd -o names the file it writes", () => {
    expect(
      op("zstd -d -f /tmp/bash.zst -o /bin/bash")
        .paths.filter((p) => p.mode === "write")
        .map((p) => p.path),
    ).toContain("/bin/bash");
  });
});

describe("tar following symbolic links is SECURITY (ADR 0424)", () => {
  test.each([
    "tar -h -czf out.tgz link_to_ssh",
    "tar -chzf out.tgz dist",
    "tar --dereference -cf x.tar src",
    "tar chf x.tar d",
  ])("%s", (command) => {
    expect(op(command).level).toBe("SECURITY");
  });

  test.each(["tar -czf out.tgz dist", "tar -tzhf x.tgz"])("%s is not", (command) => {
    expect(op(command).level).not.toBe("SECURITY");
  });
});
