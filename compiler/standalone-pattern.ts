import type { Pattern } from "./ir.ts";
import { compilePattern } from "./lower-pattern.ts";
import { located, makeSource } from "./source.ts";

/**
 * A permission pattern from its text alone, as a rules file would compile it (any tool name accepted), or
 * null when it does not compile. For patterns the runtime builds: the "always" offer checks its own pattern
 * with the matcher that will apply it (docs/adr/0262).
 */
export function standalonePattern(text: string): Pattern | null {
  const r = compilePattern(located(text, makeSource("(pattern)", text), null), () => null);
  return r.diagnostics.some((d) => d.severity === "error") ? null : r.pattern;
}
