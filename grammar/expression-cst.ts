import type { CstNode, ICstVisitor, IToken } from "chevrotain";

export interface ExpressionCstNode extends CstNode {
  name: "expression";
  children: ExpressionCstChildren;
}

export type ExpressionCstChildren = {
  orExpression: OrExpressionCstNode[];
};

export interface OrExpressionCstNode extends CstNode {
  name: "orExpression";
  children: OrExpressionCstChildren;
}

export type OrExpressionCstChildren = {
  operands: (AndExpressionCstNode)[];
  Or?: IToken[];
};

export interface AndExpressionCstNode extends CstNode {
  name: "andExpression";
  children: AndExpressionCstChildren;
}

export type AndExpressionCstChildren = {
  operands: (NotExpressionCstNode)[];
  And?: IToken[];
};

export interface NotExpressionCstNode extends CstNode {
  name: "notExpression";
  children: NotExpressionCstChildren;
}

export type NotExpressionCstChildren = {
  Not?: IToken[];
  notExpression?: NotExpressionCstNode[];
  test?: TestCstNode[];
};

export interface TestCstNode extends CstNode {
  name: "test";
  children: TestCstChildren;
}

export type TestCstChildren = {
  left: ValueCstNode[];
  CmpOperator?: IToken[];
  right?: (ValueCstNode)[];
  Not?: IToken[];
  In?: IToken[];
  list?: ListCstNode[];
  Contains?: IToken[];
  Matches?: IToken[];
  Under?: IToken[];
  glob?: IToken[];
};

export interface ValueCstNode extends CstNode {
  name: "value";
  children: ValueCstChildren;
}

export type ValueCstChildren = {
  StringLiteral?: IToken[];
  NumberLiteral?: IToken[];
  True?: IToken[];
  False?: IToken[];
  Identifier?: IToken[];
  field?: FieldCstNode[];
  call?: CallCstNode[];
  pattern?: PatternCstNode[];
  list?: ListCstNode[];
  parenthesized?: ParenthesizedCstNode[];
};

export interface FieldCstNode extends CstNode {
  name: "field";
  children: FieldCstChildren;
}

export type FieldCstChildren = {
  root?: (IToken)[];
  Dot: IToken[];
  segments: IToken[];
};

export interface CallCstNode extends CstNode {
  name: "call";
  children: CallCstChildren;
}

export type CallCstChildren = {
  callee?: (IToken)[];
  LParen: IToken[];
  orExpression: OrExpressionCstNode[];
  RParen: IToken[];
};

export interface ListCstNode extends CstNode {
  name: "list";
  children: ListCstChildren;
}

export type ListCstChildren = {
  LBracket: IToken[];
  items?: (ValueCstNode)[];
  Comma?: IToken[];
  RBracket: IToken[];
};

export interface ParenthesizedCstNode extends CstNode {
  name: "parenthesized";
  children: ParenthesizedCstChildren;
}

export type ParenthesizedCstChildren = {
  LParen: IToken[];
  orExpression: OrExpressionCstNode[];
  RParen: IToken[];
};

export interface PatternCstNode extends CstNode {
  name: "pattern";
  children: PatternCstChildren;
}

export type PatternCstChildren = {
  ToolOpen: IToken[];
  SpecText?: IToken[];
  SpecClose: IToken[];
};

export interface StandalonePatternCstNode extends CstNode {
  name: "standalonePattern";
  children: StandalonePatternCstChildren;
}

export type StandalonePatternCstChildren = {
  pattern?: PatternCstNode[];
  ToolName?: IToken[];
};

export interface ExpressionCstVisitor<IN, OUT> extends ICstVisitor<IN, OUT> {
  expression(children: ExpressionCstChildren, param?: IN): OUT;
  orExpression(children: OrExpressionCstChildren, param?: IN): OUT;
  andExpression(children: AndExpressionCstChildren, param?: IN): OUT;
  notExpression(children: NotExpressionCstChildren, param?: IN): OUT;
  test(children: TestCstChildren, param?: IN): OUT;
  value(children: ValueCstChildren, param?: IN): OUT;
  field(children: FieldCstChildren, param?: IN): OUT;
  call(children: CallCstChildren, param?: IN): OUT;
  list(children: ListCstChildren, param?: IN): OUT;
  parenthesized(children: ParenthesizedCstChildren, param?: IN): OUT;
  pattern(children: PatternCstChildren, param?: IN): OUT;
  standalonePattern(children: StandalonePatternCstChildren, param?: IN): OUT;
}

