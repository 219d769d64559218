import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDocument, visit, Scalar } from "yaml";
import { compileText } from "../../compiler/index.ts";

const SHIPPED = [
  "rules/builtin/defaults.yaml",
  ...readdirSync("rules/examples")
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => `rules/examples/${f}`),
];
const texts = SHIPPED.map((f) => readFileSync(f, "utf8"));

describe("compiler invariants", () => {
  it("never throws on YAML-ish text and always yields a policy or an error", () => {
    const token = fc.constantFrom(
      "version: 1\n",
      "rules:\n",
      "  - id: a\n",
      "    match: ",
      "op.type == execute",
      "seen(",
      ")",
      "bash(",
      "permissions:\n",
      "  deny: [",
      "]",
      '"',
      "'",
      "|\n",
      ">\n",
      "  ",
      "\n",
      "- ",
      ": ",
      "{",
      "}",
      ",",
      "$defaults",
      "-fork-bomb",
      "hard_deny: ",
      "levels:\n",
      "  act: { ",
      "FORBIDDEN: allow",
      "after: ",
      "trigger: x\n",
      "mode: block\n",
      "extends: [builtin:defaults]\n",
      "#",
      "\\u00e9",
      "\t",
      "&a ",
      "*a ",
      "!!str ",
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(token, fc.string({ maxLength: 6 })), { maxLength: 40 }), (parts) => {
        const r = compileText(parts.join(""), "t.yaml", { dir: "/nowhere" });
        expect(r.policy !== null || r.diagnostics.some((d) => d.severity === "error")).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("never throws on mutations of the shipped rule files", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...texts),
        fc.nat(),
        fc.nat({ max: 40 }),
        fc.string({ maxLength: 8 }),
        (text, at, cut, insert) => {
          const i = at % (text.length + 1);
          const mutated = text.slice(0, i) + insert + text.slice(i + cut);
          const r = compileText(mutated, "t.yaml", { dir: "/nowhere" });
          expect(r.policy !== null || r.diagnostics.length > 0).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  const styles = [Scalar.PLAIN, Scalar.QUOTE_DOUBLE, Scalar.QUOTE_SINGLE, Scalar.BLOCK_LITERAL] as const;
  it("keeps the hash when the YAML is reformatted: flow or block, quoting style, comments", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...texts),
        fc.boolean(),
        fc.array(fc.constantFrom(...styles), { minLength: 1, maxLength: 5 }),
        (text, flow, picks) => {
          const before = compileText(text, "a.yaml", { dir: "/nowhere" });
          const doc = parseDocument(text);
          let n = 0;
          visit(doc, {
            Scalar(_k, node) {
              // Keys and non-string values keep their style; every string value takes the next picked style.
              if (typeof node.value === "string" && !node.value.includes("\n") && _k !== "key")
                node.type = picks[n++ % picks.length] ?? Scalar.PLAIN;
            },
          });
          const reformatted =
            "# reformatted\n" + doc.toString({ collectionStyle: flow ? "flow" : "block", lineWidth: 0 });
          const after = compileText(reformatted, "b.yaml", { dir: "/nowhere" });
          expect(after.policy?.hash).toBe(before.policy?.hash);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("changes the hash when the content changes", () => {
    const a = compileText('version: 1\npermissions:\n  deny: ["bash(rm *)"]\n', "a.yaml").policy?.hash;
    const b = compileText('version: 1\npermissions:\n  deny: ["bash(rm -r *)"]\n', "a.yaml").policy?.hash;
    expect(a).toBeDefined();
    expect(a).not.toBe(b);
  });
});
