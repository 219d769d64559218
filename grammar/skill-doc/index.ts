export { scanSkillDoc } from "./scan.ts";
export {
  LABEL_FORMATS,
  type DocLabel,
  type LabelFormat,
  type LevelWord,
  type Located,
  type SkillDoc,
} from "./types.ts";
