/** Plans (docs/adr/0250): pattern steps checked as the compiler checks patterns, and calls matched to approved steps. */
export { openPlan, planStepOf, stepMatches } from "./match.ts";
export { compileStepPattern, literalPart, tooBroad, type StepPattern } from "./step-pattern.ts";
