/**
 * Whether the statement after a `cd` runs when that `cd` failed (docs/adr/0833, 0851). Read from the operator after
 * the statement in its list: `cd d && x` runs x only after success; `cd d || exit` ends the shell on failure; `cd d; x`
 * and `cd d || echo no` run x in the directory the shell never left, unless `set -e` ended it first. `return` leaves
 * only a function: at the top of `bash -c` it fails and the shell goes on.
 */
import type { SyntaxNode as Node } from "./syntax.ts";

/** What follows statement `i` of `children` (a list's, a block's or the program's) after the statement failed. */
export type AfterFailure = "deferred" | "exits" | "continues" | "errexit";

/** Where the statement is: in a function's body (`return` leaves it), where `set -e` is ignored (`! x`, `x || y`). */
export interface FailureCtx {
  readonly inFunction: boolean;
  readonly errexitIgnored: boolean;
}

export function afterFailure(
  children: readonly (Node | null)[],
  i: number,
  where: FailureCtx,
  inGroup = false,
): AfterFailure {
  const op = children[i + 1];
  if (op?.type === "&&") return "deferred";
  if (op?.type === "||") return endsShell(nextStatement(children, i + 2), where.inFunction) ? "exits" : "continues";
  // The last statement of `{ …; }` fails the group: the operator after the group decides (`{ cd d; } || true`).
  if (inGroup && nextStatement(children, i + 1) === null) return "deferred";
  // `set -e` ignores a failure anywhere in an `&&`/`||` list but its last command, and under `!`.
  const chained = children.slice(0, i).some((c) => c?.type === "&&" || c?.type === "||");
  return chained || where.errexitIgnored ? "continues" : "errexit";
}

function nextStatement(children: readonly (Node | null)[], from: number): Node | null {
  for (let j = from; j < children.length; j++) {
    const c = children[j];
    if (c?.isNamed && c.type !== "comment") return c;
  }
  return null;
}

/**
 * `exit` (`return` in a function's body), or a block or subshell-free group whose last statement is one:
 * `{ echo no; exit 1; }`. What follows in a function's body after its `return` does not run.
 */
function endsShell(node: Node | null, inFunction: boolean): boolean {
  if (node === null) return false;
  if (node.type === "command") {
    const name = node.childForFieldName("name")?.text;
    return name === "exit" || (inFunction && name === "return");
  }
  if (node.type === "compound_statement") {
    const last = node.namedChildren.filter((c) => c !== null && c.type !== "comment").at(-1) ?? null;
    return endsShell(last, inFunction);
  }
  return false;
}
