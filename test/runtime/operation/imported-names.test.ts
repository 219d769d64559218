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

describe("a one-liner's imported names are judged as the functions they import (docs/adr/0507)", () => {
  test.each([
    `python3 -c "from os import unlink; unlink('/etc/passwd')"`,
    `python3 -c "from os import system as s; s('rm -rf /home/u/Documents')"`,
    `python3 -c "from shutil import rmtree as r; r('/home/u')"`,
    `python3 -c "getattr(__import__('os'),'remove')('/home/u/.gitconfig')"`,
    `python3 -c "from os import *; chmod('/etc/sudoers', 0o666)"`,
    `node -e "const {rmSync: r} = require('fs'); r('/home/u/.ssh', {recursive: true})"`,
    `node -e "const f = require('fs'); f['rm'+'Sync']('/home/u/.ssh', {recursive: true})"`,
    `ruby -e "include FileUtils; rm_rf '/home/u/Documents'"`,
    `perl -e "POSIX::unlink('/etc/hosts')"`,
  ])("%s", (command) => {
    expect(["SECURITY", "DESTRUCTIVE"]).toContain(level(command));
  });

  test.each([
    `python3 -c "from os import getcwd; print(getcwd())"`,
    `python3 -c "from os.path import join as j; print(j('a', 'b'))"`,
    `node -e "const {readFileSync: r} = require('fs'); console.log(r('package.json', 'utf8'))"`,
    `ruby -e "include FileUtils; mkdir_p 'build'"`,
  ])("%s stays below SECURITY", (command) => {
    expect(["READ", "WRITE"]).toContain(level(command));
  });

  test.each([
    ["perl -MExtUtils::Command -e rm_rf /home/u/Documents", "rm -rf -- /home/u/Documents"],
    ["perl -MExtUtils::Command -e rm_f /etc/hosts", "rm -f -- /etc/hosts"],
    ["perl -M ExtUtils::Command -e 'rm_rf()' -- .git", "rm -rf -- .git"],
    ["perl -e 'use ExtUtils::Command; rm_rf' /home/u", "rm -rf -- /home/u"],
    ["perl -MExtUtils::Command -e mkpath build/out", "mkdir -p -- build/out"],
    ["perl -MExtUtils::Command -e cat README.md", "cat -- README.md"],
  ])("ExtUtils::Command's %s is judged as %s", (perl, command) => {
    const derive = (c: string) =>
      deriveOperation(
        { tool: "Bash", input: { command: c }, cwd: "/home/u/proj" },
        { home: "/home/u", skills: [], analyzer, realpath: false },
      );
    const [a, b] = [derive(perl), derive(command)];
    expect([a.level, a.categories, a.paths]).toEqual([b.level, b.categories, b.paths]);
  });
});
