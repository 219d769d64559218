/**
 * The calls of a function defined in the same string, when each can be read with its arguments bound (ADR 0778):
 * `tidy() { rm -rf "$@"; }; tidy ./build` runs `rm -rf ./build`. Any doubt about which arguments the body sees
 * gives null, and the body is read once with them unknown, as before.
 */
import type { Scope } from "./scope.ts";
import type { SyntaxNode as Node } from "./syntax.ts";
import { evalWord, type WordEnv } from "./words.ts";

/** Commands that change the positional parameters or run code that may: the body's `$1…` are then not the call's. */
const REBINDS = /(?:^|[\s;&|({`])(?:shift|set|getopts|eval|source|\.)(?=[\s;&|)}]|$)/;

/**
 * The argument lists of every call of `name` in `root`, or null unless: the definition is the only one, every other
 * word `name` in the text is a call after the definition, outside its body, whose arguments are literal text (no
 * expansion, glob, braces or redirect of the call's words), and the body rebinds nothing. No calls: null.
 */
export function literalCalls(def: Node, name: string, root: Node, scope: Scope): string[][] | null {
  const body = def.childForFieldName("body");
  if (body === null || name === "" || REBINDS.test(body.text)) return null;
  const mentions = root.text.split(/[^A-Za-z0-9_.:+-]+/).filter((w) => w === name).length;
  const calls: string[][] = [];
  let seen = 0;
  const quiet: WordEnv = { scope, onSubstitution: () => undefined };
  let ok = true;
  const visit = (n: Node): void => {
    if (!ok) return;
    if (n.type === "function_definition" && n.childForFieldName("name")?.text === name) {
      if (n.startIndex !== def.startIndex) ok = false;
      seen++;
    } else if (n.type === "command" && n.childForFieldName("name")?.text === name) {
      seen++;
      const args = callArgs(n, quiet);
      if (args === null || n.startIndex < def.endIndex) ok = false;
      else calls.push(args);
    }
    for (const c of n.namedChildren) if (c !== null) visit(c);
  };
  visit(root);
  return ok && calls.length > 0 && seen === mentions ? calls : null;
}

/** The literal words after the name, or null when one is built at run time or the call has other parts. */
function callArgs(command: Node, env: WordEnv): string[] | null {
  const args: string[] = [];
  for (let i = 0; i < command.childCount; i++) {
    const c = command.child(i);
    if (c === null || command.fieldNameForChild(i) === "name") continue;
    if (command.fieldNameForChild(i) !== "argument" || /[$`]/.test(c.text)) return null;
    const w = evalWord(c, env);
    if (w.dynamic || w.glob === true || w.braces === true) return null;
    args.push(w.value);
  }
  return args;
}
