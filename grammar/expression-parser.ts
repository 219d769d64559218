import { ownEntry } from "../core/index.ts";
import { CstParser, type TokenType } from "chevrotain";
import { noteProvider, type ErrorKind } from "./error-messages.ts";
import * as T from "./tokens.ts";

/**
 * The CST parser of rule expressions (docs/reference/expressions.md) and permission patterns (docs/reference/patterns.md). Precedence from low
 * to high: `or`, `and`, `not`, then one optional comparison/membership/glob test per value. Recovery is on,
 * so one parse reports every syntax error it can get past.
 */
export class ExpressionParser extends CstParser {
  constructor() {
    super(T.ALL_TOKENS as TokenType[], {
      recoveryEnabled: true,
      maxLookahead: 2,
      errorMessageProvider: noteProvider(expectedWords, "end of input"),
    });
    this.performSelfAnalysis();
  }

  /** Entry point of an expression string. */
  expression = this.RULE("expression", () => {
    this.SUBRULE(this.orExpression);
  });

  orExpression = this.RULE("orExpression", () => {
    this.SUBRULE(this.andExpression, { LABEL: "operands" });
    this.MANY(() => {
      this.CONSUME(T.Or);
      this.SUBRULE2(this.andExpression, { LABEL: "operands" });
    });
  });

  andExpression = this.RULE("andExpression", () => {
    this.SUBRULE(this.notExpression, { LABEL: "operands" });
    this.MANY(() => {
      this.CONSUME(T.And);
      this.SUBRULE2(this.notExpression, { LABEL: "operands" });
    });
  });

  notExpression = this.RULE("notExpression", () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Not);
          this.SUBRULE(this.notExpression);
        },
      },
      { ALT: () => this.SUBRULE(this.test) },
    ]);
  });

  /**
   * A value, optionally followed by one test: `==`…, `[not] in`, `contains`, `matches`, `under`. The right
   * of `in` is any value, not only a list literal: `"git" in op.categories` reads naturally, and whether the
   * right side is a list is a type question the compiler answers (RG4008), not a syntax error.
   */
  test = this.RULE("test", () => {
    this.SUBRULE(this.value, { LABEL: "left" });
    this.OPTION(() => {
      this.OR([
        {
          ALT: () => {
            this.CONSUME(T.CmpOperator);
            this.SUBRULE2(this.value, { LABEL: "right" });
          },
        },
        {
          ALT: () => {
            this.OPTION2(() => this.CONSUME(T.Not));
            this.CONSUME(T.In);
            this.SUBRULE4(this.value, { LABEL: "right" });
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Contains);
            this.SUBRULE3(this.value, { LABEL: "right" });
          },
        },
        {
          ALT: () => {
            this.OR2([{ ALT: () => this.CONSUME(T.Matches) }, { ALT: () => this.CONSUME(T.Under) }]);
            this.CONSUME(T.StringLiteral, { LABEL: "glob" });
          },
        },
      ]);
    });
  });

  value = this.RULE("value", () => {
    this.OR([
      { ALT: () => this.CONSUME(T.StringLiteral) },
      { ALT: () => this.CONSUME(T.NumberLiteral) },
      { ALT: () => this.CONSUME(T.True) },
      { ALT: () => this.CONSUME(T.False) },
      { ALT: () => this.CONSUME(T.Identifier) },
      { ALT: () => this.SUBRULE(this.field) },
      { ALT: () => this.SUBRULE(this.call) },
      { ALT: () => this.SUBRULE(this.pattern) },
      { ALT: () => this.SUBRULE(this.list) },
      { ALT: () => this.SUBRULE(this.parenthesized) },
    ]);
  });

  /** `op.args.key`, `session.mode`: the names after a dot may be keywords too (`op.args.in`). */
  field = this.RULE("field", () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Op, { LABEL: "root" }) },
      { ALT: () => this.CONSUME(T.Session, { LABEL: "root" }) },
    ]);
    this.AT_LEAST_ONE(() => {
      this.CONSUME(T.Dot);
      this.CONSUME(T.Name, { LABEL: "segments" });
    });
  });

  /** History calls `seen(expr)` and `count(expr)`. */
  call = this.RULE("call", () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Seen, { LABEL: "callee" }) },
      { ALT: () => this.CONSUME(T.Count, { LABEL: "callee" }) },
    ]);
    this.CONSUME(T.LParen);
    this.SUBRULE(this.orExpression);
    this.CONSUME(T.RParen);
  });

  list = this.RULE("list", () => {
    this.CONSUME(T.LBracket);
    this.OPTION(() => {
      this.SUBRULE(this.value, { LABEL: "items" });
      this.MANY(() => {
        this.CONSUME(T.Comma);
        this.SUBRULE2(this.value, { LABEL: "items" });
      });
    });
    this.CONSUME(T.RBracket);
  });

  parenthesized = this.RULE("parenthesized", () => {
    this.CONSUME(T.LParen);
    this.SUBRULE(this.orExpression);
    this.CONSUME(T.RParen);
  });

  /** `Tool(spec)`: the lexer has already cut the raw spec at its balanced `)`. */
  pattern = this.RULE("pattern", () => {
    this.CONSUME(T.ToolOpen);
    this.OPTION(() => this.CONSUME(T.SpecText));
    this.CONSUME(T.SpecClose);
  });

  /** Entry point of a standalone permission pattern: `Tool(spec)` or a bare `Tool`. */
  standalonePattern = this.RULE("standalonePattern", () => {
    this.OR([{ ALT: () => this.SUBRULE(this.pattern) }, { ALT: () => this.CONSUME(T.ToolName) }]);
  });
}

const WORDS: Readonly<Record<string, string>> = {
  StringLiteral: "a string",
  NumberLiteral: "a number",
  Name: "a field name",
  LBracket: "a list",
  RBracket: "']'",
  LParen: "'('",
  RParen: "')'",
  SpecClose: "')'",
  Dot: "'.'",
  Comma: "','",
};

function expectedWords(kind: ErrorKind, types: readonly TokenType[], ruleName: string): string {
  if (kind === "noViableAlt") return "a value";
  if (kind === "earlyExit") return "'.' and a field name";
  if (ruleName === "list" && types.some((t) => t === T.RBracket)) return "',' or ']'";
  const words = types.map((t) => ownEntry(WORDS, t.name) ?? `'${t.name}'`);
  return [...new Set(words)].join(" or ");
}

let instance: ExpressionParser | null = null;

/** The one parser instance, built (self-analysis included) on first use and reused for every parse. */
export function expressionParser(): ExpressionParser {
  instance ??= new ExpressionParser();
  return instance;
}
