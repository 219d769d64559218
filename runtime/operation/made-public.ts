/**
 * A visibility change to public, by any program (docs/adr/0552). Forges and registries share the words: `gh repo
 * edit --visibility public`, `glab repo edit --visibility public`, `tea repo edit --visibility public`, `gitlab
 * project update --visibility=internal`, `hut … --visibility public`, `--private=false`. What a repository, a project
 * or a snippet held privately is readable by everyone from then on, and the copies taken meanwhile stay taken.
 * `--visibility private`, a read of the setting (`gh repo view --json visibility`) and a listing filtered by it
 * (`gh repo list --visibility public`) change nothing public. A forge's API call says the same in a field (`gh api
 * -X PATCH repos/o/r -f visibility=public`, `glab api -X PUT projects/x -f visibility=public`, `-F private=false`):
 * docs/adr/0671.
 */
import type { SimpleCommand } from "../shell/index.ts";

/** The visibility values that open to more than the owner's members: everyone, or the whole instance. */
const OPENED = /^(?:public|internal)$/i;
const PRIVATE_OFF = /^(?:false|no|0|off)$/i;
/** Options of the forges' API clients (`gh api`, `glab api`) whose value is a request field `key=value`. */
const FIELD_OPTIONS: ReadonlySet<string> = new Set(["-f", "-F", "--field", "--raw-field"]);
/** Subcommands that take `--visibility` as a filter of what they show: `gh repo list --visibility public`. */
const FILTERS: ReadonlySet<string> = new Set(["list", "ls", "search", "view", "show", "get", "find", "query"]);
/** Subcommands that change what they name. */
const CHANGES: ReadonlySet<string> = new Set([
  "edit",
  "update",
  "create",
  "new",
  "set",
  "change",
  "patch",
  "modify",
  "transfer",
  "fork",
  "rename",
  "archive",
  "unarchive",
  "import",
  "mirror",
]);

/** The words that make something public, as written; null when none. */
export function madePublic(cmd: SimpleCommand): string | null {
  const args = cmd.args;
  // Only the subcommand words before the first option count (a value, `--description list`, is no verb), and not
  // beside a verb that changes something (`glab repo edit show --visibility public` edits a repository named show).
  const lead = args.findIndex((a) => a.startsWith("-"));
  const verbs = lead < 0 ? args : args.slice(0, lead);
  if (verbs.some((a) => FILTERS.has(a)) && !verbs.some((a) => CHANGES.has(a))) return null;
  const reads = args.some((a, i) => /^(?:-X|--method)$/.test(a) && /^(?:GET|HEAD)$/i.test(args[i + 1] ?? ""));
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const eq = a.indexOf("=");
    const name = eq === -1 ? a : a.slice(0, eq);
    const value = eq === -1 ? args[i + 1] : a.slice(eq + 1);
    if (value === undefined) continue;
    if (name === "--visibility" && OPENED.test(value)) return `--visibility ${value}`;
    if (name === "--private" && eq !== -1 && PRIVATE_OFF.test(value)) return `--private=${value}`;
    // `gh api -X GET user/repos -f visibility=public` lists: a GET's fields are its query.
    if (FIELD_OPTIONS.has(name) && !reads) {
      const field = /^(visibility|private)=(.*)$/i.exec(value);
      const key = field?.[1]?.toLowerCase();
      if (key === "visibility" && OPENED.test(field?.[2] ?? "")) return `${name} ${value}`;
      if (key === "private" && PRIVATE_OFF.test(field?.[2] ?? "")) return `${name} ${value}`;
    }
  }
  return null;
}
