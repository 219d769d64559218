/** The compiler's one door to the rule grammar (grammar/): expressions, permission patterns, skill annotations. */
export { parseExpression, parsePattern, findAnnotations, scanSkillDoc } from "../grammar/index.ts";
export type { DocLabel, LevelWord, Located, SkillDoc } from "../grammar/index.ts";
