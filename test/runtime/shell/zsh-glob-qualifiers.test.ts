import { describe, expect, test } from "vitest";
import { withoutGlobQualifiers } from "../../../runtime/shell/zsh-glob-qualifiers.ts";

describe("zsh glob qualifiers that only filter are dropped before parsing (ADR 0800)", () => {
  test.each<[string, string]>([
    ["print -l src/**/*.ts(.N) | wc -l", "print -l src/**/*.ts | wc -l"],
    ["ls -d src/*(/)", "ls -d src/*"],
    ["wc -l src/**/*.py(.om[1,5])", "wc -l src/**/*.py"],
    ["echo src/*(.L+10) src/*(^@,/);", "echo src/* src/*;"],
    ["echo log/*(mh-1)", "echo log/*"],
  ])("%s", (code, want) => {
    expect(withoutGlobQualifiers(code)).toBe(want);
  });

  test.each<[string, string]>([
    ["code run for every name", "print -l *(e:'echo x':)"],
    ["a function run for every name", "print -l *(+f)"],
    ["dotfiles added", "print -l ~/*(D)"],
    ["names rewritten by a modifier", "print -l src/*(:h)"],
    ["a quoted pattern", "echo 'a*(.)' \"b*(/)\""],
    ["no glob in the word", "f(.)"],
    ["a substitution", "echo $(ls) <(ls)"],
    ["a qualifier list not ending the word", "echo *(.)x"],
    ["an empty list", "echo *()"],
  ])("%s stays as written", (_, code) => {
    expect(withoutGlobQualifiers(code)).toBe(code);
  });
});
