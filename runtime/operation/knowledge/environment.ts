/**
 * The commands that print the environment (docs/adr/0328). Given names they print those (a secret-looking name is
 * credential-read's); given none they print every variable, tokens and keys among them, into the transcript the
 * model provider and the logs keep. That dump is SECURITY: asked, approvable, not a hard deny (ADR 0098).
 */
import { GIT_PROGRAM_ENV, HARMLESS_VALUE } from "./git.ts";
import { fx, type Program, type Rule } from "./types.ts";

const INFO = fx("READ", [], "shell");
const DUMP = fx("SECURITY", ["credential_access"], "environment");
/** The whole environment printed, by whatever program prints it (jq's `env`, docs/adr/0648). */
export const ENVIRONMENT_DUMP = DUMP;
/**
 * `export GIT_EXTERNAL_DIFF=/tmp/evil; git diff`: the variable names the program every later git runs, as
 * `GIT_EXTERNAL_DIFF=… git diff` does (docs/adr/0326); a usual pager or editor (`export GIT_PAGER=cat`) is not.
 */
const EXPORTS_GIT_PROGRAM: Rule = {
  text: new RegExp(`^(?:${GIT_PROGRAM_ENV.source})=(?!${HARMLESS_VALUE.source.slice(1, -1)}$)`),
  then: fx("SECURITY", ["execute"], "git", "config", "runs-program"),
};
/** Nothing named: the whole environment (`env`, `env -0`, `printenv`, `export -p`, `declare -x`, `set`). */
const WHOLE: Rule = { bare: true, notFlag: ["-f", "-F", "--help", "--version"], then: DUMP };

export const ENVIRONMENT: readonly Program[] = [
  {
    names: ["env", "export", "declare", "typeset"],
    base: INFO,
    rules: [WHOLE, EXPORTS_GIT_PROGRAM],
    paths: {},
  },
  // A name known only at run time (`printenv "$v"` in a loop over `compgen -e`) may be any variable (ADR 0431).
  { names: ["printenv"], base: INFO, rules: [WHOLE, { unknownValue: ["(operand)"], then: DUMP }], paths: {} },
  // `set -euo pipefail` changes shell options; `set -- a b` sets the arguments; only a bare `set` prints.
  {
    names: ["set"],
    base: INFO,
    rules: [{ bare: true, notFlag: ["-e", "-u", "-x", "-o", "-v", "-n", "--"], then: DUMP }],
    paths: {},
  },
];
