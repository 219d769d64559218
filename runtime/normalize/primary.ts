/**
 * The primary argument of a call (docs/reference/operations.md), as raw text before path resolution: bash → the command;
 * path tools → file_path ?? path ?? notebook_path; grep → the pattern; webfetch → the url; websearch → the
 * query; anything else → the canonical JSON of the input.
 */
import { canonicalText } from "../../core/index.ts";

export function str(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

/** The raw path a path tool names, or null (find/ls default to the cwd, handled by the caller). */
export function rawToolPath(input: Readonly<Record<string, unknown>>): string | null {
  return str(input["file_path"]) ?? str(input["path"]) ?? str(input["notebook_path"]);
}

export function canonicalJson(value: unknown): string {
  return canonicalText(value) ?? "null";
}

export function rawPrimary(tool: string, input: Readonly<Record<string, unknown>>): string | null {
  switch (tool) {
    case "bash":
      return str(input["command"]);
    case "grep":
      return str(input["pattern"]);
    case "webfetch":
      return str(input["url"]);
    case "websearch":
      return str(input["query"]);
    case "read":
    case "write":
    case "edit":
    case "find":
    case "ls":
      return rawToolPath(input);
    default:
      return canonicalJson(input);
  }
}
