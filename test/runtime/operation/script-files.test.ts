import { describe, expect, it } from "vitest";
import { sedScriptFiles } from "../../../runtime/operation/script-files.ts";

describe("the files a sed script names (ADR 0157)", () => {
  it.each<[string, string, { word: string; mode: string }[]]>([
    ["a w command", "w /home/u/.bashrc", [{ word: "/home/u/.bashrc", mode: "write" }]],
    ["an addressed w", "1w ~/.profile", [{ word: "~/.profile", mode: "write" }]],
    ["a range of regex addresses", "/start/,/end/w /etc/cron.d/x", [{ word: "/etc/cron.d/x", mode: "write" }]],
    ["an r command reads", "/x/r ~/.ssh/id_rsa", [{ word: "~/.ssh/id_rsa", mode: "read" }]],
    ["the w flag of s", "s/a/b/gw out.log", [{ word: "out.log", mode: "write" }]],
    ["s with another delimiter", "s|a/b|c|w o2", [{ word: "o2", mode: "write" }]],
    ["after another command", "s/foo/bar/g;w x.txt", [{ word: "x.txt", mode: "write" }]],
    ["in a block", "/a/{w f1\n}", [{ word: "f1", mode: "write" }]],
    ["a custom address delimiter", "\\%x%w f3", [{ word: "f3", mode: "write" }]],
    ["a w inside a pattern is text", "s/word w/x/", []],
    ["y is a transliteration", "y/abc/xyz/", []],
    ["printing writes nothing", "1,5p", []],
    ["w to stdout is output", "w /dev/stdout", []],
  ])("%s", (_name, script, files) => {
    expect(sedScriptFiles(script)).toEqual(files);
  });
});
