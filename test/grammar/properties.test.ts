import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Range } from "../../core/span.ts";
import {
  findAnnotations,
  parseAnnotation,
  parseExpression,
  parsePattern,
  type Expr,
  type ParseResult,
} from "../../grammar/index.ts";
import { expr, grammarShaped, print, specText } from "./arbitraries.ts";
import { show } from "./show.ts";

const anyText = fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: "grapheme", maxLength: 30 }), grammarShaped);

/** Every range anywhere in a value (`at`, `toolAt`, `levelAt`, …), found by walking the plain data. */
function ranges(v: unknown, out: Range[] = []): Range[] {
  if (Array.isArray(v)) for (const x of v) ranges(x, out);
  else if (v !== null && typeof v === "object") {
    const o = v as Record<string, unknown>;
    if (typeof o["start"] === "number" && typeof o["end"] === "number") out.push(o as unknown as Range);
    else for (const x of Object.values(o)) ranges(x, out);
  }
  return out;
}

function wellFormed(text: string, r: ParseResult<unknown>): void {
  expect(r.value !== null || r.errors.length > 0).toBe(true);
  for (const x of ranges([r.value, r.errors])) {
    expect(Number.isInteger(x.start) && Number.isInteger(x.end)).toBe(true);
    expect(0 <= x.start && x.start <= x.end && x.end <= text.length).toBe(true);
  }
  const starts = r.errors.map((e) => e.at.start);
  expect(starts).toEqual([...starts].sort((a, b) => a - b));
}

describe("the parsers on any input", () => {
  it.each([
    ["parseExpression", parseExpression],
    ["parsePattern", parsePattern],
    ["parseAnnotation", parseAnnotation],
    ["findAnnotations", findAnnotations],
  ] as const)("%s never throws and returns a value or errors with ranges inside the input", (_name, parse) => {
    fc.assert(
      fc.property(anyText, (text) => wellFormed(text, parse(text))),
      { numRuns: 400 },
    );
  });

  it("parseExpression gives the same answer when asked twice (the shared parser keeps no state between calls)", () => {
    fc.assert(
      fc.property(grammarShaped, grammarShaped, (a, b) => {
        const first = parseExpression(a);
        parseExpression(b);
        expect(parseExpression(a)).toEqual(first);
      }),
      { numRuns: 200 },
    );
  });
});

describe("round trips", () => {
  it("parsing a printed expression gives back the same tree", () => {
    fc.assert(
      fc.property(expr, (e: Expr) => {
        const text = print(e);
        const r = parseExpression(text);
        expect(r.errors).toEqual([]);
        expect(r.value === null ? null : show(r.value)).toBe(show(e));
      }),
      { numRuns: 500 },
    );
  });

  it("every node's range slices its own text out of the input", () => {
    fc.assert(
      fc.property(expr, (e: Expr) => {
        const text = print(e);
        const walk = (x: Expr): void => {
          const again = parseExpression(text.slice(x.at.start, x.at.end));
          expect(again.errors).toEqual([]);
          expect(again.value === null ? null : show(again.value)).toBe(show(x));
          if (x.kind === "and" || x.kind === "or" || x.kind === "list") x.items.forEach(walk);
        };
        const r = parseExpression(text).value;
        if (r !== null) walk(r);
      }),
      { numRuns: 200 },
    );
  });

  it("a pattern's spec is kept verbatim and specAt slices it out of the input", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("bash", "Read", "mcp__github__*"),
        specText,
        fc.constantFrom("", "  "),
        (tool, spec, pad) => {
          const text = `${pad}${tool}(${spec})${pad}`;
          const p = parsePattern(text).value;
          expect(p?.spec).toBe(spec);
          expect(p?.specAt === null || p?.specAt === undefined ? null : text.slice(p.specAt.start, p.specAt.end)).toBe(
            spec,
          );
          expect(p === null ? null : text.slice(p.at.start, p.at.end)).toBe(`${tool}(${spec})`);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("an annotation's level and command words come back as written", () => {
    const word = fc
      .stringMatching(/^[^\s]{1,8}$/)
      .filter((w) => !w.includes("-->") && !w.startsWith("<!--") && !w.endsWith("-") && w !== "@safety");
    fc.assert(
      fc.property(word, fc.array(word, { minLength: 1, maxLength: 4 }), fc.boolean(), (level, command, comment) => {
        const body = `@safety ${level} ${command.join(" ")}`;
        const r = parseAnnotation(comment ? `<!-- ${body} -->` : body);
        expect(r.errors).toEqual([]);
        expect(r.value?.level).toBe(level);
        expect(r.value?.command).toEqual(command);
      }),
      { numRuns: 300 },
    );
  });
});
