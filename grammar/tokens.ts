import { createToken, Lexer, type TokenType } from "chevrotain";
import { execSpecText, execToolOpen, TOOL_START_CHARS } from "./raw-text.ts";

/**
 * Tokens of the rule grammar, in three lexer modes:
 * - `expression`: rule expressions (docs/reference/expressions.md), where `Tool(` opens an embedded permission pattern;
 * - `spec`: the raw text of a pattern's spec, up to its balanced `)`;
 * - `pattern`: a standalone permission pattern (`Bash`, `mcp__github__*`, `bash(npm test)`).
 */

export const WhiteSpace = createToken({ name: "WhiteSpace", pattern: /[ \t\r\n]+/, group: Lexer.SKIPPED });

// Abstract categories the parser consumes; the concrete tokens below belong to them.
export const StringLiteral = createToken({ name: "StringLiteral", pattern: Lexer.NA });
export const Name = createToken({ name: "Name", pattern: Lexer.NA });
export const CmpOperator = createToken({ name: "CmpOperator", pattern: Lexer.NA });

const escapedBody = String.raw`(?:[^"\\]|\\[\s\S])*`;
export const DoubleQuoted = createToken({
  name: "DoubleQuoted",
  pattern: new RegExp(`"${escapedBody}"`),
  categories: [StringLiteral],
});
export const SingleQuoted = createToken({
  name: "SingleQuoted",
  pattern: new RegExp(`'${escapedBody.replace('"', "'")}'`),
  categories: [StringLiteral],
});
/**
 * A quote never closed runs to the end of input. It still counts as a string for the parser, so the one
 * error reported is "unterminated string" rather than a cascade of follow-on errors.
 */
export const UnterminatedString = createToken({
  name: "UnterminatedString",
  pattern: /["'][\s\S]*/,
  categories: [StringLiteral],
});

export const NumberLiteral = createToken({ name: "NumberLiteral", pattern: /-?\d+(?:\.\d+)?/ });

export const ToolOpen = createToken({
  name: "ToolOpen",
  pattern: { exec: execToolOpen },
  start_chars_hint: [...TOOL_START_CHARS],
  line_breaks: false,
  push_mode: "spec",
});
export const SpecText = createToken({ name: "SpecText", pattern: { exec: execSpecText }, line_breaks: true });
export const SpecClose = createToken({ name: "SpecClose", pattern: /\)/, pop_mode: true });
/** A bare tool name, only in a standalone pattern (inside expressions a bare name is an enum literal). */
export const ToolName = createToken({ name: "ToolName", pattern: /[A-Za-z_][\w*?-]*/ });

export const Identifier = createToken({ name: "Identifier", pattern: /[A-Za-z_][A-Za-z0-9_]*/, categories: [Name] });

function keyword(word: string, name: string): TokenType {
  return createToken({ name, pattern: new RegExp(word), longer_alt: Identifier, categories: [Name] });
}
export const And = keyword("and", "And");
export const Or = keyword("or", "Or");
export const Not = keyword("not", "Not");
export const In = keyword("in", "In");
export const Contains = keyword("contains", "Contains");
export const Matches = keyword("matches", "Matches");
export const Under = keyword("under", "Under");
export const True = keyword("true", "True");
export const False = keyword("false", "False");
export const Seen = keyword("seen", "Seen");
export const Count = keyword("count", "Count");
export const Op = keyword("op", "Op");
export const Session = keyword("session", "Session");
const KEYWORD_TOKENS = [And, Or, Not, In, Contains, Matches, Under, True, False, Seen, Count, Op, Session];

export const Eq = createToken({ name: "Eq", pattern: /==/, categories: [CmpOperator] });
export const NotEq = createToken({ name: "NotEq", pattern: /!=/, categories: [CmpOperator] });
export const LessEq = createToken({ name: "LessEq", pattern: /<=/, categories: [CmpOperator] });
export const GreaterEq = createToken({ name: "GreaterEq", pattern: />=/, categories: [CmpOperator] });
export const Less = createToken({ name: "Less", pattern: /</, categories: [CmpOperator] });
export const Greater = createToken({ name: "Greater", pattern: />/, categories: [CmpOperator] });

export const LParen = createToken({ name: "LParen", pattern: /\(/ });
export const RParen = createToken({ name: "RParen", pattern: /\)/ });
export const LBracket = createToken({ name: "LBracket", pattern: /\[/ });
export const RBracket = createToken({ name: "RBracket", pattern: /]/ });
export const Comma = createToken({ name: "Comma", pattern: /,/ });
export const Dot = createToken({ name: "Dot", pattern: /\./ });

export const MODES = { expression: "expression", spec: "spec", pattern: "pattern" } as const;

const expressionMode: TokenType[] = [
  WhiteSpace,
  DoubleQuoted,
  SingleQuoted,
  UnterminatedString,
  NumberLiteral,
  ToolOpen, // before keywords and names: `bash(` is a pattern, `bash` a name
  ...KEYWORD_TOKENS,
  Identifier,
  Eq,
  NotEq,
  LessEq,
  GreaterEq,
  Less,
  Greater,
  LParen,
  RParen,
  LBracket,
  RBracket,
  Comma,
  Dot,
];

/** Every token type the parser can meet, abstract categories included (the parser needs them all). */
export const ALL_TOKENS: readonly TokenType[] = [
  StringLiteral,
  Name,
  CmpOperator,
  ...expressionMode,
  SpecText,
  SpecClose,
  ToolName,
];

let lexer: Lexer | null = null;

/** The one lexer of the rule grammar, built on first use; the mode to start in is chosen per `tokenize` call. */
export function ruleLexer(): Lexer {
  lexer ??= new Lexer(
    {
      modes: {
        [MODES.expression]: expressionMode,
        [MODES.spec]: [SpecText, SpecClose],
        [MODES.pattern]: [WhiteSpace, ToolOpen, ToolName],
      },
      defaultMode: MODES.expression,
    },
    { positionTracking: "onlyOffset" },
  );
  return lexer;
}
