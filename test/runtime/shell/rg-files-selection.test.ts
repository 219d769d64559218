import { describe, expect, test } from "vitest";
import { rgFilesSelection } from "../../../runtime/shell/rg-files-selection.ts";

const words = (text: string): { value: string; dynamic: boolean }[] =>
  text === "" ? [] : text.split(" ").map((value) => ({ value, dynamic: value.includes("$") }));

describe("what rg --files lists, as path globs (ADR 0768)", () => {
  test.each<[string, readonly string[] | null]>([
    ["--files -g *.tmp", ["./**/*.tmp"]],
    ["--files -g *.log -g !keep.log build/", ["build/**/*.log"]],
    ["--files --glob=*.ts --hidden src", ["src/**/*.ts"]],
    ["--files -g*.md -t md -uu", ["./**/*.md"]],
    ["--files --iglob *.PEM ~", ["~/**/*.PEM"]],
    ["--files -g *.o a b", ["a/**/*.o", "b/**/*.o"]],
    ["--files -g *.tmp /", ["/**/*.tmp"]],
    // No positive glob: every file it does not skip, names without a leading dot (ADR 0791); rg -l likewise.
    ["--files", ["./**/*"]],
    ["--files -g !*.md src", ["src/**/*"]],
    ["-l oldName src", ["src/**/*"]],
    ["-l -w -e oldName lib test", ["lib/**/*", "test/**/*"]],
    ["--files-with-matches -F a.b", ["./**/*"]],
    // Unknown: hidden or ignored files listed too, rg printing lines, a glob of wildcards only or with a folder
    // in it, symlinks followed out of the tree, an option not known here, an expansion.
    ["--files --hidden", null],
    ["--files -uu src", null],
    ["-l --no-ignore foo", null],
    ["foo src", null],
    ["-c foo src", null],
    ["-l --pre ./x.sh foo src", null],
    ["--files -g *", null],
    ["--files -g src/*.ts", null],
    ["--files -L -g *.tmp", null],
    ["--files --path-separator x -g *.tmp", null],
    ["--files -g *.tmp $DIR", null],
  ])("rg %s", (args, expected) => {
    expect(rgFilesSelection(words(args))).toEqual(expected);
  });
});
