import type { AnnotationAst, ParseResult, SyntaxError } from "./ast.ts";
import type { AnnotationCstNode, SafetyCstNode } from "./annotation-cst.ts";
import { annotationGrammar } from "./annotation-parser.ts";
import { decodeNote } from "./error-messages.ts";
import { sortErrors } from "./errors.ts";
import { shift, span, tokenRange } from "./token-range.ts";

/** Parses one skill annotation, e.g. `@safety READ gcloud * list` or `<!-- @safety WRITE git commit -->`. */
export function parseAnnotation(text: string): ParseResult<AnnotationAst> {
  const { lexer, parser } = annotationGrammar();
  const lexed = lexer.tokenize(text);
  parser.input = lexed.tokens;
  const cst = parser.annotation() as AnnotationCstNode;
  const errors = sortErrors([
    ...lexed.errors.map(
      (e): SyntaxError => ({
        code: "RG1008",
        args: { detail: `unexpected '${text.slice(e.offset, e.offset + e.length)}'` },
        at: { start: e.offset, end: e.offset + e.length },
      }),
    ),
    ...parser.errors.map((e): SyntaxError => {
      const note = decodeNote(e.message);
      const end = tokenRange(lexed.tokens[lexed.tokens.length - 1])?.end ?? text.length;
      const at = tokenRange(e.token) ?? { start: end, end };
      const found = note?.found ?? "end of line";
      const detail =
        note === null || note.kind === "notAllInput"
          ? `unexpected ${found} after the annotation`
          : `expected ${note.expected}, found ${found}`;
      return { code: "RG1008", args: { detail }, at };
    }),
  ]);
  return { value: errors.length === 0 ? annotationAst(cst) : null, errors };
}

function annotationAst(node: AnnotationCstNode): AnnotationAst | null {
  const safety: SafetyCstNode | undefined = node.children.safety?.[0];
  const first = tokenRange(node.children.CommentOpen?.[0] ?? safety?.children.AtSafety?.[0]);
  const level = safety?.children.level?.[0];
  const levelAt = tokenRange(level);
  const words = safety?.children.command ?? [];
  const last = tokenRange(node.children.CommentClose?.[0] ?? words[words.length - 1]);
  if (first === null || level === undefined || levelAt === null || last === null) return null;
  return { command: words.map((w) => w.image), level: level.image, levelAt, at: span(first, last) };
}

/** A line that is meant as an annotation: `@safety` (or `<!-- @safety`) first on the line, as a whole word. */
const ANNOTATION_LINE = /^[ \t]*(?:<!--[ \t]*)?@safety(?=$|[\s-])/;
/** Opening or closing a fenced code block: annotations shown as examples in code are not annotations. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

export interface AnnotationScan extends ParseResult<readonly AnnotationAst[]> {
  /** Every annotation found, ranges as offsets into the markdown (the same array as `value`). */
  readonly annotations: readonly AnnotationAst[];
  readonly value: readonly AnnotationAst[];
}

/**
 * Every annotation line of a SKILL.md, outside fenced code blocks. Ranges and error ranges are offsets
 * into `markdown`. A bad annotation line is reported and skipped; the others are still returned.
 */
export function findAnnotations(markdown: string): AnnotationScan {
  const annotations: AnnotationAst[] = [];
  const errors: SyntaxError[] = [];
  let fence: string | null = null;
  let lineStart = 0;
  while (lineStart <= markdown.length) {
    const nl = markdown.indexOf("\n", lineStart);
    const lineEnd = nl === -1 ? markdown.length : nl;
    const line = markdown.slice(lineStart, lineEnd);
    const f = FENCE.exec(line)?.[1];
    if (f !== undefined && (fence === null || (f[0] === fence[0] && f.length >= fence.length))) {
      fence = fence === null ? f : null;
    } else if (fence === null && ANNOTATION_LINE.test(line)) {
      const { value, errors: lineErrors } = parseAnnotation(line);
      for (const e of lineErrors) errors.push({ ...e, at: shift(e.at, lineStart) });
      if (value !== null) {
        annotations.push({ ...value, levelAt: shift(value.levelAt, lineStart), at: shift(value.at, lineStart) });
      }
    }
    if (nl === -1) break;
    lineStart = nl + 1;
  }
  return { annotations, value: annotations, errors };
}
