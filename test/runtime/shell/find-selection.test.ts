import { describe, expect, test } from "vitest";
import { findSelection } from "../../../runtime/shell/find-selection.ts";

const words = (text: string): { value: string; dynamic: boolean }[] =>
  text.split(" ").map((value) => ({ value, dynamic: value.includes("$") }));

describe("what find selects, as one path glob (ADR 0213)", () => {
  test.each<[string, string | null]>([
    [". -name *.pyc -delete", "./**/*.pyc"],
    [". -type d -name __pycache__ -exec rm -rf {} +", "./**/__pycache__"],
    ["-L src -iname *.orig", "src/**/*.orig"],
    ["~/Documents -name *.docx -delete", "~/Documents/**/*.docx"],
    ["/ -name id_rsa -exec cat {} ;", "/**/id_rsa"],
    ["-name *.log -delete", "./**/*.log"],
    // The words of -exec are not tests: `-o` there does not make the expression a branch.
    [". -name *.c -exec grep -o x {} +", "./**/*.c"],
    // A negated filter in the conjunction only narrows the name test's selection (ADR 0440).
    [". -name *.log -not -path ./node_modules/* -delete", "./**/*.log"],
    [". -not -path ./vendor/* -name *.log -delete", "./**/*.log"],
    [". -name *.log ! -name keep.log -delete", "./**/*.log"],
    ["src -type f -name *.orig ! -empty -exec rm {} +", "src/**/*.orig"],
    // Unknown: no name test, a test every name passes the start by, several starts, branches, expansions.
    [". -type d -exec chmod 755 {} +", null],
    [". -name * -delete", null],
    [". -name .* -delete", null],
    ["~ -name *.pem -exec cat {} +", null],
    ["a b -name x", null],
    [". -name x -o -name y", null],
    [". ! -name x -delete", null],
    [". -not -name x -delete", null],
    [". -name x ! ( -path y ) -delete", null],
    [". -name x ! -delete", null],
    [". -name x -not -exec test {} ; -delete", null],
    // An action before the name test acts on every entry.
    [". -delete -name *.pyc", null],
    [". -exec rm {} + -name *.pyc", null],
    ["$D -name x -delete", null],
    [". -name $N -delete", null],
    ["build -name b* -delete", null],
  ])("find %s → %j", (args, expected) => {
    expect(findSelection(words(args))).toBe(expected);
  });
});
