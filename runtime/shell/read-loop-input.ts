/**
 * What a `while read VAR` loop reads its lines from (docs/adr/0809): `done < FILE`, `done < <(COMMAND)`, or the pipe
 * into the loop (`COMMAND | while …`). The body's commands carry the variable and that input as written, so the
 * operation layer can tell when a line of this machine's data is sent off it (`curl -d "$l" URL`). Input whose text
 * is written in the command itself (a heredoc, a here-string, a literal `echo`/`printf`, `seq 1 10`) holds nothing
 * of the machine's and gives no input.
 */
import { normalizeProgram } from "./spelling.ts";
import { catHeredocText, literalUpstreamText } from "./stdin-code.ts";
import type { SyntaxNode as Node } from "./syntax.ts";
import type { RawCommand, WalkCtx } from "./walk.ts";
import type { Word } from "./words.ts";

/** Redirects that give a command its stdin: `<`, `<<`, `<<<` with no descriptor or 0. */
export function readsStdin(c: Node): boolean {
  if (c.type === "heredoc_redirect" || c.type === "herestring_redirect") return true;
  if (c.type !== "file_redirect") return false;
  const fd = c.childForFieldName("descriptor")?.text ?? "0";
  return fd === "0" && c.children.some((x) => x !== null && !x.isNamed && x.text === "<");
}

/** The loop's own stdin redirects, written after `done`. */
export function ownStdin(node: Node): Node[] {
  const parent = node.parent;
  return parent?.type === "redirected_statement" && parent.childForFieldName("body") === node
    ? parent.namedChildren.filter((c): c is Node => c !== null && readsStdin(c))
    : [];
}

/** Number generators whose output is their literal arguments' doing, not the machine's. */
const GENERATORS: ReadonlySet<string> = new Set(["seq", "jot"]);

/** The loop's input as written, or null when it is text written in the command (or no input can be named). */
export function readLoopInput(node: Node, ctx: WalkCtx): string | null {
  const own = ownStdin(node);
  if (own.length > 0) {
    const last = own[own.length - 1]!;
    if (last.type !== "file_redirect") return null; // a heredoc or here-string: text written here
    const source = last.childForFieldName("destination");
    if (source === null) return null;
    if (source.type !== "process_substitution") return source.text;
    const inner = source.namedChildren.filter((c): c is Node => c !== null && c.type !== "comment");
    return inner.length === 1 && inner[0]!.type === "command" && writtenText(inner[0]!.text) ? null : source.text;
  }
  const redirect = ctx.redirects.find((r) => (r.fd === 0 || r.fd === null) && r.mode === "read");
  if (redirect !== undefined) return redirect.target ?? redirect.written ?? "a file known only at run time";
  if (ctx.stdin !== null) return ctx.stdin.kind === "process" ? ctx.stdin.text.raw : null;
  const upstream = ctx.upstream;
  if (upstream === null || upstream.length === 0) return null;
  return printsWrittenText(upstream) ? null : upstream.map(commandText).join("; ");
}

/**
 * The input of a `for VAR in $(CMD)` loop (docs/adr/0810): the substitution as written, whose output's words the
 * variable holds in turn; null when the list is anything else or the command prints written text (`$(seq 1 5)`).
 */
export function forLoopInput(values: readonly Word[]): string | null {
  if (values.length !== 1 || !values[0]!.dynamic) return null;
  const raw = values[0]!.raw;
  const inner = /^\$\(([\s\S]*)\)$/.exec(raw)?.[1] ?? /^`([\s\S]*)`$/.exec(raw)?.[1];
  if (inner === undefined || inner.startsWith("(")) return null; // `$((…))` is arithmetic
  return writtenText(inner) ? null : raw;
}

/** Builtins that fill the names they are given from stdin. */
const READERS: ReadonlySet<string> = new Set(["read", "mapfile", "readarray"]);

/**
 * `read [-r] NAME… < FILE`, `mapfile -t NAME < <(CMD)` (docs/adr/0811): the names filled and the input as written,
 * when stdin is a file or another command's output; null for a heredoc, a here-string or no redirect.
 */
export function readInput(raw: RawCommand): { readonly names: readonly string[]; readonly input: string } | null {
  const { words, stdin, redirects } = raw;
  if (!READERS.has(words[0]?.value ?? "")) return null;
  const feed = redirects.filter((r) => (r.fd ?? 0) === 0 && ["read", "heredoc", "herestring"].includes(r.mode)).at(-1);
  if (feed === undefined || feed.mode !== "read") return null;
  const input = stdin?.kind === "process" ? stdin.text.raw : (feed.target ?? feed.written);
  // `mapfile -t a < <(seq 1 3)`: written text, as a loop fed so (readLoopInput).
  const inner = input === undefined ? undefined : /^<\(([\s\S]*)\)$/.exec(input)?.[1];
  if (input === undefined || (inner !== undefined && writtenText(inner))) return null;
  const names = words.slice(1).filter((w) => !w.dynamic && /^[A-Za-z_][A-Za-z0-9_]*$/.test(w.value));
  return names.length === 0 ? null : { names: names.map((w) => w.value), input };
}

/**
 * The input whose lines `xargs -I TOKEN` puts in place of TOKEN (red-team round 11): `-a FILE`, its stdin file or
 * process substitution, or the commands piped into it; null for text written in the command.
 */
export function xargsInput(raw: RawCommand, argFile: Word | undefined): string | null {
  if (argFile !== undefined) return argFile.raw;
  const redirect = raw.redirects
    .filter((r) => (r.fd ?? 0) === 0 && ["read", "heredoc", "herestring"].includes(r.mode))
    .at(-1);
  if (redirect !== undefined && redirect.mode !== "read") return null;
  if (raw.stdin?.kind === "process") {
    const inner = /^<\(([\s\S]*)\)$/.exec(raw.stdin.text.raw)?.[1];
    return inner !== undefined && writtenText(inner) ? null : raw.stdin.text.raw;
  }
  if (redirect !== undefined) return redirect.target ?? redirect.written ?? "a file known only at run time";
  const upstream = raw.ctx.upstream;
  if (upstream === null || upstream.length === 0) return null;
  return printsWrittenText(upstream) ? null : upstream.map(commandText).join("; ");
}

/** A feeder that prints only text written in the command: `printf 'a\nb\n'`, `cat <<EOF`, `seq 1 10`. */
function printsWrittenText(upstream: readonly RawCommand[]): boolean {
  if (literalUpstreamText(upstream) !== null || catHeredocText(upstream) !== null) return true;
  const words = upstream.length === 1 ? upstream[0]!.words : [];
  return words.length > 0 && words.every((w) => !w.dynamic) && GENERATORS.has(normalizeProgram(words[0]!.value));
}

/** A process substitution's one command prints written text (`<(printf '%s\n' a b)`, `<(seq 3)`). */
function writtenText(text: string): boolean {
  const [program, ...rest] = text.trim().split(/\s+/);
  if (rest.some((w) => /[$`<>|;&]/.test(w))) return false;
  return program === "echo" || program === "printf" || GENERATORS.has(program ?? "");
}

function commandText(raw: RawCommand): string {
  return raw.words.map((w) => w.raw).join(" ");
}
