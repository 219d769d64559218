/** Rule examples checked against the runtime's own derivation (docs/adr/0002). */
export { checkExamples, hasExamples } from "./check.ts";
