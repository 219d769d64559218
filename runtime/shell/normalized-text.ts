/**
 * The command with insignificant whitespace and quoting normalized (docs/reference/operations.md, the bash part of a signature),
 * read off the tree rather than the text. Leaves are joined by one space where the source had blanks between
 * them, by a newline where it had a line break (a newline separates commands), and by nothing where they
 * touched. A word whose value is a plain literal is written in one canonical quoting (`'rm'`, `"rm"`, `r\m`
 * and `rm` are the same word to bash, so they get the same text); a word with an expansion, a glob, braces or
 * a `~` is kept as written, because there quoting changes what runs. Comments are dropped; heredoc bodies are
 * kept verbatim; backslash-newline continuations are blanks.
 */
import { Scope } from "./scope.ts";
import type { SyntaxNode as Node } from "./syntax.ts";
import { evalWord } from "./words.ts";

const VERBATIM: ReadonlySet<string> = new Set(["heredoc_body"]);
const WORDS: ReadonlySet<string> = new Set(["word", "string", "raw_string", "ansi_c_string", "concatenation"]);
const BARE = /^[A-Za-z0-9_@%+=:,./-]+$/;

export function normalizedText(root: Node, source: string): string {
  const out: string[] = [];
  let last = -1;
  const env = { scope: new Scope(), onSubstitution: () => undefined };
  const emit = (start: number, end: number, text: string, keepGap: boolean): void => {
    if (keepGap && last >= 0) out.push(source.slice(last, start));
    else if (last >= 0) {
      const gap = source.slice(last, start).replace(/\\\r?\n/g, " ");
      if (gap.includes("\n")) out.push("\n");
      else if (gap.length > 0) out.push(" ");
    }
    out.push(text);
    last = end;
  };
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === "comment") continue;
    const inHeredoc = node.type === "heredoc_body" || node.parent?.type === "heredoc_body";
    if (WORDS.has(node.type) && !inHeredoc) {
      const canonical = canonicalWord(node, env);
      if (canonical !== null) {
        emit(node.startIndex, node.endIndex, canonical, false);
        continue;
      }
    }
    if (VERBATIM.has(node.type) || node.childCount === 0 || node.type === "string" || node.type === "raw_string") {
      if (node.endIndex > node.startIndex) emit(node.startIndex, node.endIndex, node.text, inHeredoc);
      continue;
    }
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return out.join("");
}

/** The word in canonical quoting when its value is a plain literal; null when quoting may matter. */
function canonicalWord(node: Node, env: { scope: Scope; onSubstitution: () => undefined }): string | null {
  if (node.text.includes("~")) return null;
  const w = evalWord(node, env);
  if (w.dynamic || w.glob === true || w.braces === true) return null;
  if (w.value !== "" && BARE.test(w.value)) return w.value;
  return `'${w.value.replace(/'/g, `'\\''`)}'`;
}
