import { describe, expect, it } from "vitest";
import { codedDiagnostic, diagnostic } from "../../core/diagnostic.ts";

const span = { file: "rules.yaml", line: 2, column: 3, endLine: 2, endColumn: 9 };

describe("diagnostics from the catalog", () => {
  it("fill each code's arguments into its catalog wording", () => {
    expect(diagnostic("RG1004", span, { char: "$" }).message).toBe("unexpected character '$'");
    expect(codedDiagnostic({ code: "RG1005", args: { found: "')'" } }, span).message).toBe(
      "unexpected ')' after the end of the expression",
    );
  });

  it("RG3001 reads the same for a rules file and for an extends entry, but for who named it", () => {
    const file = diagnostic("RG3001", span, { path: "x.yaml", origin: "", detail: "no such file" });
    const extended = diagnostic("RG3001", span, {
      path: "./t.yaml",
      origin: " named in extends",
      detail: "no such file",
    });
    expect([file.severity, file.message]).toEqual(["error", "cannot read 'x.yaml': no such file"]);
    expect(extended.message).toBe("cannot read './t.yaml' named in extends: no such file");
  });

  it("type each code's arguments (npm run typecheck fails when an expected error goes away)", () => {
    // @ts-expect-error RG1004 takes { char }, not { chr }
    diagnostic("RG1004", span, { chr: "$" });
    // @ts-expect-error RG3001 needs its origin
    diagnostic("RG3001", span, { path: "x.yaml", detail: "no such file" });
    // @ts-expect-error a grammar error's arguments belong to its own code
    codedDiagnostic({ code: "RG1001", args: { char: "x" } }, span);
    // A code without placeholders takes no arguments.
    expect(diagnostic("RG1002", span, {}).message).toBe("unterminated string literal");
  });
});
