/**
 * The commands that print the environment (docs/adr/0328). Given names they print those (a secret-looking name is
 * credential-read's); given none they print every variable, tokens and keys among them, into the transcript the
 * model provider and the logs keep. That dump is SECURITY: asked, approvable, not a hard deny (ADR 0098).
 */
import { fx, type Program, type Rule } from "./types.ts";

const INFO = fx("READ", [], "shell");
const DUMP = fx("SECURITY", ["credential_access"], "environment");
/** Nothing named: the whole environment (`env`, `env -0`, `printenv`, `export -p`, `declare -x`, `set`). */
const WHOLE: Rule = { bare: true, notFlag: ["-f", "-F", "--help", "--version"], then: DUMP };

export const ENVIRONMENT: readonly Program[] = [
  { names: ["env", "printenv", "export", "declare", "typeset"], base: INFO, rules: [WHOLE], paths: {} },
  // `set -euo pipefail` changes shell options; `set -- a b` sets the arguments; only a bare `set` prints.
  {
    names: ["set"],
    base: INFO,
    rules: [{ bare: true, notFlag: ["-e", "-u", "-x", "-o", "-v", "-n", "--"], then: DUMP }],
    paths: {},
  },
];
