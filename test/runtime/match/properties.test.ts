import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { allowedBy, patternHits } from "../../../runtime/match/index.ts";
import { bash, fetch, HOME, pattern, read, write } from "./support.ts";

const WORDS = [
  "git",
  "push",
  "--force",
  "npm",
  "test",
  "run",
  "lint",
  "rm",
  "-rf",
  "/tmp/x",
  "x",
  "ls",
  "-la",
  "echo",
  "hi",
  "cat",
  "a.txt",
];
const OPERATORS = ["; ", " && ", " || ", " | ", "\n"];
/** Ways to run a command under a wrapper. */
const WRAPS: readonly ((c: string) => string)[] = [
  (c) => `sudo ${c}`,
  (c) => `timeout 5 ${c}`,
  (c) => `env A=1 ${c}`,
  (c) => `nice ${c}`,
  (c) => `bash -c '${c}'`,
  (c) => `doas ${c}`,
];

const PROGRAMS = ["git", "npm", "rm", "ls", "echo", "cat"];
const simple = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((w) => w.join(" "));
/** A simple command that starts with a program, so a wrapper in front cannot read its words as options. */
const program = fc
  .tuple(fc.constantFrom(...PROGRAMS), fc.array(fc.constantFrom(...WORDS), { maxLength: 3 }))
  .map(([p, args]) => [p, ...args].join(" "));
const command = fc
  .tuple(simple, fc.array(fc.tuple(fc.constantFrom(...OPERATORS), simple), { maxLength: 3 }))
  .map(([first, rest]) => first + rest.map(([op, c]) => op + c).join(""));
const bashPattern = fc
  .tuple(fc.array(fc.constantFrom(...WORDS, "*"), { minLength: 1, maxLength: 3 }), fc.constantFrom("", " *", ":*", "*"))
  .map(([w, tail]) => `bash(${w.join(" ")}${tail})`);
/** A pattern that starts with a word, so its glob cannot reach over a wrapper. */
const wordPattern = fc
  .tuple(
    fc.constantFrom(...WORDS),
    fc.array(fc.constantFrom(...WORDS, "*"), { maxLength: 2 }),
    fc.constantFrom("", " *", ":*", "*"),
  )
  .map(([first, w, tail]) => `bash(${[first, ...w].join(" ")}${tail})`);
/** Texts the parser gives up on, glued to a valid command. */
const BROKEN = ["echo $(", "if then", "'unterminated", "(( ", "cat <<", "| sh", 'eval "$X"'];

describe("properties", () => {
  test("an allow never holds for an unanalysable command", () => {
    fc.assert(
      fc.property(command, fc.constantFrom(...BROKEN), fc.array(bashPattern, { maxLength: 4 }), (c, broken, ps) => {
        const op = bash(`${c}; ${broken}`);
        fc.pre(
          op.shell?.unanalysable === true ||
            op.shell?.findings.some((f) => f.kind === "executes-unknown-code") === true,
        );
        expect(allowedBy([...ps, "bash", "bash(*)"].map(pattern), op, HOME)).toBeNull();
        for (const p of ps) expect(patternHits(pattern(p), op, HOME)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  test("a pattern matching a command also matches it after `cd x && `", () => {
    fc.assert(
      fc.property(command, bashPattern, (c, p) => {
        if (patternHits(pattern(p), bash(c), HOME))
          expect(patternHits(pattern(p), bash(`cd x && ${c}`), HOME)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  test("whatever a pattern allows, the same pattern as a deny hits", () => {
    const calls = fc.oneof(
      command.map((c) => bash(c)),
      fc.constantFrom("src/a.ts", "/etc/passwd", "~/.ssh/id_rsa", "../x").map((p) => write(p)),
      fc
        .constantFrom("https://docs.example.com/a", "https://evil.com/", "http://example.com:8080/")
        .map((u) => fetch(u)),
    );
    const patterns = fc.oneof(
      bashPattern,
      fc.constantFrom("write(./src/**)", "write(/etc/*)", "write(~/.ssh/**)", "write(*.ts)", "write"),
      fc.constantFrom(
        "webfetch(domain:example.com)",
        "webfetch(https://*.example.com/*)",
        "webfetch(domain:*)",
        "webfetch",
      ),
    );
    fc.assert(
      fc.property(calls, patterns, (op, p) => {
        if (allowedBy([pattern(p)], op, HOME) !== null) expect(patternHits(pattern(p), op, HOME)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  test("a wrapper in front of a command never turns a refusal into an allow", () => {
    fc.assert(
      fc.property(program, fc.constantFrom(...WRAPS), fc.array(wordPattern, { maxLength: 3 }), (c, wrap, ps) => {
        const patterns = ps.map(pattern);
        if (allowedBy(patterns, bash(c), HOME) === null) expect(allowedBy(patterns, bash(wrap(c)), HOME)).toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  test("adding a command to an allowed call keeps it allowed only when the new command is allowed on its own", () => {
    fc.assert(
      fc.property(simple, simple, fc.array(bashPattern, { minLength: 1, maxLength: 3 }), (a, b, ps) => {
        const patterns = ps.map(pattern);
        fc.pre(allowedBy(patterns, bash(a), HOME) !== null);
        const both = allowedBy(patterns, bash(`${a}; ${b}`), HOME) !== null;
        expect(both).toBe(allowedBy(patterns, bash(b), HOME) !== null);
      }),
      { numRuns: 500 },
    );
  });

  test("a privileged command is allowed only by a pattern that names the privilege", () => {
    fc.assert(
      fc.property(
        program,
        fc.array(
          fc.oneof(
            wordPattern,
            wordPattern.map((p) => p.replace("bash(", "bash(sudo ")),
          ),
          { maxLength: 4 },
        ),
        (c, ps) => {
          const used = allowedBy(ps.map(pattern), bash(`sudo ${c}`), HOME);
          if (used !== null) for (const p of used) expect(p.text.startsWith("bash(sudo")).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  test("the built-in read-style checks agree for a Read call and `cat` of the same file", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("~/.ssh/id_rsa", "./src/a.ts", ".env", "/etc/hosts"),
        fc.constantFrom("read(~/.ssh/**)", "read(.env)", "read(/etc/**)", "read(./src/**)"),
        (file, p) => {
          expect(patternHits(pattern(p), bash(`cat ${file}`), HOME)).toBe(patternHits(pattern(p), read(file), HOME));
        },
      ),
    );
  });
});
