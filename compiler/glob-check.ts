import picomatch from "picomatch";
import { diagnostic, type Diagnostic, type Span, ownEntry } from "../core/index.ts";

const PAIRS: Readonly<Record<string, string>> = { "[": "]", "{": "}", "(": ")" };
const OPENERS: Readonly<Record<string, string>> = { "]": "[", "}": "{", ")": "(" };

/**
 * A path glob (picomatch syntax) whose brackets, braces or parentheses do not balance, or null. picomatch
 * reads such a glob with the stray character as a literal, so `read([)` would match a file named `[` and
 * nothing the author meant: the compiler asks picomatch in strict mode and reports what it found.
 */
export function badGlob(glob: string, span: Span): Diagnostic | null {
  if (glob === "") return null;
  try {
    picomatch.makeRe(glob, { strictBrackets: true, dot: true });
    return null;
  } catch (err) {
    const m = /Missing (opening|closing): "(.)"/.exec(err instanceof Error ? err.message : String(err));
    if (m === null) return null;
    const [, side, missing = ""] = m;
    const char = side === "closing" ? (ownEntry(OPENERS, missing) ?? missing) : (ownEntry(PAIRS, missing) ?? missing);
    return diagnostic("RG1009", span, { glob, char, other: missing });
  }
}
