/**
 * `npm run docs`: regenerates the reference pages derived from code (today docs/reference/hard-deny.md; the
 * diagnostics page and the grammar diagrams are written by `npm run goldens`). Review the result as a diff.
 */
import { hardDenyPage } from "./docs/hard-deny-page.ts";
import { writeGenerated } from "./write-generated.ts";

writeGenerated([hardDenyPage()]);
