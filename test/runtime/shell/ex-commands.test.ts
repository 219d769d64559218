import { describe, expect, test } from "vitest";
import { safeExLine } from "../../../runtime/shell/ex-commands.ts";

describe("ex commands that only edit the file being edited and write it back (ADR 0686)", () => {
  test.each<string>([
    ":%s/foo/bar/g",
    "%s/\\s\\+$//e | x",
    "s#a#b#",
    "1,$substitute/x/y/gc",
    ":wq",
    "x",
    "q!",
    "wqa",
    "update",
    "g/^$/d",
    "v/keep/delete",
    "g!/x/d",
    "set ff=unix",
    "setlocal et ts=4 sw=4",
    "%retab",
    "noh",
  ])("%s is an edit of the file", (line) => {
    expect(safeExLine(line)).toBe(true);
  });

  test.each<string>([
    ":!rm -rf ~",
    "r !cat ~/.ssh/id_rsa",
    "w ~/.bashrc",
    "w! /etc/hosts",
    "wq /tmp/other",
    "so /tmp/x.vim",
    "source ~/.vimrc",
    "py3 import os",
    "lua os.execute('id')",
    "call system('id')",
    "%s/x/\\=system('id')/",
    "%s/x/y/ | !id",
    "g/x/normal :!id/d",
    "g/x/!id",
    "normal! ggdG",
    "set shell=/tmp/x",
    "set backupdir=~/.ssh",
    "e /etc/passwd",
    "terminal",
  ])("%s is not", (line) => {
    expect(safeExLine(line)).toBe(false);
  });
});
