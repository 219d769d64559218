/**
 * allow semantics (docs/reference/patterns.md; step 4 of docs/explanation/decision-order.md): the patterns that together allow the whole call, or null. An allow
 * covers only calls of its own tool and only what it can see: every simple command of a bash call, every
 * path a path tool touches (as resolved: a symlink inside an allowed tree that leads out of it is not
 * allowed), the parsed URL of a fetch. Anything uncertain is never allowed.
 */
import { type Pattern, isPathTool } from "../../compiler/index.ts";
import type { Operation } from "../operation/index.ts";
import { accessesOf, normalDir, uncertain } from "./accesses.ts";
import { bashAllows, failsClosed } from "./bash-pattern.ts";
import { pathMatches } from "./path-glob.ts";
import { compiledPattern, type CompiledPattern } from "./tool-pattern.ts";
import { asciiHost, hostOf, urlAllows } from "./url-pattern.ts";

export function allowedBy(patterns: readonly Pattern[], op: Operation, home: string): Pattern[] | null {
  const own: CompiledPattern[] = [];
  for (const p of patterns) {
    const c = compiledPattern(p);
    if (c.tool(op.tool)) own.push(c);
  }
  if (own.length === 0) return null;
  if (op.tool === "bash") return bashAllowed(own, op);
  const bare = own.find((c) => c.spec.kind === "any");
  if (bare !== undefined) return [bare.pattern];
  if (isPathTool(op.tool)) return pathAllowed(own, op, home);
  for (const c of own) if (singleAllows(c, op)) return [c.pattern];
  return null;
}

function bashAllowed(own: readonly CompiledPattern[], op: Operation): Pattern[] | null {
  // No command string, or one the analysis cannot vouch for: not even a bare `bash` allows it (docs/reference/patterns.md).
  if (op.shell === null || failsClosed(op.shell)) return null;
  // A path whose value is unknown here may be anything, a credential included: no pattern vouches for it.
  if (accessesOf(op).some(uncertain)) return null;
  const bare = own.find((c) => c.spec.kind === "any");
  if (bare !== undefined) return [bare.pattern];
  const candidates: { pattern: Pattern; match: (text: string) => boolean }[] = [];
  for (const c of own) if (c.spec.kind === "bash") candidates.push({ pattern: c.pattern, match: c.spec.match });
  return candidates.length === 0 ? null : bashAllows(op.shell, candidates);
}

/** Every access of the call matched, on its resolved path, by some path pattern of this tool. */
function pathAllowed(own: readonly CompiledPattern[], op: Operation, home: string): Pattern[] | null {
  const accesses = accessesOf(op);
  if (accesses.length === 0) return null;
  const h = normalDir(home);
  const cwd = normalDir(op.call.cwd);
  const used: Pattern[] = [];
  for (const a of accesses) {
    if (uncertain(a)) return null;
    const hit = own.find((c) => c.spec.kind === "path" && pathMatches(c.spec.glob, a.path, h, cwd));
    if (hit === undefined) return null;
    if (!used.includes(hit.pattern)) used.push(hit.pattern);
  }
  return used;
}

/** webfetch and other tools: one pattern covers the call's one URL or primary argument. */
function singleAllows(c: CompiledPattern, op: Operation): boolean {
  const spec = c.spec;
  switch (spec.kind) {
    case "domain": {
      const host = op.host !== null ? asciiHost(op.host) : op.url === null ? null : hostOf(op.url);
      return host !== null && host !== "" && spec.host(host);
    }
    case "url":
      return op.url !== null && urlAllows(spec.url, op.url);
    case "json":
      return spec.match(op.primary);
    case "any":
    case "bash":
    case "path":
      // bare patterns were taken earlier; bash and path specs cannot describe another tool's call.
      return false;
  }
}
