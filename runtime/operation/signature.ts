/**
 * The signature of an action (docs/reference/operations.md): `sha256:` of the canonical JSON of what changes what happens. bash:
 * the command with blanks and the quoting of literal words normalized (read off the syntax tree, docs/adr/0042),
 * never `description`, `timeout` or `run_in_background`; path tools: the resolved path and the other fields,
 * with written content replaced by its hash; unknown tools: every field.
 */
import { hash } from "node:crypto";
import { canonicalJson } from "../normalize/index.ts";

const NOT_ACTION: ReadonlySet<string> = new Set(["description", "timeout", "run_in_background"]);
const PATH_FIELDS: ReadonlySet<string> = new Set(["file_path", "path", "notebook_path"]);
const CONTENT_FIELDS: ReadonlySet<string> = new Set(["content", "new_source"]);

export function sha256(text: string): string {
  return hash("sha256", text, "hex");
}

export function actionSignature(
  tool: string,
  input: Readonly<Record<string, unknown>>,
  known: { readonly command?: string; readonly path?: string | null },
): string {
  let action: Record<string, unknown>;
  // Keys in code-unit order, so the canonical text takes its fast path.
  if (known.command !== undefined) action = { command: known.command, tool };
  else if (known.path !== undefined) {
    const rest: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(input)) {
      if (PATH_FIELDS.has(k) || NOT_ACTION.has(k)) continue;
      rest[k] = CONTENT_FIELDS.has(k) && typeof v === "string" ? `sha256:${sha256(v)}` : v;
    }
    action = { input: rest, path: known.path, tool };
  } else action = { input, tool };
  return `sha256:${sha256(canonicalJson(action))}`;
}
