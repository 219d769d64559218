/**
 * The rule grammar (README.md's Layout): rule expressions, permission patterns and skill annotations, parsed by
 * Chevrotain into the plain ASTs of ast.ts with syntax errors as data. No YAML, no I/O; never throws.
 */
export { parseExpression, parsePattern } from "./expression.ts";
export { parseAnnotation, findAnnotations, type AnnotationScan } from "./annotation.ts";
export type { AnnotationAst, CmpOp, Expr, Literal, ParseResult, PatternAst, SyntaxError } from "./ast.ts";
export {
  scanSkillDoc,
  LABEL_FORMATS,
  type DocLabel,
  type LabelFormat,
  type LevelWord,
  type Located,
  type SkillDoc,
} from "./skill-doc/index.ts";
