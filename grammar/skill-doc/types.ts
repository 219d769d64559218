import type { Range } from "../../core/index.ts";

/**
 * What a SKILL.md says about the safety of its tool's operations, in the four ways authors write it
 * (docs/adr/0260): `@safety` annotations, level markers in headings, `# LEVEL — note` comments in shell
 * code blocks, and tables whose first column is a level. Ranges are offsets into the markdown. The grammar
 * does not know the level names: it returns the words written where a level goes, and the compiler judges them.
 */
export type LabelFormat = "annotation" | "heading" | "comment" | "table";

export const LABEL_FORMATS: readonly LabelFormat[] = ["annotation", "heading", "comment", "table"];

/** A word written where a level goes. `explicit`: a marker (⚠️, `@safety`) says it must be a level. */
export interface LevelWord {
  readonly text: string;
  readonly at: Range;
  readonly explicit: boolean;
}

/** Some text of the document and where it is. */
export interface Located {
  readonly text: string;
  readonly at: Range;
}

export type DocLabel =
  /** `@safety LEVEL PROGRAM [GLOB…]`: the command names its program. */
  | {
      readonly format: "annotation";
      readonly level: LevelWord;
      readonly command: readonly string[];
      readonly at: Range;
    }
  /** `#### delete ⚠️ DESTRUCTIVE`, `#### label (WRITE — note)`: `name` is the heading text before the marker. */
  | { readonly format: "heading"; readonly level: LevelWord; readonly name: Located; readonly at: Range }
  /** A table row: the level in the first column, operation words in backticks in the others. */
  | { readonly format: "table"; readonly level: LevelWord; readonly operations: readonly Located[]; readonly at: Range }
  /**
   * `# LEVEL — note` on its own line in a shell code block: `next` is the command line after it in the block,
   * `note` the text after the dash (it may name the command instead).
   */
  | {
      readonly format: "comment";
      readonly level: LevelWord;
      readonly note: Located | null;
      readonly next: Located | null;
      readonly at: Range;
    };

export interface SkillDoc {
  /** `name:` and `tool:` of the YAML frontmatter, when the document opens with one. */
  readonly frontmatter: { readonly name?: Located; readonly tool?: Located };
  readonly labels: readonly DocLabel[];
  /** The first word of each command line in the shell code blocks (the programs the skill runs). */
  readonly programs: readonly Located[];
}
