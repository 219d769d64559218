import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Document, isMap, isPair, isScalar, parseDocument, Scalar, type Node } from "yaml";
import { valueSpan } from "../../compiler/scalar-map.ts";
import { located, makeSource, type Located } from "../../compiler/source.ts";

/** The value of key `k` in a one-mapping YAML text, located. */
function scalarOf(text: string, key = "k"): Located<string> {
  const doc = parseDocument(text, { keepSourceTokens: true });
  const source = makeSource("f.yaml", text);
  const root = doc.contents as Node;
  if (!isMap(root)) throw new Error("expected a mapping");
  const pair = root.items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === key);
  const value = pair?.value as Node;
  if (!isScalar(value) || typeof value.value !== "string") throw new Error("expected a string");
  return located(value.value, source, value);
}

/** Offset in the file of a span start. */
function offsetOf(text: string, line: number, column: number): number {
  const lines = text.split("\n");
  return lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + column - 1;
}

describe("valueSpan maps offsets in a string value to the YAML text", () => {
  it.each([
    ["a plain scalar", "k: op.typ == x\n", "op.typ", 1, 4],
    ["a double-quoted scalar with escapes", 'k: "a\\tb \\u00e9 op.typ"\n', "op.typ", 1, 17],
    ["a single-quoted scalar with a doubled quote", "k: 'it''s op.typ'\n", "op.typ", 1, 11],
    ["a literal block scalar", "k: |\n  first\n  and op.typ\n", "op.typ", 3, 7],
    ["a folded block scalar", "k: >\n  first line\n  and op.typ\n", "op.typ", 3, 7],
    ["a multi-line plain scalar", "k: first\n   and op.typ\n", "op.typ", 2, 8],
    ["a multi-line double-quoted scalar", 'k: "first\n   and op.typ"\n', "op.typ", 2, 8],
    ["a double-quoted scalar with an escaped line break", 'k: "fir\\\n   st op.typ"\n', "op.typ", 2, 7],
  ])("in %s", (_name, text, needle, line, column) => {
    const loc = scalarOf(text);
    const start = loc.value.indexOf(needle);
    const span = valueSpan(loc, { start, end: start + needle.length });
    expect([span.line, span.column]).toEqual([line, column]);
    expect(span.endColumn - span.column).toBe(needle.length);
  });

  it("falls back to the whole scalar for a value it cannot map", () => {
    const loc = scalarOf("k: plain\n");
    const forged: Located<string> = { ...loc, value: "something else" };
    expect(valueSpan(forged, { start: 3, end: 5 })).toEqual(loc.span);
  });

  const styles = [
    Scalar.QUOTE_DOUBLE,
    Scalar.QUOTE_SINGLE,
    Scalar.BLOCK_LITERAL,
    Scalar.BLOCK_FOLDED,
    Scalar.PLAIN,
  ] as const;
  it("lands every letter of any string, in every scalar style, on that letter in the file", () => {
    const alphabet = fc.constantFrom(..."ab XY\t\\\"'é\n#:-(){}*".split(""));
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 40 }).map((a) => a.join("")),
        fc.constantFrom(...styles),
        (value, style) => {
          const doc = new Document({ k: value });
          const node = (doc.contents as unknown as { items: { value: Scalar }[] }).items[0]?.value;
          if (node) node.type = style;
          const text = doc.toString({ lineWidth: 0 });
          // The writer may emit a forced style that reads back as something else (a plain `-\na` is a
          // sequence): that text is not a string scalar, so there is nothing to map.
          const parsed = parseDocument(text);
          const back = isMap(parsed.contents) ? parsed.contents.items[0]?.value : null;
          if (parsed.errors.length > 0 || !isScalar(back) || back.value !== value) return;
          const loc = scalarOf(text);
          for (let i = 0; i < value.length; i++) {
            const ch = value[i] ?? "";
            if (!/[abXY]/.test(ch)) continue;
            const span = valueSpan(loc, { start: i, end: i + 1 });
            expect(text[offsetOf(text, span.line, span.column)]).toBe(ch);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
