import { parseDocument } from "yaml";
import { diagnostic, type Diagnostic } from "../core/index.ts";
import { RULES_FILE, validate, type RulesFile } from "./schema/index.ts";
import { spanAt, type Source } from "./source.ts";

/** Parses one rules source (YAML, or JSON for RULEGATE_RULES_JSON) and validates its shape. */
export function loadRulesFile(source: Source): { config: RulesFile | null; diagnostics: readonly Diagnostic[] } {
  const doc = parseDocument(source.text, {
    keepSourceTokens: true,
    prettyErrors: false,
    uniqueKeys: true,
    strict: true,
  });
  const yamlErrors = doc.errors.map((e) => {
    const span = spanAt(source, { start: e.pos[0], end: Math.max(e.pos[0] + 1, e.pos[1]) });
    if (e.code === "DUPLICATE_KEY") return diagnostic("RG2008", span, { key: duplicateKey(source.text, e.pos[0]) });
    return diagnostic("RG2001", span, { detail: firstLine(e.message) });
  });
  // With syntax errors the tree is partial; schema errors on it would only repeat the same mistake.
  if (yamlErrors.length > 0) return { config: null, diagnostics: yamlErrors };
  const { value, diagnostics } = validate(RULES_FILE, doc, source);
  return { config: value ?? null, diagnostics };
}

function firstLine(message: string): string {
  const line = message.split("\n")[0] ?? message;
  return line.replace(/ at line \d+, column \d+:?$/, "").trim();
}

function duplicateKey(text: string, at: number): string {
  const m = /^[\w$.-]+|^"[^"]*"|^'[^']*'/.exec(text.slice(at));
  return m ? m[0].replace(/^["']|["']$/g, "") : "?";
}
