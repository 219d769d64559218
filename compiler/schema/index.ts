export { RULES_FILE, type RulesFile, type RawRule, type RawSkill, type RawSettings } from "./rules-schema.ts";
export { validate } from "./validate.ts";
export { rulesJsonSchema } from "./json-schema.ts";
export type { ListOut, MapOut, ObjOut, OneOfOut } from "./shape.ts";
