/**
 * The command with insignificant whitespace normalized (SPEC §1, the bash part of a signature), read off the
 * tree rather than the text: leaves are joined by one space where the source had blanks between them,
 * by a newline where it had a line break (a newline separates commands), and by nothing where they touched
 * (`a"b"` is one word). Quoted strings and heredoc bodies are kept verbatim; comments are dropped;
 * backslash-newline continuations are blanks.
 */
import type { SyntaxNode as Node } from "./syntax.ts";

const VERBATIM: ReadonlySet<string> = new Set(["string", "raw_string", "ansi_c_string", "translated_string", "heredoc_body"]);

export function normalizedText(root: Node, source: string): string {
  const out: string[] = [];
  let last = -1;
  const emit = (start: number, end: number, keepGap: boolean): void => {
    if (keepGap && last >= 0) out.push(source.slice(last, start));
    else if (last >= 0) {
      const gap = source.slice(last, start).replace(/\\\r?\n/g, " ");
      if (gap.includes("\n")) out.push("\n");
      else if (gap.length > 0) out.push(" ");
    }
    out.push(source.slice(start, end));
    last = end;
  };
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === "comment") continue;
    if (VERBATIM.has(node.type) || node.childCount === 0) {
      if (node.endIndex > node.startIndex) emit(node.startIndex, node.endIndex, node.type === "heredoc_body" || node.parent?.type === "heredoc_body");
      continue;
    }
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return out.join("");
}
