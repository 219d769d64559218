/**
 * `tsx scripts/grammar-artifacts.ts`: regenerates the grammar's derived files (CST types, railroad
 * diagrams) from the parsers; `npm run goldens` calls it. Review the result as a diff.
 */
import { grammarArtifacts } from "../grammar/artifacts.ts";
import { writeGenerated } from "./write-generated.ts";

writeGenerated(grammarArtifacts());
