import { ownEntry } from "../core/index.ts";
import { fileURLToPath } from "node:url";

/**
 * Where the built-in rule sets live: files of rulegate's own package. A module of its own, without the
 * compiler's parsers, because the runtime protects these files too (runtime/stages/policy-files.ts) and the
 * hook must not load YAML or Chevrotain to know a path.
 */
export const BUILTIN_FILE = fileURLToPath(new URL("../rules/builtin/defaults.yaml", import.meta.url));
export const BUILTIN_SETS: Readonly<Record<string, string>> = { defaults: BUILTIN_FILE };
export const BUILTIN_LABEL = "builtin:defaults";

/** The file a built-in rule set is read from (`builtin:defaults` → …/rules/builtin/defaults.yaml), or null. */
export function builtinRuleFile(label: string): string | null {
  return label.startsWith("builtin:") ? (ownEntry(BUILTIN_SETS, label.slice("builtin:".length)) ?? null) : null;
}
