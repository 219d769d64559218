import { describe, expect, it } from "vitest";
import { callFiles } from "../../../runtime/shell/foreign-arguments.ts";

/** Sets strings aside as the reader does (`"a"` becomes `__S0__`) and reads the call's files from after its `(`. */
function files(args: string, position: number): string[] | null {
  const strings: string[] = [];
  const bare = args.replace(/"([^"]*)"/g, (_m, s: string) => {
    strings.push(s);
    return ` __S${strings.length - 1}__ `;
  });
  return callFiles(bare, position, strings, "r");
}

/** ADR 0789: the files an R call names, read from its argument list as R matches names before positions. */
describe("callFiles", () => {
  it.each<[string, number, string[] | null]>([
    // The file at its position, past a nested call or beside known options.
    [`head(mtcars), "out/cars.csv", row.names = FALSE)`, 1, ["out/cars.csv"]],
    [`summary(read.csv("a.csv")), file = "out/s.csv")`, 1, ["out/s.csv"]],
    [`"data.csv", header = TRUE)`, 0, ["data.csv"]],
    [`)`, 0, []],
    // A file named by a variable or an expression.
    [`x, f)`, 1, null],
    [`x, file = f)`, 1, null],
    [`paste0("~", "/.bashrc"))`, 0, null],
    // A name not known may be the file (R takes prefixes) or move it: every literal counts, an expression is unread.
    [`"x", "out/a.csv", fil = "~/.profile")`, 1, ["~/.profile", "x", "out/a.csv"]],
    [`text = "x", "~/.bashrc")`, 1, ["x", "~/.bashrc"]],
    [`text = "x", f)`, 1, null],
    [`head(mtcars), "out/a.csv", fi = "~/.profile")`, 1, null],
    // A call whose `)` is not in the statement.
    [`x, "out/a.csv"`, 1, null],
  ])("%s (file at %i) names %j", (args, position, expected) => {
    expect(files(args, position)).toEqual(expected);
  });
});
