/**
 * Files a program's own script names (docs/adr/0157): sed's `w FILE` and `W FILE` write, `r FILE` and `R FILE`
 * read, and the `w` flag of `s///` writes. `sed -n 'w ~/.bashrc' x` writes the shell profile as surely as
 * `cp x ~/.bashrc`. The script is read as sed reads it: addresses (`3`, `$`, `/re/`, `\%re%`, ranges, `!`),
 * then one command; a file name runs to the end of the line.
 */
import type { AccessMode } from "./types.ts";

export interface ScriptFile {
  readonly word: string;
  readonly mode: AccessMode;
}

const STDIO = new Set(["/dev/stdout", "/dev/stderr"]);
/** Commands whose argument runs to the end of the line (text, labels, a shell command, a file). */
const TO_END_OF_LINE = new Set(["a", "i", "c", ":", "b", "t", "T", "e", "w", "W", "r", "R", "#"]);

export function sedScriptFiles(script: string): ScriptFile[] {
  const out: ScriptFile[] = [];
  let i = 0;
  const n = script.length;
  const restOfLine = (): string => {
    const end = script.indexOf("\n", i);
    const text = script.slice(i, end === -1 ? n : end).trim();
    i = end === -1 ? n : end + 1;
    return text;
  };
  /** Past a delimited part (`/re/`, `s|a|b|`'s pieces), `i` at the delimiter that opened it. */
  const skipDelimited = (): void => {
    const d = script[i++];
    while (i < n && script[i] !== d && script[i] !== "\n") i += script[i] === "\\" ? 2 : 1;
    i++;
  };
  const file = (mode: AccessMode): void => {
    const word = restOfLine();
    if (word !== "" && !STDIO.has(word)) out.push({ word, mode });
  };
  while (i < n) {
    const c = script[i]!;
    if (/[\s;{}!,]/.test(c)) {
      i++;
      continue;
    }
    // Addresses: a line number (with `~step`), `$`, `/re/` or `\cREc` with its flags.
    if (/[\d$~+]/.test(c)) {
      i++;
      continue;
    }
    if (c === "/") {
      skipDelimited();
      while (/[IM]/.test(script[i] ?? "")) i++;
      continue;
    }
    if (c === "\\") {
      i++;
      skipDelimited();
      continue;
    }
    i++;
    if (c === "s" || c === "y") {
      skipDelimited(); // the pattern; its closing delimiter opens the replacement
      i--;
      skipDelimited();
      if (c === "s") {
        while (/[gpiImMe\d]/.test(script[i] ?? "")) i++;
        if (script[i] === "w") {
          i++;
          file("write");
        }
      }
      continue;
    }
    if (c === "w" || c === "W") file("write");
    else if (c === "r" || c === "R") file("read");
    else if (TO_END_OF_LINE.has(c)) restOfLine();
  }
  return out;
}
