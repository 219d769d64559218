/**
 * String literals of interpreter code masked out in one linear pass (docs/adr/0126): a literal becomes one LIT
 * character, one with interpolation one BUILT character, and the literal's value is kept by its index in the
 * masked text. Scans over the masked text never look inside strings and need no nested quantifiers (code comes
 * from the agent and must not stall the hook).
 */
import type { Language } from "./interpreters.ts";

export const LIT = "\u0001";
export const BUILT = "\u0002";

export interface Masked {
  readonly text: string;
  /** The value of each LIT, by its index in `text`. */
  readonly values: ReadonlyMap<number, string>;
  /** The source of each LIT and BUILT, quotes included, by its index in `text`: the code rebuilt (code-imports.ts). */
  readonly raws: ReadonlyMap<number, string>;
  /** A backtick (ruby, perl, php) command with interpolation. */
  readonly builtCommand: boolean;
}

const QUOTES: Readonly<Record<Language, string>> = {
  python: `'"`,
  javascript: "'\"`",
  ruby: "'\"`",
  perl: "'\"`",
  php: "'\"`",
  lua: `'"`,
  awk: `"`,
};
const COMMAND_BACKTICKS: ReadonlySet<Language> = new Set(["ruby", "perl", "php"]);

/** Whether a literal's text interpolates (is built at run time) in this language and quote. */
function interpolates(language: Language, quote: string, body: string, prefix: string): boolean {
  switch (language) {
    case "javascript":
      return quote === "`" && body.includes("${");
    case "ruby":
      return quote !== "'" && body.includes("#{");
    case "perl":
    case "php":
      return quote !== "'" && /[$@][{A-Za-z_]/.test(body);
    case "python":
      return /[fF]/.test(prefix) && body.includes("{");
    default:
      return false;
  }
}

export function mask(language: Language, code: string): Masked {
  const quotes = QUOTES[language];
  const values = new Map<number, string>();
  const raws = new Map<number, string>();
  let text = "";
  let builtCommand = false;
  let i = 0;
  while (i < code.length) {
    const ch = code[i]!;
    if (language === "awk" && ch === "/" && /(?:^|[(,~!{};&|\n])\s*$/.test(text.slice(-8))) {
      // An awk regex literal (`/a|b/`): its `|` is not a pipe.
      const end = code.indexOf("/", i + 1);
      if (end < 0) return { text: text + BUILT, values, raws: raws.set(text.length, code.slice(i)), builtCommand };
      raws.set(text.length, code.slice(i, end + 1));
      text += LIT;
      i = end + 1;
      continue;
    }
    if (!quotes.includes(ch)) {
      text += ch;
      i++;
      continue;
    }
    let j = i + 1;
    let body = "";
    while (j < code.length && code[j] !== ch) {
      if (code[j] === "\\" && j + 1 < code.length) {
        body += code[j + 1];
        j += 2;
      } else body += code[j++];
    }
    if (j >= code.length)
      return {
        text: text + BUILT,
        values,
        raws: raws.set(text.length, code.slice(i)),
        builtCommand: builtCommand || (ch === "`" && COMMAND_BACKTICKS.has(language)),
      };
    const built = interpolates(language, ch, body, code.slice(Math.max(0, i - 2), i));
    if (ch === "`" && COMMAND_BACKTICKS.has(language) && built) builtCommand = true;
    if (!built) values.set(text.length, body);
    raws.set(text.length, code.slice(i, j + 1));
    text += built ? BUILT : LIT;
    i = j + 1;
  }
  return { text, values, raws, builtCommand };
}
