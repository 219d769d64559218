import { describe, expect, test } from "vitest";
import { fdSelection } from "../../../runtime/shell/fd-selection.ts";

const words = (text: string): { value: string; dynamic: boolean }[] =>
  text === "" ? [] : text.split(" ").map((value) => ({ value, dynamic: value.includes("$") }));

describe("what fd selects for -x/-X, as one path glob (ADR 0685)", () => {
  test.each<[string, string | null]>([
    ["-e ts", "./**/*.ts"],
    ["-e .orig", "./**/*.orig"],
    ["-e py test", "./**/*.py"],
    [". src -e ts", "src/**/*.ts"],
    ["-H -I -e ts", "./**/*.ts"],
    ["-HI -t f -e log . build", "build/**/*.log"],
    ["--extension=md --max-depth 2", "./**/*.md"],
    ["-g *.orig", "./**/*.orig"],
    ["--glob Makefile", "./**/Makefile"],
    ["test_ src/", "src/**/*test_*"],
    ["-e pem . ~", "~/**/*.pem"],
    ["-e ts --base-directory web", "web/**/*.ts"],
    ["-e ts --base-directory web . src", "web/src/**/*.ts"],
    ["-e ts --search-path lib", "lib/**/*.ts"],
    // A pattern every name matches: every file fd does not skip, names without a leading dot (ADR 0791).
    ["", "./**/*"],
    [". src", "src/**/*"],
    ["-t f", "./**/*"],
    ["-t f ^ docs", "docs/**/*"],
    // Unknown: hidden or ignored files found too, a real regex, a whole-path test, symlinks followed, several
    // folders or extensions, an option not known here, an expansion.
    ["-H . src", null],
    ["-tf -u .", null],
    ["--no-ignore-vcs .", null],
    ["^a.*b$", null],
    ["-p src/.*\\.ts", null],
    ["-L -e ts", null],
    ["-e ts . a b", null],
    ["-e ts -e tsx", null],
    ["--frobnicate -e ts", null],
    ["-e $EXT", null],
    ["-e ts . $DIR", null],
  ])("fd %s → %s", (args, expected) => {
    expect(fdSelection(words(args))).toBe(expected);
  });
});
