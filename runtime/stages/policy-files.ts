import { isAbsolute } from "node:path";
import { builtinRuleFile, type Policy } from "../../compiler/index.ts";
import { memoByObject } from "../../core/index.ts";

/**
 * The files a policy was compiled from, read off the source spans of its IR: the rules file given with
 * `--policy`, the config sources, the files they `extends:`. An agent must not edit the rules in force
 * unreviewed wherever they live (SPEC: security posture), not only under `.rulegate/`. A built-in source
 * (`builtin:defaults`) is the file of rulegate's own package it was read from: editing it weakens every policy
 * on the machine. Relative names have no path to protect here.
 */
export const policyFiles: (policy: Policy) => readonly string[] = memoByObject((policy) => {
  const files = new Set<string>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) for (const x of v) visit(x);
    else if (typeof v === "object" && v !== null) {
      const file = (v as { file?: unknown }).file;
      if (typeof file === "string") {
        const path = isAbsolute(file) ? file : builtinRuleFile(file);
        if (path !== null) files.add(path);
      }
      for (const x of Object.values(v)) if (typeof x === "object") visit(x);
    }
  };
  visit(policy);
  return [...files];
});
