/**
 * A permission pattern compiled once (WeakMap on the IR object, which lives as long as its policy): the tool
 * name test and the spec's matcher. Matching a call is then string work only.
 */
import { type Pattern, toolNameMatcher } from "../../compiler/index.ts";
import { assertNever, starGlob, type TextMatcher } from "../../core/index.ts";
import type { AccessMode } from "../operation/index.ts";
import { crossModes } from "./accesses.ts";
import { compileBashSpec } from "./bash-pattern.ts";
import { compilePathGlob, type CompiledPathGlob } from "./path-glob.ts";
import { compileDomain, compileUrlGlob, type CompiledUrlGlob, type HostMatcher } from "./url-pattern.ts";

export type CompiledSpec =
  /** A bare pattern: every call of the tool. */
  | { readonly kind: "any" }
  | { readonly kind: "bash"; readonly match: TextMatcher }
  /** `glob` for allow patterns (exact case); `anyCase` for deny and ask patterns and rules (docs/adr/0105). */
  | { readonly kind: "path"; readonly glob: CompiledPathGlob; readonly anyCase: CompiledPathGlob }
  | { readonly kind: "domain"; readonly host: HostMatcher }
  | { readonly kind: "url"; readonly url: CompiledUrlGlob }
  | { readonly kind: "json"; readonly match: TextMatcher };

export interface CompiledPattern {
  readonly pattern: Pattern;
  /** Whether the pattern's tool (a name or a glob, canonical lower case) names this canonical tool. */
  readonly tool: (name: string) => boolean;
  readonly spec: CompiledSpec;
  /** deny/ask reach into other tools' accesses of these modes (`read(...)` → reads anywhere); null: own tool only. */
  readonly crossModes: readonly AccessMode[] | null;
}

const compiled = new WeakMap<Pattern, CompiledPattern>();

export function compiledPattern(p: Pattern): CompiledPattern {
  let c = compiled.get(p);
  if (c === undefined) {
    c = {
      pattern: p,
      tool: toolNameMatcher(p.tool),
      spec: compileSpec(p),
      crossModes: p.spec?.kind === "path" ? crossModes(p.tool) : null,
    };
    compiled.set(p, c);
  }
  return c;
}

function compileSpec(p: Pattern): CompiledSpec {
  const spec = p.spec;
  if (spec === null) return { kind: "any" };
  switch (spec.kind) {
    case "bash":
      return { kind: "bash", match: compileBashSpec(spec) };
    case "path":
      return { kind: "path", glob: compilePathGlob(spec.glob), anyCase: compilePathGlob(spec.glob, { nocase: true }) };
    case "domain":
      return { kind: "domain", host: compileDomain(spec.domain) };
    case "url":
      return { kind: "url", url: compileUrlGlob(spec.glob) };
    case "json":
      return { kind: "json", match: starGlob(spec.glob) };
    default:
      return assertNever(spec, "pattern spec");
  }
}

export { GLOB_CHARS } from "../../compiler/index.ts";
