/** The compiler's one door to the rule grammar (grammar/): expressions, permission patterns, skill annotations. */
export { parseExpression, parsePattern, findAnnotations } from "../grammar/index.ts";
