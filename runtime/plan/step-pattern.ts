/**
 * A pattern plan step (docs/adr/0250): a permission pattern where the exact arguments are not known in advance,
 * `bash(kubectl rollout restart deploy/web*)`. The compiler's pattern checks apply (syntax, a known tool, a
 * glob picomatch reads as written), and the step must be narrower than any call of one program: `bash(*)`,
 * `bash(kubectl *)`, `write(**)` are refused with RG6010.
 */
import { diagnostic, type Diagnostic } from "../../core/index.ts";
import {
  type Pattern,
  compilePattern,
  matchesEverything,
  located,
  makeSource,
  isPathTool,
} from "../../compiler/index.ts";

export type StepPattern =
  | { readonly ok: true; readonly pattern: Pattern }
  | { readonly ok: false; readonly diagnostic: Diagnostic };

/** Wildcards: a bash spec knows only `*` (docs/reference/patterns.md); paths and URLs are globs. */
const STAR = /\*/;
const GLOB = /[*?[{]/;

export function compileStepPattern(text: string, where: string): StepPattern {
  const source = makeSource(where, text);
  const { pattern, diagnostics } = compilePattern(located(text, source, null));
  const error = diagnostics.find((d) => d.severity === "error");
  if (pattern === null || error !== undefined) {
    const d = error ?? diagnostics[0];
    if (d === undefined) throw new Error(`pattern '${text}' did not compile and said nothing`);
    return { ok: false, diagnostic: d };
  }
  const what = tooBroad(pattern);
  if (what === null) return { ok: true, pattern };
  return { ok: false, diagnostic: diagnostic("RG6010", pattern.span, { text: pattern.text, what }) };
}

/** What a pattern covers when that is more than one program's calls of one kind, or null. */
export function tooBroad(p: Pattern): string | null {
  const spec = p.spec;
  if (spec === null || matchesEverything(p)) return `every ${p.tool} call`;
  switch (spec.kind) {
    case "bash": {
      const words = literalPart(spec.glob, STAR)
        .trim()
        .split(/\s+/)
        .filter((w) => w !== "");
      const exact = !spec.prefix && !STAR.test(spec.glob);
      if (exact && words.length > 0) return null;
      if (words.length < 2) return words.length === 0 ? "any program" : `any call of ${words[0]}`;
      return null;
    }
    case "path": {
      if (!isPathTool(p.tool)) return null;
      const dir = literalPart(spec.glob).replace(/^(~\/?|\.\/|\/)+/, "");
      return dir === "" ? "any path" : null;
    }
    case "url":
      return /^[a-z]+:\/\/[^/*?]+/i.test(literalPart(spec.glob)) ? null : "any host";
    case "domain":
      return spec.domain.startsWith("*") ? "any host" : null;
    case "json":
      return literalPart(spec.glob) === "" ? `every ${p.tool} call` : null;
  }
}

/** The text of a glob before its first wildcard. */
export function literalPart(glob: string, wildcard: RegExp = GLOB): string {
  const at = glob.search(wildcard);
  return at === -1 ? glob : glob.slice(0, at);
}
