/**
 * The command lines a YAML file holds under some keys, read as YAML (docs/adr/0798): a flow sequence
 * (`cmds: [npm test, "go vet ./..."]`), quoted scalars, `- cmd: …` mappings and block scalars (`run: |`) are the
 * same commands as the block-style `cmds:\n  - npm test`. A text that is not one YAML document is null: the caller
 * keeps the reading it has for fragments, which leaves what it cannot read unreadable.
 */
import { parseDocument } from "yaml";

/** The parsed value of a text that is exactly one YAML document without errors, or undefined. */
export function yamlValue(text: string): { readonly value: unknown } | undefined {
  // Several documents are an error here too; a billion-laughs alias bomb throws in toJS.
  const doc = parseDocument(text, { logLevel: "error", prettyErrors: false });
  if (doc.errors.length > 0) return undefined;
  try {
    return { value: doc.toJS() as unknown };
  } catch {
    return undefined;
  }
}

/** A scalar a runner would hand to its shell, as text; null and mappings are not commands. */
const scalarText = (v: unknown): string | null =>
  typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : null;

/**
 * Every value under one of `keys`, wherever it sits in `value`: a scalar is a command, a sequence is one command
 * per scalar item, and mappings (in a sequence or not) are searched for the keys again.
 */
export function commandsIn(value: unknown, keys: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const listed = (v: unknown): void => {
    const s = scalarText(v);
    if (s !== null) out.push(s);
    else if (Array.isArray(v)) for (const x of v) listed(x);
    else walk(v);
  };
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) for (const x of v) walk(x);
    if (v === null || typeof v !== "object" || Array.isArray(v)) return;
    for (const [k, x] of Object.entries(v)) (keys.has(k) ? listed : walk)(x);
  };
  walk(value);
  return out;
}

/**
 * The commands under `keys` in a YAML text (commandsIn), or null when it is not one YAML document of a mapping or
 * a sequence: a fragment (`yq`'s `.a.entry = "…"`, a sed edit's text) is often a valid plain scalar.
 */
export function yamlCommands(text: string, keys: ReadonlySet<string>): string[] | null {
  const parsed = yamlValue(text);
  if (parsed === undefined || parsed.value === null || typeof parsed.value !== "object") return null;
  return commandsIn(parsed.value, keys);
}
