import { diagnostic, type Diagnostic } from "../core/index.ts";
import { didYouMean } from "./did-you-mean.ts";
import { contentHash } from "./hash.ts";
import { badGlob } from "./glob-check.ts";
import { toolCheck } from "./known-tools.ts";
import { IR_VERSION, type Pattern, type PathGlob, type Policy, type Rule } from "./ir.ts";
import { lintPatterns, unreachableRules } from "./lints.ts";
import { compilePattern } from "./lower-pattern.ts";
import { DEFAULTS_MARKER } from "./merge.ts";
import type { Merged } from "./merged.ts";
import { compileRules } from "./rules.ts";
import { compileSkills } from "./skills.ts";
import type { Located } from "./source.ts";
import { canonicalTool } from "./tool-names.ts";

/**
 * The effective configuration → IR: parse every pattern and expression, check names and types, run the
 * policy-wide checks, and hash the result. `hardDenyNames` are the checks the runtime implements.
 */
export function lowerPolicy(
  merged: Merged,
  hardDenyNames: readonly string[],
): { policy: Policy; compiledRules: ReadonlySet<Rule>; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const tools = toolCheck(merged);
  const patterns = (list: readonly Located<string>[]): Pattern[] =>
    list.flatMap((loc) => {
      if (loc.value === DEFAULTS_MARKER) {
        diagnostics.push(
          diagnostic("RG2010", loc.span, {
            value: DEFAULTS_MARKER,
            where: "paths.*, read_only_tools, hard_deny and classifier.* lists",
          }),
        );
        return [];
      }
      const r = compilePattern(loc, tools);
      diagnostics.push(...r.diagnostics);
      return r.pattern ? [r.pattern] : [];
    });
  const approve = patterns(merged.permissions.approve);
  const permissions = {
    deny: patterns(merged.permissions.deny),
    ask: patterns(merged.permissions.ask),
    allow: patterns(merged.permissions.allow),
    // Present only when some file names one: policies without it keep their IR and hash.
    ...(approve.length > 0 ? { approve } : {}),
  };
  diagnostics.push(...lintPatterns(permissions));

  const globs = (list: readonly Located<string>[]): PathGlob[] =>
    list.map((l) => {
      const bad = badGlob(l.value, l.span);
      if (bad !== null) diagnostics.push(bad);
      return { glob: l.value, span: l.span };
    });
  const known = (loc: Located<string>, name: string): boolean => {
    if (hardDenyNames.includes(name)) return true;
    const hint = didYouMean(name, hardDenyNames);
    diagnostics.push(
      diagnostic("RG5005", loc.span, { name }, hint ? { hint } : { hint: `known checks: ${hardDenyNames.join(", ")}` }),
    );
    return false;
  };
  const hardDeny = merged.hardDeny.filter((l) => known(l, l.value)).map((l) => l.value);
  for (const r of merged.hardDenyRemovals) known(r, r.value.slice(1));
  for (const t of merged.readOnlyTools) {
    const unknown = tools(t.value, t.span);
    if (unknown !== null) diagnostics.push(unknown);
  }
  const levels = { plan: merged.levels.plan, act: merged.levels.act };
  const rules = compileRules(merged, tools);
  diagnostics.push(...rules.diagnostics);
  diagnostics.push(...unreachableRules(rules.rules, { permissions, levels }));
  const skills = compileSkills(merged);
  diagnostics.push(...skills.diagnostics);
  const texts = (list: readonly Located<string>[]) => list.map((l) => l.value);

  const body: Omit<Policy, "hash"> = {
    version: IR_VERSION,
    settings: merged.settings,
    sandbox: merged.sandbox === null ? null : { directories: globs(merged.sandbox) },
    permissions,
    paths: {
      protected: globs(merged.paths.protected),
      credentials: globs(merged.paths.credentials),
      workspace: globs(merged.paths.workspace),
    },
    readOnlyTools: [...new Set(merged.readOnlyTools.map((t) => canonicalTool(t.value)))],
    hardDeny,
    levels,
    skills: skills.skills,
    classifier: {
      enabled: merged.classifier.enabled,
      environment: texts(merged.classifier.environment),
      allow: texts(merged.classifier.allow),
      softDeny: texts(merged.classifier.softDeny),
      hardDeny: texts(merged.classifier.hardDeny),
    },
    rules: rules.rules,
  };
  const { version, ...rest } = body;
  return { policy: { version, hash: contentHash(body), ...rest }, compiledRules: rules.compiled, diagnostics };
}
