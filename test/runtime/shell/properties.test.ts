import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { loadShellAnalyzer, type ShellAnalysis } from "../../../runtime/shell/index.ts";
import { analyzer } from "./view.ts";

let analyze: (command: string) => ShellAnalysis;
beforeAll(async () => {
  analyze = await analyzer();
});

const WORDS = [
  "rm",
  "-rf",
  "/tmp/x",
  "git",
  "push",
  "--force",
  "-f",
  "a.txt",
  "x1",
  "build/out",
  "--opt=val",
  "-n10",
  "sudo",
  "bash",
  "-c",
  "echo",
  "find",
  "-exec",
  "{}",
  "xargs",
  "env",
  "A=1",
];
const OPERATORS = [" ", " ", " ", "; ", " && ", " || ", " | ", " & ", "\n", " |& "];
const FRAGMENTS = [
  "$(",
  ")",
  "`",
  "'",
  '"',
  "${",
  "}",
  "<(",
  ">(",
  "<<EOF\n",
  "\nEOF\n",
  "<<<",
  "> ",
  ">> ",
  "2>&1",
  "&>",
  "<>",
  "{ ",
  "; }",
  "( ",
  " )",
  "if ",
  "; then ",
  "; fi",
  "for x in ",
  "; do ",
  "; done",
  "case ",
  " in ",
  ") ;; esac",
  "$X",
  "$'\\x72'",
  "\\",
  "~",
  "[[ ",
  " ]]",
  "!",
  "#",
  "=",
  "eval ",
  "bash -c ",
  "python -c ",
  "| sh",
  "$((1+",
  "))",
];

/** Random text that looks like bash: real words, operators and syntax fragments, often unbalanced. */
const grammarShaped = fc
  .array(fc.oneof(fc.constantFrom(...WORDS), fc.constantFrom(...OPERATORS), fc.constantFrom(...FRAGMENTS)), {
    maxLength: 40,
  })
  .map((parts) => parts.join(""));

describe("properties", () => {
  it("never throws on arbitrary strings", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: "binary" }), (s) => {
        const a = analyze(s);
        expect(a.source).toBe(s);
      }),
      { numRuns: 2000 },
    );
  });

  it("gives the same result with and without the cache", async () => {
    const a = await loadShellAnalyzer();
    fc.assert(
      fc.property(grammarShaped, (s) => {
        expect(a.analyzeUncached(s)).toEqual(a.analyze(s));
      }),
      { numRuns: 500 },
    );
  });

  it("never throws on grammar-shaped random commands, and fails closed on parse errors", () => {
    fc.assert(
      fc.property(grammarShaped, (s) => {
        const a = analyze(s);
        expect(a.unanalysable).toBe(a.findings.some((f) => f.kind === "unanalysable"));
        for (const c of a.commands) expect(c.text).toBe([c.program, ...c.args].join(" "));
      }),
      { numRuns: 3000 },
    );
  });

  /** Ways of writing one word that bash reads as the same word. */
  const requote = (word: string, how: number): string => {
    switch (how % 7) {
      case 6:
        return [...word].map((ch) => `\\${ch}`).join("");
      case 0:
        return word;
      case 1:
        return `'${word}'`;
      case 2:
        return `"${word}"`;
      case 3:
        return word.length > 1 ? `${word[0]}"${word.slice(1)}"` : `"${word}"`;
      case 4:
        return `$'${word}'`;
      default:
        return word.length > 1 ? `'${word.slice(0, 1)}'${word.slice(1)}` : `'${word}'`;
    }
  };

  it("re-quoting words the way bash treats as equal does not change the commands", () => {
    const plainWords = fc.constantFrom(...WORDS.filter((w) => !w.includes("=") && w !== "{}"));
    const command = fc.array(fc.array(plainWords, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(command, fc.array(fc.nat(), { minLength: 20, maxLength: 20 }), (cmds, hows) => {
        const plain = cmds.map((ws) => ws.join(" ")).join(" ; ");
        let k = 0;
        const quoted = cmds.map((ws) => ws.map((w) => requote(w, hows[k++ % hows.length]!)).join(" ")).join(" ; ");
        const shape = (a: ShellAnalysis) =>
          a.commands.map((c) => ({
            program: c.program,
            args: c.args,
            text: c.text,
            flags: c.flags,
            wrappers: c.context.wrappers,
          }));
        expect(shape(analyze(quoted))).toEqual(shape(analyze(plain)));
      }),
      { numRuns: 1500 },
    );
  });

  it("insignificant whitespace does not change the commands", () => {
    const plainWords = fc.constantFrom(...WORDS.filter((w) => w !== "{}"));
    fc.assert(
      fc.property(
        fc.array(plainWords, { minLength: 1, maxLength: 8 }),
        fc.array(fc.constantFrom(" ", "  ", "\t", " \\\n "), { minLength: 8, maxLength: 8 }),
        (ws, seps) => {
          const spaced = "  " + ws.map((w, i) => (i === 0 ? w : seps[i % seps.length]! + w)).join("") + " \t";
          const texts = (a: ShellAnalysis) => a.commands.map((c) => c.text);
          expect(texts(analyze(spaced))).toEqual(texts(analyze(ws.join(" "))));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
