import { codedDiagnostic, type Diagnostic } from "../core/index.ts";
import type { SyntaxError } from "../grammar/index.ts";
import { valueSpan } from "./scalar-map.ts";
import type { Located } from "./source.ts";

/** Grammar errors carry offsets into the parsed string; here they land on file:line:col of the YAML. */
export function syntaxDiagnostics(errors: readonly SyntaxError[], loc: Located<string>): Diagnostic[] {
  return errors.map((e) => codedDiagnostic(e, valueSpan(loc, e.at), e.hint === undefined ? {} : { hint: e.hint }));
}
