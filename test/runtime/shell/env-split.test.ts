import { describe, expect, it } from "vitest";
import { splitEnvString } from "../../../runtime/shell/env-split.ts";

const split = (value: string) => splitEnvString({ value, dynamic: false, raw: value }).map((w) => w.value);

describe("env -S strings are split as GNU env splits them (docs/adr/0658)", () => {
  it.each<[string, string, string[]]>([
    ["blanks separate words", "printf %s a  b", ["printf", "%s", "a", "b"]],
    ["quotes group words", `printf '%s' "a b" 'c d'`, ["printf", "%s", "a b", "c d"]],
    ["\\_ outside quotes separates", "printf\\_%s\\_a", ["printf", "%s", "a"]],
    ["\\_ inside double quotes is a space", `sh -c "echo\\_hi"`, ["sh", "-c", "echo hi"]],
    ["\\_ inside single quotes stays", "printf 'a\\_b'", ["printf", "a\\_b"]],
    ["\\t and \\n are those characters", `printf "a\\tb\\nc"`, ["printf", "a\tb\nc"]],
    ["\\c ends the string", "printf a \\c b c", ["printf", "a"]],
    ["# opening a word is a comment", "printf a #b c", ["printf", "a"]],
    ["# inside a word is a character", "printf a#b", ["printf", "a#b"]],
    ["escaped quotes and backslashes", `printf \\"a\\' b\\\\c`, ["printf", `"a'`, "b\\c"]],
    ["an empty quoted word is a word", `printf '' x`, ["printf", "", "x"]],
  ])("%s", (_name, value, want) => {
    expect(split(value)).toEqual(want);
  });

  it("a ${NAME} makes its word unknown", () => {
    const words = splitEnvString({ value: "sh -c ${CMD}", dynamic: false, raw: "" });
    expect(words.map((w) => w.dynamic)).toEqual([false, false, true]);
  });
});
