/**
 * An HTTP DELETE asked of any API client (docs/adr/0481): `glab api -X DELETE projects/1/repository/branches/main`,
 * `hub api --method=DELETE repos/o/r`, `tea api -XDELETE …`. curl, wget, httpie and gh know it already; every
 * other forge or cloud CLI with a raw API mode spells the method the same few ways, so the method itself decides:
 * a DELETE removes what the URL names, as `curl -X DELETE` does (docs/adr/0305).
 */
import type { SimpleCommand } from "../shell/index.ts";

/** Options whose value is the HTTP method: curl's `-X`/`--request`, the forge CLIs' `--method`. */
const METHOD_OPTIONS: ReadonlySet<string> = new Set(["-X", "--request", "--method"]);

/** The method option as written when it asks for DELETE (`-X DELETE`, `-XDELETE`, `--method=delete`), or null. */
export function deleteRequest(cmd: SimpleCommand): string | null {
  const args = cmd.args;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const eq = a.indexOf("=");
    const [option, value] = METHOD_OPTIONS.has(a)
      ? [a, args[i + 1]]
      : eq > 0 && METHOD_OPTIONS.has(a.slice(0, eq))
        ? [a.slice(0, eq), a.slice(eq + 1)]
        : a.startsWith("-X") && !a.startsWith("--")
          ? ["-X", a.slice(2)]
          : [a, undefined];
    if (value?.toUpperCase() === "DELETE") return `${option} ${value}`;
  }
  return null;
}
