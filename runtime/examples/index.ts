/** Rule examples and registry labels checked against the runtime's own derivation (docs/adr/0002, 0112). */
export { checkExamples, hasExamples } from "./check.ts";
export { checkLabels } from "./labels.ts";
