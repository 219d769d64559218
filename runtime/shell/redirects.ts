/** Redirect nodes → `Redirect` data, plus the text a heredoc or here-string feeds to the command's stdin. */
import type { SyntaxNode as Node } from "./syntax.ts";
import type { Redirect, RedirectMode } from "./types.ts";
import { evalHeredocBody, evalWord, type Word, type WordEnv } from "./words.ts";

/** Data a heredoc or here-string feeds to stdin; code when the command is a shell or an interpreter. */
export interface StdinText {
  /** `process`: stdin is another command's output (`< <(curl x)`); `text` is then its source, dynamic. */
  readonly kind: "heredoc" | "herestring" | "process";
  readonly text: Word;
}

export interface ParsedRedirect {
  readonly redirect: Redirect;
  readonly stdin: StdinText | null;
  /**
   * Words after the target that tree-sitter-bash files under the redirect (`cat 2>/dev/null KEY`: destinations
   * `/dev/null` and `KEY`): for bash they are arguments of the command, so the walker gives them back to it.
   */
  readonly args?: readonly Word[];
}

/** The fields every redirect has. */
type PlainRedirect = Pick<Redirect, "op" | "mode" | "fd" | "target" | "dynamic">;

export function parseFileRedirect(node: Node, env: WordEnv): ParsedRedirect {
  let fd: number | null = null;
  let op = "";
  let dest: Node | null = null;
  const more: Node[] = [];
  for (let i = 0; i < node.childCount; i++) {
    const c = node.child(i);
    if (c === null) continue;
    const field = node.fieldNameForChild(i);
    if (field === "descriptor") fd = Number(c.text);
    else if (field === "destination" && dest !== null) more.push(c);
    else if (field === "destination") dest = c;
    // tree-sitter-bash has no `<>`: it yields `<` then an ERROR holding `>` (tolerated by the analyser).
    else if (c.type === "ERROR" && c.text === ">") op += ">";
    else if (!c.isNamed) op += c.text;
  }
  if (op === ">&-" || op === "<&-")
    return plain({ op, mode: "dup", fd: fd ?? defaultFd(op), target: "-", dynamic: false });
  if (dest === null)
    return plain({ op, mode: modeOf(op, false), fd: fd ?? defaultFd(op), target: null, dynamic: true });
  const word = evalWord(dest, env);
  const numeric = /^(\d+|-)$/.test(word.value) && !word.dynamic;
  const mode = modeOf(op, numeric);
  const fdOut = fd ?? (op === ">&" && !numeric ? null : defaultFd(op));
  const plainRedirect = plain({ op, mode, fd: fdOut, target: word.dynamic ? null : word.value, dynamic: word.dynamic });
  const parsed =
    word.dynamic && word.value !== ""
      ? { ...plainRedirect, redirect: { ...plainRedirect.redirect, written: word.value } }
      : plainRedirect;
  const fromCommand = op === "<" && (fd === null || fd === 0) && dest.type === "process_substitution";
  const args = more.length > 0 ? { args: more.map((c) => evalWord(c, env)) } : {};
  return fromCommand ? { ...parsed, ...args, stdin: { kind: "process", text: word } } : { ...parsed, ...args };
}

export function parseHerestring(node: Node, env: WordEnv): ParsedRedirect {
  const fdNode = node.childForFieldName("descriptor");
  const valueNode = node.namedChildren.find((c) => c !== null && c !== fdNode && c.type !== "file_descriptor") ?? null;
  const word = valueNode === null ? { value: "", dynamic: false, raw: "" } : evalWord(valueNode, env);
  return {
    redirect: {
      op: "<<<",
      mode: "herestring",
      fd: fdNode === null ? 0 : Number(fdNode.text),
      target: word.dynamic ? null : word.value,
      dynamic: word.dynamic,
      // What is known of a dynamic here-string's text, as a file redirect keeps it: `cat <<< "$DATABASE_URL"`.
      ...(word.dynamic && word.value !== "" ? { written: word.value } : {}),
    },
    stdin: { kind: "herestring", text: { ...word, value: word.value + "\n" } },
  };
}

/** The heredoc's own redirect and body; what follows the delimiter on its line is handled by the walker. */
export function parseHeredoc(node: Node, env: WordEnv): ParsedRedirect {
  const fdNode = node.childForFieldName("descriptor");
  let op = "<<";
  let quoted = false;
  let body: Node | null = null;
  for (const c of node.children) {
    if (c === null) continue;
    if (c.type === "<<" || c.type === "<<-") op = c.type;
    else if (c.type === "heredoc_start") quoted = /['"\\]/.test(c.text);
    else if (c.type === "heredoc_body") body = c;
  }
  const text =
    body === null ? { value: "", dynamic: false, raw: "" } : evalHeredocBody(body, quoted, op === "<<-", env);
  return {
    redirect: { op, mode: "heredoc", fd: fdNode === null ? 0 : Number(fdNode.text), target: null, dynamic: false },
    stdin: { kind: "heredoc", text },
  };
}

function plain({ op, mode, fd, target, dynamic }: PlainRedirect): ParsedRedirect {
  return { redirect: { op, mode, fd, target, dynamic }, stdin: null };
}

/** `>&2` duplicates a descriptor; `>&file` (no number) writes stdout and stderr to a file, like `&>`. */
function modeOf(op: string, numericTarget: boolean): RedirectMode {
  switch (op) {
    case ">":
    case ">|":
    case "&>":
      return "write";
    case ">>":
    case "&>>":
      return "append";
    case "<":
      return "read";
    case "<>":
      return "readwrite";
    case ">&":
    case "<&":
      return numericTarget ? "dup" : op === ">&" ? "write" : "read";
    default:
      return "write"; // unknown operators count as writes: fail closed
  }
}

/** The descriptor an operator redirects when none is written; null for `&>`/`&>>` (stdout and stderr). */
function defaultFd(op: string): number | null {
  if (op === "&>" || op === "&>>") return null;
  return op.startsWith("<") ? 0 : 1;
}
