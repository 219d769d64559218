/**
 * `env -S STRING` / `--split-string=STRING` split as GNU env splits it (docs/adr/0658, `info env`): blanks separate
 * words, quotes group them, and env reads its own escapes: `\_` is a blank (a separator outside quotes, a space
 * inside double quotes), `\t`, `\n`, `\f`, `\r`, `\v` are those characters, `\c` ends the string outside quotes,
 * `\#`, `\$`, `\"`, `\'`, `\\` are the character; `#` opening a word starts a comment; `${NAME}` is the variable's
 * value, unknown here. Inside single quotes only `\\` and `\'` are escapes.
 */
import { ownEntry } from "../../core/index.ts";
import type { Word } from "./words.ts";

const ESCAPED: Readonly<Record<string, string>> = {
  t: "\t",
  n: "\n",
  f: "\f",
  r: "\r",
  v: "\v",
  "#": "#",
  $: "$",
  '"': '"',
  "'": "'",
  "\\": "\\",
};

/** The words env runs, each dynamic when the string is or when it holds a `${NAME}`. */
export function splitEnvString(s: Word): Word[] {
  const words: Word[] = [];
  const text = s.value;
  let word: string | null = null;
  let dynamic = false;
  let quote: "'" | '"' | null = null;
  const end = () => {
    if (word !== null)
      words.push({ value: word, dynamic: s.dynamic || dynamic, raw: word, ...(s.echoed ? { echoed: true } : {}) });
    word = null;
    dynamic = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const next = text[i + 1] ?? "";
    if (quote === "'") {
      if (c === "'") quote = null;
      else if (c === "\\" && (next === "\\" || next === "'")) word = (word ?? "") + text[++i];
      else word = (word ?? "") + c;
      continue;
    }
    if (c === "\\") {
      i++;
      if (next === "_") {
        if (quote === '"') word = (word ?? "") + " ";
        else end();
      } else if (next === "c" && quote === null) break;
      else word = (word ?? "") + (ownEntry(ESCAPED, next) ?? `\\${next}`);
      continue;
    }
    if (c === "$" && next === "{") {
      const close = text.indexOf("}", i);
      if (close > i) {
        word = (word ?? "") + text.slice(i, close + 1);
        dynamic = true;
        i = close;
        continue;
      }
    }
    if (quote === '"') {
      if (c === '"') quote = null;
      else word = (word ?? "") + c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= "";
    } else if (/\s/.test(c)) end();
    else if (c === "#" && word === null) break;
    else word = (word ?? "") + c;
  }
  end();
  return words;
}
