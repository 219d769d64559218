/**
 * deny/ask semantics of one permission pattern (docs/reference/patterns.md): does the call fall under it? Everything the
 * analysis cannot vouch for counts as a hit (fail closed): an unanalysable command for bash patterns, an
 * uncertain path for path patterns, an unknown host for domain patterns.
 */
import type { Pattern } from "../../compiler/index.ts";
import type { Operation } from "../operation/index.ts";
import { accessesOf, accessMatches, normalDir, uncertain } from "./accesses.ts";
import { bashHits } from "./bash-pattern.ts";
import type { CompiledPathGlob } from "./path-glob.ts";
import { compiledPattern, type CompiledPattern } from "./tool-pattern.ts";
import { asciiHost, hostOf, urlHits } from "./url-pattern.ts";
import { assertNever } from "../../core/index.ts";

export function patternHits(p: Pattern, op: Operation, home: string): boolean {
  const c = compiledPattern(p);
  const own = c.tool(op.tool);
  const spec = c.spec;
  switch (spec.kind) {
    case "any":
      return own;
    case "bash":
      // A bash call without a command string has nothing to vouch for it.
      return own && (op.shell === null || bashHits(spec.match, op.shell));
    case "path":
      // Deny and ask patterns (and rules) hit other cases of the same names: the same files on macOS and Windows.
      if (own) return pathHits(spec.anyCase, null, op, home);
      return c.crossModes !== null && pathHits(spec.anyCase, c.crossModes, op, home);
    case "domain":
      return hostsOf(c, own, op).some((h) => h === null || spec.host(h));
    case "url":
      if (own) return op.url === null || urlHits(spec.url, op.url);
      return reachesUrls(c, op) && op.urls.some((u) => urlHits(spec.url, u));
    case "json":
      return own && spec.match(op.primary);
    default:
      return assertNever(spec, "pattern spec");
  }
}

/**
 * A path pattern hits its own tool's calls on any access; `read(...)`, `write(...)`, `edit(...)` also hit
 * other tools' accesses of their modes (`read(~/.ssh/**)` denies `cat ~/.ssh/id_rsa` and Grep there).
 * `modes`: null for the pattern's own tool (every access), else the modes it reaches in other tools.
 */
function pathHits(glob: CompiledPathGlob, modes: CompiledPattern["crossModes"], op: Operation, home: string): boolean {
  const h = normalDir(home);
  const cwd = normalDir(op.call.cwd);
  for (const a of accessesOf(op)) {
    if (modes !== null && !modes.includes(a.mode)) continue;
    if (uncertain(a) || accessMatches(glob, a, h, cwd)) return true;
  }
  return false;
}

/** webfetch patterns reach the call's own URL, and (deny/ask) every host another tool's call reaches. */
function reachesUrls(c: CompiledPattern, op: Operation): boolean {
  return c.pattern.tool === "webfetch" && op.urls.length > 0;
}

/** The hosts a domain pattern is tested on; null for a URL whose host cannot be read (a hit). */
function hostsOf(c: CompiledPattern, own: boolean, op: Operation): readonly (string | null)[] {
  if (own) return [op.host !== null ? asciiHost(op.host) : op.url === null ? null : hostOf(op.url)];
  return reachesUrls(c, op) ? op.urls.map(hostOf) : [];
}
