import { ownEntry } from "../../core/index.ts";
/** Decodes the body of a bash ANSI-C quoted string `$'...'` the way bash does (`$'\x72\x6d'` → `rm`). */

const SIMPLE: Readonly<Record<string, string>> = {
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
};

export function decodeAnsiC(body: string): string {
  let out = "";
  let i = 0;
  while (i < body.length) {
    const ch = body[i]!;
    if (ch !== "\\" || i + 1 >= body.length) {
      out += ch;
      i++;
      continue;
    }
    const next = body[i + 1]!;
    const simple = ownEntry(SIMPLE, next);
    if (simple !== undefined) {
      out += simple;
      i += 2;
      continue;
    }
    const m =
      /^x([0-9a-fA-F]{1,2})/.exec(body.slice(i + 1)) ??
      /^u([0-9a-fA-F]{1,4})/.exec(body.slice(i + 1)) ??
      /^U([0-9a-fA-F]{1,8})/.exec(body.slice(i + 1));
    if (m !== null) {
      out += codePoint(parseInt(m[1]!, 16));
      i += 1 + m[0].length;
      continue;
    }
    const oct = /^[0-7]{1,3}/.exec(body.slice(i + 1));
    if (oct !== null) {
      out += String.fromCharCode(parseInt(oct[0], 8) & 0xff);
      i += 1 + oct[0].length;
      continue;
    }
    if (next === "c" && i + 2 < body.length) {
      out += String.fromCharCode(body.charCodeAt(i + 2) & 0x1f);
      i += 3;
      continue;
    }
    out += "\\" + next; // unknown escapes stay as written, like bash
    i += 2;
  }
  return out;
}

function codePoint(n: number): string {
  return n <= 0x10ffff ? String.fromCodePoint(n) : "\ufffd";
}
