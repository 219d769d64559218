import { EOF, tokenMatcher, type IParserErrorMessageProvider, type IToken, type TokenType } from "chevrotain";

/**
 * Chevrotain builds each parse error's message through a message provider. Ours does not write prose: it
 * encodes the catalog arguments (what was found, what was expected, in words a rule author knows) as JSON,
 * which errors.ts decodes into a `SyntaxError`. So the wording is decided where the grammar context is known.
 */
export type ErrorKind = "mismatch" | "noViableAlt" | "earlyExit" | "notAllInput";

export interface ErrorNote {
  readonly kind: ErrorKind;
  readonly found: string;
  readonly expected: string;
  /** Names of the token types that would have been accepted. */
  readonly expectedTypes: readonly string[];
}

/** Words for what was expected, given the token types Chevrotain lists and the rule it was in. */
export type ExpectedWords = (kind: ErrorKind, types: readonly TokenType[], ruleName: string) => string;

const MAX_SHOWN = 24;

/** `'bash('`, `'=='`, or `end of input` (the EOF word differs per grammar). */
export function describeToken(token: IToken, eofWord: string): string {
  if (tokenMatcher(token, EOF) || Number.isNaN(token.startOffset)) return eofWord;
  const image = token.image.length > MAX_SHOWN ? `${token.image.slice(0, MAX_SHOWN)}…` : token.image;
  return `'${image}'`;
}

export function decodeNote(message: string): ErrorNote | null {
  try {
    const v = JSON.parse(message) as ErrorNote;
    return typeof v.found === "string" && typeof v.expected === "string" ? v : null;
  } catch {
    return null;
  }
}

export function noteProvider(words: ExpectedWords, eofWord: string): IParserErrorMessageProvider {
  const note = (kind: ErrorKind, found: IToken | undefined, types: readonly TokenType[], ruleName: string): string => {
    const unique = [...new Set(types)];
    const v: ErrorNote = {
      kind,
      found: found === undefined ? eofWord : describeToken(found, eofWord),
      expected: kind === "notAllInput" ? "" : words(kind, unique, ruleName),
      expectedTypes: unique.map((t) => t.name),
    };
    return JSON.stringify(v);
  };
  const firsts = (paths: readonly (readonly TokenType[])[]): TokenType[] =>
    paths.flatMap((p) => (p[0] === undefined ? [] : [p[0]]));
  return {
    buildMismatchTokenMessage: ({ expected, actual, ruleName }) => note("mismatch", actual, [expected], ruleName),
    buildNotAllInputParsedMessage: ({ firstRedundant, ruleName }) => note("notAllInput", firstRedundant, [], ruleName),
    buildNoViableAltMessage: ({ expectedPathsPerAlt, actual, ruleName }) =>
      note("noViableAlt", actual[0], firsts(expectedPathsPerAlt.flat()), ruleName),
    buildEarlyExitMessage: ({ expectedIterationPaths, actual, ruleName }) =>
      note("earlyExit", actual[0], firsts(expectedIterationPaths), ruleName),
  };
}
