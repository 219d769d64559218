import { createToken, CstParser, Lexer, type TokenType } from "chevrotain";
import { noteProvider, type ErrorKind } from "./error-messages.ts";

/**
 * The grammar of one skill annotation line (docs/grammar/annotations.md):
 *   `@safety LEVEL command words…`, optionally wrapped in an HTML comment `<!-- … -->`.
 * The level is read as a word; whether it names a real level is the compiler's question (did-you-mean).
 */

export const AnnotationSpace = createToken({ name: "AnnotationSpace", pattern: /\s+/, group: Lexer.SKIPPED });
export const CommentOpen = createToken({ name: "CommentOpen", pattern: /<!--/ });
export const CommentClose = createToken({ name: "CommentClose", pattern: /-->/ });
/** Any run of non-blank characters that stops before `-->`, so `delete-->` still closes the comment. */
export const Word = createToken({ name: "Word", pattern: { exec: execWord }, line_breaks: false });
export const AtSafety = createToken({ name: "AtSafety", pattern: /@safety/, longer_alt: Word });

function execWord(text: string, offset: number): RegExpExecArray | null {
  let i = offset;
  while (i < text.length && !/\s/.test(text[i] as string) && !text.startsWith("-->", i)) i++;
  return i === offset ? null : ([text.slice(offset, i)] as unknown as RegExpExecArray);
}

const TOKENS: TokenType[] = [AnnotationSpace, CommentOpen, CommentClose, AtSafety, Word];

export class AnnotationParser extends CstParser {
  constructor() {
    super(TOKENS, { recoveryEnabled: true, errorMessageProvider: noteProvider(expectedWords, "end of line") });
    this.performSelfAnalysis();
  }

  annotation = this.RULE("annotation", () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(CommentOpen);
          this.SUBRULE(this.safety);
          this.CONSUME(CommentClose);
        },
      },
      { ALT: () => this.SUBRULE2(this.safety) },
    ]);
  });

  safety = this.RULE("safety", () => {
    this.CONSUME(AtSafety);
    this.CONSUME(Word, { LABEL: "level" });
    this.AT_LEAST_ONE(() => this.CONSUME2(Word, { LABEL: "command" }));
  });
}

function expectedWords(kind: ErrorKind, types: readonly TokenType[]): string {
  if (kind === "noViableAlt") return "'@safety' or '<!-- @safety'";
  if (kind === "earlyExit") return "the command words after the level";
  const t = types[0];
  if (t === Word) return "a safety level after '@safety'";
  if (t === CommentClose) return "'-->' to close the comment";
  return "'@safety'";
}

let lexer: Lexer | null = null;
let parser: AnnotationParser | null = null;

/** The annotation lexer and parser, built on first use and reused. */
export function annotationGrammar(): { lexer: Lexer; parser: AnnotationParser } {
  lexer ??= new Lexer(TOKENS, { positionTracking: "onlyOffset" });
  parser ??= new AnnotationParser();
  return { lexer, parser };
}
