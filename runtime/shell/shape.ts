/** Flattening of the nested list and pipeline nodes tree-sitter-bash produces. */
import type { SyntaxNode as Node } from "./syntax.ts";

/** `a && b || c` nests to the left; a long chain must not cost one stack frame per command. */
export function flattenList(node: Node): (Node | null)[] {
  const tails: (Node | null)[][] = [];
  let head: Node = node;
  for (let first = head.firstChild; first !== null && first.type === "list"; first = head.firstChild) {
    tails.push(head.children.slice(1));
    head = first;
  }
  const out: (Node | null)[] = [...head.children];
  for (let i = tails.length - 1; i >= 0; i--) out.push(...tails[i]!);
  return out;
}

export function flattenPipeline(node: Node): Node[] {
  const out: Node[] = [];
  for (const c of node.namedChildren) {
    if (c === null || c.type === "comment") continue;
    if (c.type === "pipeline") out.push(...flattenPipeline(c));
    else out.push(c);
  }
  return out;
}
