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
    // Pruned entries are not acted on: the tests after `-prune -o` say the selection (ADR 0792).
    [". -name node_modules -prune -o -name *.map -delete", "./**/*.map"],
    [". ( -name node_modules -o -name .git ) -prune -o -name *.pyc -delete", "./**/*.pyc"],
    ["src -path src/vendor -prune -o -type f -name *.orig -exec rm {} +", "src/**/*.orig"],
    [". -name node_modules -prune -o -name *.ts -print", "./**/*.ts"],
    // What is pruned only takes entries away, whatever its value.
    [". -name $X -prune -o -name *.map -delete", "./**/*.map"],
    ["~ -name node_modules -prune -o -name *.pem -exec cat {} +", null],
    // Unknown pruning: no action after it (find prints the pruned entries too), an action or no `-o` before it.
    [". -name node_modules -prune -o -name *.ts", null],
    [". -name node_modules -delete -prune -o -name *.map -delete", null],
    [". -name node_modules -prune -name *.map -delete", null],
    [". -name node_modules -prune -o -delete", null],
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
