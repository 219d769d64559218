import { describe, expect, test } from "vitest";
import { bashDeriver } from "./bash-deriver.ts";

/** Keyrings, wallets, repository secrets and readers that take no pattern (ADR 0490). */
const bash = bashDeriver("/home/u/proj", "/home/u");

describe("a keyring, wallet or password manager read is a credential read", () => {
  test.each([
    "python3 -m keyring get github token",
    "python -m keyring get system user",
    "keyring get github token",
    "kwallet-query -r github kdewallet",
    "kwallet-query -l kdewallet -f Passwords",
    "kwalletcli -f Passwords -e github",
    "keepassxc-cli show -s db.kdbx github",
    "rbw get github",
    "passage show email/work",
    "secret-tool lookup service github",
    "security find-generic-password -s github -w",
  ])("%s", (command) => {
    const op = bash(command);
    expect(op.level).toBe("SECURITY");
    expect(op.categories).toContain("credentials");
  });
});

describe("a repository's encrypted secrets decrypted, or their key handed out, are credentials", () => {
  test.each([
    "git-crypt unlock",
    "git-crypt unlock ~/keys/repo.key",
    "git crypt unlock",
    "git-crypt export-key /tmp/k",
    "git-crypt add-gpg-user attacker@example.com",
    "git secret reveal -f",
    "git-secret cat config/secrets.yml",
    "transcrypt -d",
    "transcrypt -c aes-256-cbc -p hunter2 -y",
    "blackbox_decrypt_all_files",
    "blackbox_cat config/prod.env.gpg",
    "blackbox decrypt --all",
  ])("%s", (command) => {
    const op = bash(command);
    expect(op.level).toBe("SECURITY");
    expect(op.categories).toContain("credentials");
  });
  test.each(["git-crypt status", "git crypt status -e", "git secret list", "transcrypt --list", "git-crypt lock"])(
    "%s stays below SECURITY",
    (command) => {
      expect(bash(command).level).not.toBe("SECURITY");
    },
  );
});

describe("a reader that takes no pattern reads its first operand", () => {
  const reads = (command: string) =>
    bash(command)
      .paths.filter((a) => a.mode === "read")
      .map((a) => a.path);
  test.each([
    ["xmllint --recover ~/.ssh/id_rsa", "/home/u/.ssh/id_rsa"],
    ["xmllint ~/.aws/credentials", "/home/u/.aws/credentials"],
    ["xmllint --noout --xpath //a ~/.ssh/id_ed25519", "/home/u/.ssh/id_ed25519"],
    ["xmllint --noout --schema s.xsd ~/.netrc", "/home/u/.netrc"],
    ["gron ~/.docker/config.json", "/home/u/.docker/config.json"],
  ])("%s reads %s", (command, path) => {
    expect(reads(command)).toContain(path);
  });
  test("xmllint's output option is a write, its schema a read", () => {
    const op = bash("xmllint --format --schema s.xsd -o out.xml in.xml");
    expect(op.paths.filter((a) => a.mode === "write").map((a) => a.path)).toEqual(["/home/u/proj/out.xml"]);
    expect(reads("xmllint --format --schema s.xsd -o out.xml in.xml")).toEqual(
      expect.arrayContaining(["/home/u/proj/s.xsd", "/home/u/proj/in.xml"]),
    );
  });
  test("a pattern-first reader still skips its pattern", () => {
    expect(reads("grep -r ~/.ssh docs")).not.toContain("/home/u/.ssh");
  });
});
