import fc from "fast-check";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { extractJson } from "../../../runtime/model/answer-parse.ts";
import { loadProjectInstructions } from "../../../runtime/model/project-instructions.ts";
import { safeJson, truncateMiddle } from "../../../runtime/model/prompt-data.ts";

const ANSWER = { answers: [{ id: "q1", holds: true, reason: 'uses {braces} and "quotes"' }] };
const JSON_TEXT = JSON.stringify(ANSWER);

describe("extractJson", () => {
  it.each<[string, string, unknown]>([
    ["the object alone", JSON_TEXT, ANSWER],
    ["a fenced json block", `Sure:\n\`\`\`json\n${JSON_TEXT}\n\`\`\``, ANSWER],
    ["a fence without a language", `\`\`\`\n${JSON_TEXT}\n\`\`\``, ANSWER],
    ["the first object in prose", `My answer is ${JSON_TEXT} and that is final {"answers":[]}`, ANSWER],
    ["an object after an unbalanced brace", `I'd say { well... ${JSON_TEXT}`, ANSWER],
    ["an object after a non-JSON brace group", `set {a, b} then ${JSON_TEXT}`, ANSWER],
    ["prose only", "allow", undefined],
    ["an empty text", "", undefined],
    ["a truncated object", JSON_TEXT.slice(0, -3), undefined],
  ])("reads %s", (_name, text, expected) => {
    expect(extractJson(text)).toEqual(expected);
  });

  it("never throws and finds any JSON object embedded in brace-free prose", () => {
    const prose = fc.string().map((s) => s.replace(/[{}`]/g, ""));
    fc.assert(
      fc.property(prose, fc.dictionary(fc.string(), fc.jsonValue()), prose, (before, value, after) => {
        expect(extractJson(`${before}${JSON.stringify(value)}${after}`)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
    fc.assert(fc.property(fc.string(), (text) => void extractJson(text)));
  });
});

describe("data encoding", () => {
  it("safeJson round-trips every JSON value and never emits a markup character", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const encoded = safeJson(value);
        expect(encoded).not.toMatch(/[<>&]/);
        expect(JSON.parse(encoded)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it("truncateMiddle keeps short text, bounds long text and keeps both ends", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 3_000 }), fc.integer({ min: 60, max: 2_000 }), (text, max) => {
        const out = truncateMiddle(text, max);
        if (text.length <= max) {
          expect(out).toBe(text);
        } else {
          expect(out.length).toBeLessThanOrEqual(max);
          expect(text.startsWith(out.slice(0, out.indexOf("\n…[")))).toBe(true);
          expect(text.endsWith(out.slice(out.indexOf("]…\n") + 3))).toBe(true);
        }
      }),
    );
  });
});

describe("loadProjectInstructions", () => {
  it("loads the instruction files present in cwd, truncated in the middle to 4,000 characters", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rulegate-instr-"));
    try {
      writeFileSync(join(dir, "CLAUDE.md"), `HEAD${"c".repeat(9_000)}TAIL`);
      writeFileSync(join(dir, "AGENTS.md"), "Use pnpm.");
      mkdirSync(join(dir, ".pi"));
      writeFileSync(join(dir, ".pi", "SYSTEM.md"), "Be terse.");
      writeFileSync(join(dir, ".pi", "APPEND_SYSTEM.md"), "   \n");
      mkdirSync(join(dir, "CLAUDE.local.md"));
      const files = await loadProjectInstructions(dir);
      expect(files.map((f) => f.name)).toEqual(["CLAUDE.md", "AGENTS.md", ".pi/SYSTEM.md"]);
      const claude = files[0]?.text ?? "";
      expect(claude.length).toBeLessThanOrEqual(4_000);
      expect(claude).toMatch(/^HEADc+\n…\[\d+ characters omitted\]…\nc+TAIL$/);
      expect(files[1]?.text).toBe("Use pnpm.");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("returns nothing for a directory that does not exist", async () => {
    expect(await loadProjectInstructions("/nonexistent/rulegate/dir")).toEqual([]);
  });
});
