import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { skillDocLabels } from "../../compiler/skill-doc-labels.ts";
import { makeSource } from "../../compiler/source.ts";
import type { Range } from "../../core/span.ts";
import { scanSkillDoc } from "../../grammar/index.ts";

/** Pieces real skill docs are made of, so random documents hit every format's edge cases. */
const piece = fc.constantFrom(
  "---",
  "name: gog",
  "tool: gcloud",
  "#### delete ⚠️ DESTRUCTIVE",
  "#### label (WRITE — adds a label)",
  "## x (DESTRCTIVE)",
  "⚠️",
  "⚠\uFE0F **READ**",
  "```bash",
  "```console",
  "~~~",
  "```",
  "# READ — lists",
  "# ⚠️ DESTRUCTIVE — gog drive empty",
  "$ # WRITE",
  "$ gog gmail send",
  "gog calendar list --from today \\",
  "| Level | Ops |",
  "|---|:-:|",
  "| **READ** | `list`, `get` |",
  "| ⚠️ WRTE | `a|b` \\| `c` |",
  "@safety READ gog * list",
  "<!-- @safety DESTRUCTIVE gog -->",
  "`",
  "|",
  "(",
  ")",
  "—",
  "\r",
);
const markdown = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: "grapheme", maxLength: 80 }),
  fc.array(fc.oneof(piece, fc.string({ maxLength: 12 })), { maxLength: 30 }).map((ps) => ps.join("\n")),
  fc.array(fc.oneof(piece, fc.string({ maxLength: 6 })), { maxLength: 30 }).map((ps) => ps.join(" ")),
);

function ranges(v: unknown, out: Range[] = []): Range[] {
  if (Array.isArray(v)) for (const x of v) ranges(x, out);
  else if (v !== null && typeof v === "object") {
    const o = v as Record<string, unknown>;
    if (typeof o["start"] === "number" && typeof o["end"] === "number") out.push(o as unknown as Range);
    else for (const x of Object.values(o)) ranges(x, out);
  }
  return out;
}

describe("the skill doc scanner on any markdown", () => {
  it("never throws, and every range lies inside the text", () => {
    fc.assert(
      fc.property(markdown, (text) => {
        const r = scanSkillDoc(text);
        for (const x of ranges(r)) expect(0 <= x.start && x.start <= x.end && x.end <= text.length).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("reads a level word at the range it reports", () => {
    fc.assert(
      fc.property(markdown, (text) => {
        for (const l of scanSkillDoc(text).value.labels)
          expect(text.slice(l.level.at.start, l.level.at.end)).toBe(l.level.text);
      }),
      { numRuns: 2000 },
    );
  });

  it("compiles to labels and diagnostics without throwing", () => {
    fc.assert(
      fc.property(markdown, (text) => {
        const r = skillDocLabels(makeSource("SKILL.md", text));
        for (const d of r.diagnostics) expect(d.code).toMatch(/^RG\d{4}$/);
      }),
      { numRuns: 1000 },
    );
  });
});
